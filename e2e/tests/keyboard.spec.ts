import { ADMIN_PASSWORD } from '../playwright.config.js';
import { createOrganization, getRecord } from '../support/api.js';
import { adminTeamTest, adminTest, dataRows, expect, heading, rowOf, tabTo, teamTest, toast } from '../support/fixtures.js';

teamTest('the sign-in form is completed with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Sign In' }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(heading(page, 'Dashboard')).toBeVisible();
});

adminTest('an edit form is filled, saved and left with the keyboard alone', async ({ page }) => {
  const org = await createOrganization('keys');
  await page.goto(`/organizations/${org}`);
  await expect(heading(page, 'Edit Organization')).toBeVisible();

  const displayName = page.getByLabel('Display name', { exact: true });
  await tabTo(page, displayName);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Typed with keys');
  // Enter in a field submits the form: Save.
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${org}`);
  expect((await getRecord('organization', 'admin', org)).displayName).toBe('Typed with keys');

  // The title bar's Save & Exit, back up the form (its tables put many stops before the bottom one).
  await tabTo(page, page.getByRole('button', { name: 'Save & Exit' }).first(), 30, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/organizations');
});

adminTeamTest("a list's column search opens and submits with the keyboard", async ({ page, team }) => {
  await page.goto(`/organizations/${team.org}/users`);
  await expect(dataRows(page)).toHaveCount(2);

  await tabTo(page, page.getByRole('button', { name: 'Search Name' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Search Name' })).toBeFocused();
  await page.keyboard.type('work');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`/organizations/${team.org}/users?field=name&value=work`);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, 'worker')).toBeVisible();
});
