import type { Page } from '@playwright/test';
import { asAdmin, call, createOrganization, getRecord } from '../support/api.js';
import { field, saveButton } from '../support/console.js';
import { expect, heading, signIn, teamTest as test, toast } from '../support/fixtures.js';

/**
 * The user form follows the organization's account items: which fields show, in
 * which order, and who may change them — for the user themself and for their administrator.
 */
const item = (name: string, viewRule: string, modifyRule: string, extra: object = {}) => ({
  name,
  visible: true,
  viewRule,
  modifyRule,
  regex: '',
  ...extra,
});
const ITEMS = [
  item('Organization', 'Public', 'Admin'),
  item('Name', 'Public', 'Admin'),
  item('Bio', 'Self', 'Self'),
  item('Display name', 'Public', 'Self'),
  item('Title', 'Public', 'Admin'),
  item('Location', 'Public', 'Immutable'),
  item('Homepage', 'Public', 'Self', { regex: '^https://' }),
  item('Education', 'Admin', 'Admin'),
  item('Gender', 'Public', 'Self', { visible: false }),
  item('Properties', 'Admin', 'Admin'),
  item('Password', 'Self', 'Self'),
];

async function itemsTeam() {
  const org = await createOrganization('items', { accountItems: ITEMS });
  await asAdmin(async (api) => {
    await call(api, '/api/add-user', { owner: org, name: 'boss', isAdmin: true, password: 'boss-pass' });
    await call(api, '/api/add-user', { owner: org, name: 'worker', displayName: 'Worker', password: 'worker-pass' });
  });
  return org;
}

/** The labels of the form's rows, top to bottom. */
async function formLabels(page: Page): Promise<string[]> {
  const labels = await page.locator('form[id="user"] .ant-form-item-label label').allInnerTexts();
  return labels.map((text) => text.trim()).filter(Boolean);
}

test('an ordinary user sees the items their organization shows them, in its order, editable by its rules', async ({ page }) => {
  const org = await itemsTeam();
  await signIn(page, 'worker', 'worker-pass', org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await expect
    .poll(() => formLabels(page))
    .toEqual(['Organization', 'Name', 'Bio', 'Display name', 'Title', 'Location', 'Homepage', 'Password', 'API key']);
  await expect(field(page, 'Display name')).toBeEnabled();
  await expect(field(page, 'Bio')).toBeEnabled();
  await expect(field(page, 'Title')).toBeDisabled();
  await expect(field(page, 'Location')).toBeDisabled();
  await expect(field(page, 'Name')).toBeDisabled();

  // The regex of Homepage: refused in the form with the product's words, then saved once it fits.
  await field(page, 'Homepage').fill('http://worker.example.com');
  await saveButton(page).click();
  await expect(page.getByText("This field value doesn't match the pattern rule", { exact: true })).toBeVisible();
  await field(page, 'Homepage').fill('https://worker.example.com');
  await field(page, 'Bio').fill('Builds things');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const saved = await getRecord('user', org, 'worker');
  expect(saved).toMatchObject({ homepage: 'https://worker.example.com', bio: 'Builds things' });
});

test('the organization administrator sees the Admin items and changes what the user may not', async ({ page }) => {
  const org = await itemsTeam();
  await signIn(page, 'boss', 'boss-pass', org);
  await page.goto(`/users/${org}/worker`);
  await expect(heading(page, 'Edit User')).toBeVisible();
  await expect
    .poll(() => formLabels(page))
    .toEqual([
      'Organization',
      'Name',
      'Bio',
      'Display name',
      'Title',
      'Location',
      'Homepage',
      'Education',
      'Properties',
      'Password',
      'API key',
    ]);
  await expect(field(page, 'Title')).toBeEnabled();
  await expect(field(page, 'Education')).toBeEnabled();
  // Immutable is immutable for administrators too; a hidden item shows to nobody.
  await expect(field(page, 'Location')).toBeDisabled();
  await expect(page.getByLabel('Gender', { exact: true })).toHaveCount(0);

  await field(page, 'Title').fill('Lead');
  await field(page, 'Education').fill('MSc');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect(await getRecord('user', org, 'worker')).toMatchObject({ title: 'Lead', education: 'MSc' });
});

test('a user gets an API key pair from their account page', async ({ page }) => {
  const org = await itemsTeam();
  await signIn(page, 'worker', 'worker-pass', org);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Add keys' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page.getByLabel('Access key', { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Renew keys' })).toBeVisible();
});
