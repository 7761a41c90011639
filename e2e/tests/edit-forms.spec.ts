import { createOrganization, deleteOrganization, getRecord, unique } from '../support/api.js';
import { cancelButton, fieldError, saveButton } from '../support/console.js';
import { expect, heading, rowOf, adminTeamTest as test, toast } from '../support/fixtures.js';

/**
 * Edit pages keep what the person typed (issue 28, point 2): a refused save loses nothing, leaving
 * with changes not saved asks first, and an Add page keeps its Cancel after its first save.
 */

const nameInput = (page: import('@playwright/test').Page) => page.getByLabel('Name', { exact: true });
const websiteInput = (page: import('@playwright/test').Page) => page.getByLabel('Website URL', { exact: true });
const displayNameInput = (page: import('@playwright/test').Page) => page.getByLabel('Display name', { exact: true });

test('a refused save keeps every typed value, and the next save stores the typed name', async ({ page }) => {
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(heading(page, 'New Organization')).toBeVisible();
  const placeholder = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  const name = unique('acme');

  // The server refuses a name already taken: nothing typed is lost.
  await nameInput(page).fill('built-in');
  await displayNameInput(page).fill('Acme Corporation');
  await websiteInput(page).fill('https://acme.example');
  await saveButton(page).click();
  await expect(toast(page, 'Failed to save: The organization "admin/built-in" already exists')).toBeVisible();
  await expect(nameInput(page)).toHaveValue('built-in');
  await expect(displayNameInput(page)).toHaveValue('Acme Corporation');
  await expect(websiteInput(page)).toHaveValue('https://acme.example');
  expect(await getRecord('organization', 'admin', placeholder)).not.toBeNull();

  await nameInput(page).fill(name);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  // An edit page now, under the new name; its Cancel is still there and still deletes what the Add made.
  await expect(page).toHaveURL(`/organizations/${name}`);
  await expect(heading(page, 'Edit Organization')).toBeVisible();
  expect(await getRecord('organization', 'admin', name)).toMatchObject({ displayName: 'Acme Corporation' });
  expect(await getRecord('organization', 'admin', placeholder)).toBeNull();
  await cancelButton(page).click();
  await expect(page).toHaveURL('/organizations');
  expect(await getRecord('organization', 'admin', name)).toBeNull();
});

test('leaving with unsaved changes asks first: the menu, Back, and after a save nothing', async ({ page }) => {
  const org = await createOrganization();
  // Into the edit page from its list, inside the console (Back then stays inside it too).
  await page.goto(`/organizations?field=name&value=${org}`);
  await rowOf(page, org).getByRole('link', { name: org, exact: true }).click();
  await expect(heading(page, 'Edit Organization')).toBeVisible();
  await displayNameInput(page).fill('Typed, not saved');

  // A link of the header: Stay keeps the page and what was typed.
  await page.getByRole('link', { name: 'Gatehouse home' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Leave this page?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes have not been saved and will be lost.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/organizations/${org}`);
  await expect(displayNameInput(page)).toHaveValue('Typed, not saved');

  // Back: Leave goes.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(`/organizations?field=name&value=${org}`);
  expect(await getRecord('organization', 'admin', org)).not.toMatchObject({ displayName: 'Typed, not saved' });

  // Once saved, leaving asks nothing.
  await page.goto(`/organizations/${org}`);
  await displayNameInput(page).fill('Saved this time');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await page.getByRole('link', { name: 'Gatehouse home' }).click();
  await expect(page).toHaveURL('/');
  await expect(dialog).toHaveCount(0);
  await deleteOrganization(org);
});

test('the definitions’ rules are checked at the field before anything is sent', async ({ page, team: { org } }) => {
  await page.goto(`/users/${org}/worker`);
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await saveButton(page).click();
  await expect(fieldError(page, email)).toHaveText('Email must be an e-mail address');
  expect(await getRecord('user', org, 'worker')).toMatchObject({ email: '' });

  await page.goto(`/organizations/${org}`);
  await websiteInput(page).fill('javascript:alert(1)');
  await nameInput(page).fill('a b');
  await saveButton(page).click();
  await expect(fieldError(page, websiteInput(page))).toHaveText('Website URL must be an http:// or https:// address');
  await expect(fieldError(page, nameInput(page))).toHaveText('The name may not contain "/", spaces or control characters');
  const expireDays = page.getByLabel('Password expire days', { exact: true });
  await expireDays.fill('-5');
  await saveButton(page).click();
  await expect(fieldError(page, expireDays)).toHaveText('Password expire days must be at least 0');
  expect(await getRecord('organization', 'admin', org)).toMatchObject({ websiteUrl: '', passwordExpireDays: 0 });
  await deleteOrganization(org);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the field says what is wrong in Chinese, before sending and after the server refuses', async ({
    page,
    team: { org },
  }) => {
    await page.goto(`/users/${org}/worker`);
    const email = page.getByLabel('电子邮箱', { exact: true });
    await email.fill('not-an-email');
    await page
      .getByRole('button', { name: /^保\s?存$/ })
      .first()
      .click();
    await expect(fieldError(page, email)).toHaveText('电子邮箱 必须是电子邮件地址');

    // A refusal only the server can make (the name is taken) comes back in Chinese.
    await page.goto(`/organizations/${org}`);
    const name = page.getByLabel('名称', { exact: true });
    await name.fill('built-in');
    await page
      .getByRole('button', { name: /^保\s?存$/ })
      .first()
      .click();
    await expect(page.getByRole('alert').filter({ hasText: '保存失败' })).toBeVisible();
    await expect(name).toHaveValue('built-in');
    expect(await getRecord('organization', 'admin', org)).not.toBeNull();
    await deleteOrganization(org);
  });
});

test('Save & Exit returns to the page the edit was opened from', async ({ page, team: { org } }) => {
  await page.goto(`/organizations/${org}/users`);
  await rowOf(page, 'worker').getByRole('link', { name: 'Edit' }).click();
  await expect(heading(page, 'Edit User')).toBeVisible();
  await page.getByLabel('Display name', { exact: true }).fill('Worker A.');
  await page.getByRole('button', { name: 'Save & Exit', exact: true }).first().click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${org}/users`);
  await expect(rowOf(page, 'worker')).toContainText('Worker A.');

  await deleteOrganization(org);
});
