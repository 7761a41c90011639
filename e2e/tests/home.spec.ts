import type { Page } from '@playwright/test';
import { addApplication } from '../support/api.js';
import { adminTest, expect, heading, signIn, type Team, teamTest } from '../support/fixtures.js';

/** Home: the administrators' dashboard, the shortcuts and the app launcher. */

adminTest('a global admin’s dashboard shows the four user figures and the 30-day chart', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, 'Dashboard')).toBeVisible();
  for (const title of ['Total users', 'New users today', 'New users past 7 days', 'New users past 30 days']) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  const total = page.locator('.ant-statistic').filter({ hasText: 'Total users' }).locator('.ant-statistic-content-value');
  await expect(total).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('img', { name: /Line chart of the number of records/ }).locator('canvas')).toBeVisible();
});

adminTest('the shortcuts lead to the four lists', async ({ page }) => {
  await page.goto('/shortcuts');
  await expect(heading(page, 'Shortcuts')).toBeVisible();
  await page.getByRole('link', { name: 'Providers' }).click();
  await expect(page).toHaveURL('/providers');
  await expect(heading(page, 'Providers')).toBeVisible();
});

/** Adds an application of the team's organization (`fields` over its defaults), then opens `path` as the team's user. */
async function openWithApplication(page: Page, team: Team, fields: object, path = '/apps') {
  await addApplication({ organization: team.org, cert: 'cert-built-in', ...fields }, 'launch');
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto(path);
}

teamTest(
  'an ordinary user lands on the app launcher; each card leads to its homepage with silent sign-in',
  async ({ page, team }) => {
    await openWithApplication(
      page,
      team,
      {
        displayName: 'Team wiki',
        description: 'Where the team writes things down',
        homepageUrl: 'https://wiki.example.com/start',
      },
      '/',
    );
    await expect(page).toHaveURL('/apps');
    await expect(heading(page, 'Apps')).toBeVisible();
    const card = page.getByRole('link', { name: 'Team wiki' });
    await expect(card).toHaveAttribute('href', 'https://wiki.example.com/start?silentSignin=1');
    await expect(card).toContainText('Where the team writes things down');
    // The dashboard and the shortcuts are for administrators.
    await page.goto('/shortcuts');
    await expect(heading(page, '403 Unauthorized')).toBeVisible();
  },
);

teamTest('on a phone the app cards take the full width', async ({ page, team }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openWithApplication(page, team, { displayName: 'Phone app', homepageUrl: 'https://phone.example.com' });
  const card = page.getByRole('link', { name: 'Phone app' });
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
});

teamTest('an app without a home page says so instead of doing nothing', async ({ page, team }) => {
  await openWithApplication(page, team, { displayName: 'Nowhere app', homepageUrl: '' });
  await expect(page.getByText('Nowhere app', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nowhere app' })).toHaveCount(0);
  await expect(page.getByText('No home page is set for this application yet')).toBeVisible();
});
