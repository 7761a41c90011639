import { asAdmin, call, createOrganization, getRecord, unique } from '../support/api.js';
import { cancelButton, saveButton } from '../support/console.js';
import { expect, heading, rowOf, adminTest as test, toast } from '../support/fixtures.js';

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

  await nameInput(page).fill(name);
  await displayNameInput(page).fill('Acme Corporation');
  await websiteInput(page).fill('ftp://acme.example');
  await saveButton(page).click();
  await expect(
    toast(page, 'Failed to save')
      .or(page.getByRole('alert').filter({ hasText: 'http' }))
      .first(),
  ).toBeVisible();
  await expect(nameInput(page)).toHaveValue(name);
  await expect(displayNameInput(page)).toHaveValue('Acme Corporation');
  await expect(websiteInput(page)).toHaveValue('ftp://acme.example');
  expect(await getRecord('organization', 'admin', placeholder)).not.toBeNull();

  await websiteInput(page).fill('https://acme.example');
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
  await asAdmin((api) => call(api, '/api/delete-organization', { owner: 'admin', name: org }));
});
