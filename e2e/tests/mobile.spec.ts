import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { createOrganization, getRecord } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { adminTest, expect, heading, logOut, rowOf, signIn, submitSignInForm, teamTest, toast } from '../support/fixtures.js';

// For every test of the file: a phone.
adminTest.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** The page itself never scrolls sideways (wide tables scroll inside their own box). */
async function expectNoHorizontalScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

teamTest('signs in and opens a screen from the drawer menu', async ({ page }) => {
  await page.goto('/login');
  await submitSignInForm(page, 'admin', ADMIN_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expectNoHorizontalScroll(page);
  // On a phone the menu is behind a button.
  await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Organization' })).toBeVisible();
  await drawer.getByRole('menuitem', { name: 'User Management' }).click();
  await drawer.getByRole('menuitem', { name: 'Organizations' }).click();

  await expect(page).toHaveURL('/organizations');
  await expect(drawer).toBeHidden();
  await expect(heading(page, 'Organizations')).toBeVisible();
});

adminTest('the organization list and an edit page fit the width and work', async ({ page }) => {
  const org = await createOrganization('phone');
  await page.goto(`/organizations?field=name&value=${org}`);
  await expect(rowOf(page, org)).toBeVisible();
  await expectNoHorizontalScroll(page);

  await rowOf(page, org).getByRole('link', { name: org }).click();
  await expect(heading(page, 'Edit Organization')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByLabel('Display name', { exact: true }).fill('Edited on a phone');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getRecord('organization', 'admin', org)).displayName).toBe('Edited on a phone');
});

teamTest('signs out from the account menu', async ({ page }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expectNoHorizontalScroll(page);
});
