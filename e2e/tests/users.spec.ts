import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { asAdmin, call, createOrganization, createOrganizationWithUsers, getRecord } from '../support/api.js';
import { saveButton } from '../support/console.js';
import {
  accountMenu,
  chooseOption,
  dataRows,
  expect,
  heading,
  rowOf,
  signIn,
  submitSignInForm,
  teamTest,
  adminTeamTest as test,
  toast,
  totalText,
} from '../support/fixtures.js';

const nameInput = (page: Page) => page.getByLabel('Name', { exact: true });
const displayNameInput = (page: Page) => page.getByLabel('Display name', { exact: true });
// Each button is shown above and below the form.
const setPasswordButton = (page: Page) => page.getByRole('button', { name: 'Password: Set password' });

/** The user name in the address of an edit page. */
const userOfUrl = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');

test("a global admin's user list shows the users of every organization", async ({ page, team }) => {
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeEnabled();

  await page.goto(`/users?field=owner&value=${team.org}`);
  await expect(totalText(page, 2)).toBeVisible();
  await expect(rowOf(page, 'boss')).toBeVisible();
  await expect(rowOf(page, 'worker')).toBeVisible();

  // Other tests add users to built-in: the oldest first, where the seeded admin stands.
  await page.goto('/users?field=owner&value=built-in&sortField=createdTime&sortOrder=ascend');
  await expect(rowOf(page, 'admin')).toBeVisible();
  // Neither the built-in admin nor the signed-in account can be deleted.
  await expect(rowOf(page, 'admin').getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test("Add in an organization's user list creates a user there and opens it as New User", async ({ page, team }) => {
  await page.goto(`/organizations/${team.org}/users`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${team.org}/user_[a-z0-9]{6}\\?mode=add$`));
  const name = userOfUrl(page);
  await expect(heading(page, 'New User')).toBeVisible();
  await expect(page.getByTitle(team.org, { exact: true })).toBeVisible();
  await expect(displayNameInput(page)).toHaveValue(/^New User - [a-z0-9]{6}$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`${name}@example.com`);

  await displayNameInput(page).fill('Newcomer');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  // Saved, it is no longer a placeholder.
  await expect(page).toHaveURL(`/users/${team.org}/${name}`);
  await expect(heading(page, 'Edit User')).toBeVisible();
  expect(await getRecord('user', team.org, name)).toMatchObject({ displayName: 'Newcomer', tag: 'staff', isAdmin: false });
});

test("Cancel in add mode deletes the new user and returns to the organization's user list", async ({ page, team }) => {
  await page.goto(`/organizations/${team.org}/users`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(heading(page, 'New User')).toBeVisible();
  const name = userOfUrl(page);

  await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  await expect(page).toHaveURL(`/organizations/${team.org}/users`);
  await expect(totalText(page, 2)).toBeVisible();
  expect(await getRecord('user', team.org, name)).toBeNull();
});

test('editing the display name saves it and stays on the user', async ({ page, team }) => {
  await page.goto(`/users/${team.org}/worker`);
  await expect(heading(page, 'Edit User')).toBeVisible();
  await displayNameInput(page).fill('Worker Bee');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/users/${team.org}/worker`);
  expect((await getRecord('user', team.org, 'worker')).displayName).toBe('Worker Bee');
});

test('renaming a user follows the new route; the password waits for the rename to be saved', async ({ page, team }) => {
  await page.goto(`/users/${team.org}/worker`);
  await expect(setPasswordButton(page)).toBeEnabled();
  await nameInput(page).fill('worker2');
  await expect(setPasswordButton(page)).toBeDisabled();

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/users/${team.org}/worker2`);
  await expect(setPasswordButton(page)).toBeEnabled();
  expect(await getRecord('user', team.org, 'worker')).toBeNull();
  expect(await getRecord('user', team.org, 'worker2')).not.toBeNull();
});

test('Set password checks both entries, and the user then signs in with the new password', async ({ page, team, browser }) => {
  await page.goto(`/users/${team.org}/worker`);
  await setPasswordButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Set password' });
  const ok = dialog.getByRole('button', { name: 'OK' });

  await ok.click();
  await expect(toast(page, 'Empty input!')).toBeVisible();

  await dialog.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
  await dialog.getByLabel('Re-enter new password', { exact: true }).fill('fresh-pass-2');
  await expect(dialog.getByText('Your confirmed password is inconsistent with the password!')).toBeVisible();
  await ok.click();
  await expect(toast(page, 'Two passwords you typed do not match.')).toBeVisible();

  await dialog.getByLabel('Re-enter new password', { exact: true }).fill('fresh-pass-1');
  await ok.click();
  await expect(toast(page, 'Password set successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A context made in a test inherits the test's options, the admin's saved session included.
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const userPage = await fresh.newPage();
  await userPage.goto(`/login/${team.org}`);
  await submitSignInForm(userPage, 'worker', 'fresh-pass-1');
  await expect(userPage).toHaveURL('/apps');
  await expect(accountMenu(userPage)).toHaveAccessibleName('Account menu of Worker');
  await fresh.close();
});

test('Delete asks for confirmation and removes the user', async ({ page, team }) => {
  await page.goto(`/organizations/${team.org}/users`);
  await rowOf(page, 'worker').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Sure to delete: worker ?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(rowOf(page, 'worker')).toHaveCount(0);
  await expect(totalText(page, 1)).toBeVisible();
  expect(await getRecord('user', team.org, 'worker')).toBeNull();
});

teamTest("an organization admin's user list holds only their organization's users", async ({ page, team }) => {
  await createOrganizationWithUsers('other');
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(totalText(page, 2)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(2);
  await expect(dataRows(page).filter({ hasNot: page.getByRole('link', { name: team.org, exact: true }) })).toHaveCount(0);
  // Their own account cannot be deleted; the other user can.
  await expect(rowOf(page, 'boss').getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(rowOf(page, 'worker').getByRole('button', { name: 'Delete' })).toBeEnabled();
});

teamTest("an organization admin cannot open another organization's user", async ({ page, team }) => {
  const other = await createOrganizationWithUsers('other');
  await signIn(page, team.admin.name, team.admin.password, team.org);

  // A user that does not exist or may not be seen goes to /404, which says so.
  const userNotFound = 'Sorry, the user you visited does not exist or you are not authorized to access this user.';
  await page.goto(`/users/${other.org}/worker`);
  await expect(page).toHaveURL('/404');
  await expect(heading(page, '404 NOT FOUND')).toBeVisible();
  await expect(page.getByText(userNotFound, { exact: true })).toBeVisible();
  await expect(displayNameInput(page)).toHaveCount(0);

  await page.goto(`/users/${team.org}/nobody`);
  await expect(page).toHaveURL('/404');
  await expect(page.getByText(userNotFound, { exact: true })).toBeVisible();
});

teamTest('an ordinary user gets 403 on /users and edits their own display name on My Account', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/users');
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
  await expect(
    page.getByText('Sorry, you do not have permission to access this page or logged in status invalid.', { exact: true }),
  ).toBeVisible();

  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await expect(nameInput(page)).toBeDisabled();
  await displayNameInput(page).fill('Worker Renamed');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Worker Renamed');
  expect((await getRecord('user', team.org, 'worker')).displayName).toBe('Worker Renamed');
});

test('an organization’s users go out as .xlsx and come back into another organization', async ({ page, team }) => {
  await page.goto(`/organizations/${team.org}/users`);
  await expect(heading(page, `Users of ${team.org}`)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export (.xlsx)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users-${team.org}.xlsx`);
  const exported = fs.readFileSync(await download.path());

  const copy = await createOrganization('copy');
  await page.goto(`/organizations/${copy}/users`);
  await expect(heading(page, `Users of ${copy}`)).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload (.xlsx)' }).click();
  // Anything but a workbook is refused before it is sent.
  await (await chooser).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('name\nzoe\n') });
  await expect(toast(page, 'Only .xlsx files can be uploaded')).toBeVisible();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload (.xlsx)' }).click();
  await (await again).setFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: exported,
  });
  await expect(toast(page, 'Users uploaded successfully, refreshing the page')).toBeVisible();
  await expect(rowOf(page, 'boss')).toBeVisible();
  await expect(rowOf(page, 'worker')).toBeVisible();
  expect(await getRecord('user', copy, 'worker')).toMatchObject({ displayName: 'Worker' });
});

test('a user joins groups picked from the organization’s, at most one of them physical', async ({ page, team }) => {
  await asAdmin(async (api) => {
    await call(api, '/api/add-group', { owner: team.org, name: 'site-north', displayName: 'North site', type: 'Physical' });
    await call(api, '/api/add-group', { owner: team.org, name: 'site-south', displayName: 'South site', type: 'Physical' });
    await call(api, '/api/add-group', { owner: team.org, name: 'readers', displayName: 'Readers', type: 'Virtual' });
  });
  await page.goto(`/users/${team.org}/worker`);
  const groups = page.getByRole('combobox', { name: 'Groups' });
  await groups.click();
  await chooseOption(page, 'North site');
  await groups.fill('read');
  await chooseOption(page, 'Readers');
  await groups.fill('south');
  await chooseOption(page, 'South site');
  await expect(toast(page, 'You can only select one physical group')).toBeVisible();
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getRecord('user', team.org, 'worker'))?.groups).toEqual([`${team.org}/site-north`, `${team.org}/readers`]);
});

test('the user page lists the roles and permissions the user holds, through a group too, each a link', async ({ page, team }) => {
  await asAdmin(async (api) => {
    await call(api, '/api/add-group', { owner: team.org, name: 'auditors', displayName: 'Auditors', type: 'Virtual' });
    const worker = (await call(api, '/api/get-user', undefined, { id: `${team.org}/worker` })).data;
    await call(api, '/api/update-user', { ...worker, groups: [`${team.org}/auditors`] }, { id: `${team.org}/worker` });
    await call(api, '/api/add-role', {
      owner: team.org,
      name: 'viewer',
      displayName: 'Viewer',
      users: [`${team.org}/worker`],
      isEnabled: true,
    });
    await call(api, '/api/add-role', {
      owner: team.org,
      name: 'audit',
      displayName: 'Audit',
      groups: [`${team.org}/auditors`],
      isEnabled: true,
    });
    await call(api, '/api/add-permission', {
      owner: team.org,
      name: 'read-reports',
      displayName: 'Read reports',
      roles: [`${team.org}/audit`],
      resourceType: 'Custom',
      resources: ['reports'],
      actions: ['Read'],
      effect: 'Allow',
      isEnabled: true,
      state: 'Approved',
    });
  });
  await page.goto(`/users/${team.org}/worker`);
  const roles = page.getByRole('region', { name: 'Roles' });
  await expect(roles.getByRole('link', { name: 'Viewer' })).toBeVisible();
  await expect(roles.getByRole('link', { name: 'Audit' })).toBeVisible();
  await page.getByRole('region', { name: 'Permissions' }).getByRole('link', { name: 'Read reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/permissions/${team.org}/read-reports$`));
  await expect(heading(page, 'Edit Permission')).toBeVisible();
});
