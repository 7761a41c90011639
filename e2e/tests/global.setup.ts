import { expect, test as setup } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { ADMIN_STATE } from '../support/fixtures.js';

/** Signs in as built-in/admin through the sign-in page once and saves the session for other tests. */
setup('sign in as the built-in admin', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/password/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.context().storageState({ path: ADMIN_STATE });
});
