import type { Page } from '@playwright/test';
import { createOrganization, deleteOrganization, getRecord } from '../support/api.js';
import { cancelButton, fieldError, saveAndExitButton, saveButton } from '../support/console.js';
import {
  adminTeamTest,
  dataRows,
  expect,
  heading,
  rowOf,
  signIn,
  teamTest,
  adminTest as test,
  toast,
  totalText,
} from '../support/fixtures.js';

/** The organization list searched for one name (the list keeps its search in the URL). */
async function openListOf(page: Page, name: string) {
  await page.goto(`/organizations?field=name&value=${name}`);
  await expect(rowOf(page, name)).toBeVisible();
}

const nameInput = (page: Page) => page.getByLabel('Name', { exact: true });
const displayNameInput = (page: Page) => page.getByLabel('Display name', { exact: true });
// Each button is shown above and below the form.

test('the list has the columns of the product, and the built-in organization cannot be deleted', async ({ page }) => {
  await openListOf(page, 'built-in');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Created time',
    'Display name',
    'Favicon',
    'Website URL',
    'Password type',
    'Password salt',
    'Default avatar',
    'Soft deletion',
    'Action',
  ]);
  const builtIn = rowOf(page, 'built-in');
  await expect(builtIn.getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/trees/built-in');
  await expect(builtIn.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/organizations/built-in/users');
  await expect(builtIn.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/organizations/built-in');
  await expect(builtIn.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add' })).toBeEnabled();

  const org = await createOrganization();
  await openListOf(page, org);
  await expect(rowOf(page, org).getByRole('button', { name: 'Delete' })).toBeEnabled();
});

teamTest('an organization admin sees only their organization and cannot add one', async ({ page, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/organizations');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, team.org)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeDisabled();
  await expect(rowOf(page, team.org).getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('Add creates an organization with the generated defaults and opens it in add mode', async ({ page }) => {
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/organizations\/organization_[a-z0-9]{6}\?mode=add$/);
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');

  await expect(heading(page, 'New Organization')).toBeVisible();
  await expect(nameInput(page)).toHaveValue(name);
  await expect(displayNameInput(page)).toHaveValue(`New Organization - ${name.slice('organization_'.length)}`);
  // antd shows a select's value with the value as its title.
  await expect(page.getByTitle('bcrypt', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Public profiles' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Soft deletion' })).not.toBeChecked();
  await expect(cancelButton(page)).toBeVisible();

  const stored = await getRecord('organization', 'admin', name);
  expect(stored).toMatchObject({ passwordType: 'bcrypt', passwordOptions: ['AtLeast6'], countryCodes: ['US'] });
  await deleteOrganization(name);
});

test('Cancel in add mode deletes the new organization and returns to the list', async ({ page }) => {
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(heading(page, 'New Organization')).toBeVisible();
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  expect(await getRecord('organization', 'admin', name)).not.toBeNull();

  await cancelButton(page).click();
  await expect(page).toHaveURL('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  expect(await getRecord('organization', 'admin', name)).toBeNull();
});

test('Save stores the change and stays on the edit page', async ({ page }) => {
  const org = await createOrganization();
  await page.goto(`/organizations/${org}`);
  await expect(heading(page, 'Edit Organization')).toBeVisible();
  await displayNameInput(page).fill('Renamed for display');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${org}`);
  await expect(displayNameInput(page)).toHaveValue('Renamed for display');
  expect((await getRecord('organization', 'admin', org)).displayName).toBe('Renamed for display');
});

test('renaming follows the new route', async ({ page }) => {
  const org = await createOrganization();
  await page.goto(`/organizations/${org}`);
  await nameInput(page).fill(`${org}-new`);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${org}-new`);
  await expect(nameInput(page)).toHaveValue(`${org}-new`);
  expect(await getRecord('organization', 'admin', org)).toBeNull();
  expect(await getRecord('organization', 'admin', `${org}-new`)).not.toBeNull();
});

test('a name with a slash is refused under the field before sending, and the typed name stays to be corrected', async ({
  page,
}) => {
  const org = await createOrganization();
  const updates: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/update-organization') updates.push(request.url());
  });
  await page.goto(`/organizations/${org}`);
  await nameInput(page).fill(`${org}/x`);
  await saveButton(page).click();
  await expect(fieldError(page, nameInput(page))).toHaveText('The name may not contain "/", spaces or control characters');
  expect(updates).toEqual([]);
  await expect(nameInput(page)).toHaveValue(`${org}/x`);
  await expect(page).toHaveURL(`/organizations/${org}`);
  expect(await getRecord('organization', 'admin', org)).not.toBeNull();
});

test('renaming onto an existing organization is refused; the typed name stays, and a free one then saves', async ({ page }) => {
  const org = await createOrganization();
  const taken = await createOrganization();
  await page.goto(`/organizations/${org}`);
  await nameInput(page).fill(taken);
  await saveButton(page).click();
  await expect(toast(page, `Failed to save: The organization "admin/${taken}" already exists`)).toBeVisible();
  await expect(nameInput(page)).toHaveValue(taken);
  await expect(page).toHaveURL(`/organizations/${org}`);
  await nameInput(page).fill(`${org}-free`);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${org}-free`);
  expect(await getRecord('organization', 'admin', org)).toBeNull();
  expect(await getRecord('organization', 'admin', taken)).not.toBeNull();
});

test('Save & Exit stores the change and returns to the list', async ({ page }) => {
  const org = await createOrganization();
  await page.goto(`/organizations/${org}`);
  await displayNameInput(page).fill('Saved on the way out');
  await saveAndExitButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  expect((await getRecord('organization', 'admin', org)).displayName).toBe('Saved on the way out');
});

test('Delete asks "Sure to delete: {name} ?" and removes the organization', async ({ page }) => {
  const org = await createOrganization();
  await openListOf(page, org);
  await rowOf(page, org).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Sure to delete: ${org} ?`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(rowOf(page, org)).toHaveCount(0);
  expect(await getRecord('organization', 'admin', org)).toBeNull();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('Delete asks a plain question, "确定删除 {name} 吗？"', async ({ page }) => {
    const org = await createOrganization();
    await page.goto(`/organizations?field=name&value=${org}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: org, exact: true }) });
    await row.getByRole('button', { name: /^删\s?除$/ }).click();
    await expect(page.getByText(`确定删除 ${org} 吗？`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await expect(row).toHaveCount(0);
    expect(await getRecord('organization', 'admin', org)).toBeNull();
  });
});

adminTeamTest("the Users action lists that organization's users", async ({ page, team }) => {
  await openListOf(page, team.org);
  await rowOf(page, team.org).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(`/organizations/${team.org}/users`);
  await expect(heading(page, `Users of ${team.org}`)).toBeVisible();
  await expect(totalText(page, 2)).toBeVisible();
  await expect(rowOf(page, 'boss')).toBeVisible();
  await expect(rowOf(page, 'worker')).toBeVisible();
});

test('the Groups action goes to the group tree of the organization', async ({ page }) => {
  const org = await createOrganization();
  await openListOf(page, org);
  await rowOf(page, org).getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(`/trees/${org}`);
  await expect(heading(page, `Users of ${org}`)).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Groups' }).or(page.getByText('No groups yet'))).toBeVisible();
});

test('the password type filter asks the server for exactly one type', async ({ page }) => {
  const md5 = await createOrganization('md5', { passwordType: 'md5-salt' });
  const salted = await createOrganization('salt', { passwordType: 'salt' });
  await page.goto('/organizations');

  const filterBy = async (type: string) => {
    await page.getByRole('button', { name: 'Filter Password type' }).click();
    await page.getByRole('radio', { name: type, exact: true }).check();
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/get-organizations') && r.url().includes(`field=passwordType&value=${type}`),
    );
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await asked;
    await expect(page).toHaveURL(`/organizations?field=passwordType&value=${type}`);
  };
  const withOtherType = (type: string) => dataRows(page).filter({ hasNot: page.getByRole('cell', { name: type, exact: true }) });

  await expect(page.getByRole('button', { name: 'Filter Password type' })).toBeVisible();
  await filterBy('md5-salt');
  await expect(rowOf(page, md5)).toBeVisible();
  await expect(withOtherType('md5-salt')).toHaveCount(0);

  // 'salt' matches exactly: md5-salt is not a salt organization.
  await filterBy('salt');
  await expect(rowOf(page, salted)).toBeVisible();
  await expect(rowOf(page, md5)).toHaveCount(0);
  await expect(withOtherType('salt')).toHaveCount(0);
});
