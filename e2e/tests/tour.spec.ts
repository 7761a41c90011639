import { updateRecord } from '../support/api.js';
import { adminTest, expect, heading, signIn, teamTest } from '../support/fixtures.js';

adminTest.use({ viewport: { width: 1600, height: 900 } });
teamTest.use({ viewport: { width: 1600, height: 900 } });

adminTest('the tour walks through a list page and continues on the next page', async ({ page }) => {
  await page.goto('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await page.getByRole('button', { name: 'Start the tour of this page' }).click();

  const tour = page.locator('.ant-tour');
  await expect(tour.getByText('All Organizations you may see, one page at a time. Click a name to open it.')).toBeVisible();
  await expect(tour.getByText('1 / 4')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('Creates a new Organization with generated values and opens it for editing.')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('Sort, search and filter')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('4 / 4')).toBeVisible();
  await tour.getByRole('button', { name: 'Finish' }).click();

  // Finishing continues the tour on the next page, which opens its own tour by itself.
  await expect(page).toHaveURL('/users');
  await expect(
    page.locator('.ant-tour').getByText('All Users you may see, one page at a time. Click a name to open it.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-tour')).toBeHidden();
});

adminTest('pages without a tour disable the tour button', async ({ page }) => {
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'This page has no tour' })).toBeDisabled();
});

teamTest('an organization that turns the tour off has no tour button', async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, { enableTour: false });
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(page.getByRole('button', { name: /tour/ })).toHaveCount(0);
});

adminTest('the tour is desktop only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await expect(page.getByRole('button', { name: /tour/ })).toHaveCount(0);
});
