import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { asAdmin, call } from '../support/api.js';
import { expect, heading, signIn, teamTest } from '../support/fixtures.js';

/**
 * Audit records: written by the server for every call that changes state,
 * shown read-only, 20 a page, with a Detail drawer; an organization's admin sees its own only.
 */

/** The data rows of the records list (each has its Detail button). */
function recordRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Detail', exact: true }) });
}

/** Waits until the server has written at least `count` records of the organization (they are written in batches). */
async function waitForRecords(organizationName: string, count: number) {
  await expect
    .poll(
      () =>
        asAdmin(
          async (api) => (await call(api, '/api/get-records', undefined, { organizationName, p: '1', pageSize: '1' })).data2,
        ),
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

teamTest('a global admin finds the record of its sign-in, opens its detail, and pages by 20', async ({ page }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  // More records than one page holds: failed sign-ins of an unknown user are recorded too.
  await asAdmin(async (api) => {
    for (let i = 0; i < 21; i++) {
      await api.post('/api/login', {
        data: { type: 'login', application: 'app-built-in', organization: 'built-in', username: 'nobody-here', password: 'x' },
      });
    }
  });
  await waitForRecords('built-in', 22);

  await page.goto('/records?field=user&value=admin');
  await expect(heading(page, 'Records')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  const login = recordRows(page).filter({ hasText: '/api/login' }).first();
  await expect(login).toBeVisible();
  await expect(login.getByRole('link', { name: 'built-in', exact: true })).toHaveAttribute('href', '/organizations/built-in');
  await expect(login.getByRole('link', { name: 'admin', exact: true })).toHaveAttribute('href', '/users/built-in/admin');
  await expect(login.getByRole('link', { name: /^127\.0\.0\.1|::1|::ffff:127\.0\.0\.1$/ })).toHaveAttribute(
    'href',
    /^https:\/\/db-ip\.com\//,
  );
  // The triggered switch shows for sign-ins (a webhook event).
  await expect(login.getByRole('switch', { name: 'Is triggered' })).toBeDisabled();

  await login.getByRole('button', { name: 'Detail', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const object = drawer.getByTestId('record-object');
  // Formatted JSON, the password masked.
  await expect(object).toContainText('"username": "admin"');
  await expect(object).toContainText('"password": "***"');
  expect(await object.textContent()).toContain('\n  "');
  await expect(drawer.getByText('Request URI', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  await page.goto('/records');
  await expect(recordRows(page)).toHaveCount(20);
  await expect(page.getByRole('listitem', { name: '2', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
});

teamTest("an organization's admin sees only its organization's records; an ordinary user gets 403", async ({ page, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await waitForRecords(team.org, 1);
  await page.goto('/records');
  await expect(heading(page, 'Records')).toBeVisible();
  await expect(recordRows(page).first()).toBeVisible();
  const organizations = await recordRows(page).locator(`a[href^="/organizations/"]`).allTextContents();
  expect(organizations.length).toBeGreaterThan(0);
  expect(new Set(organizations)).toEqual(new Set([team.org]));
  // The record's name (a random id) is not a column for organization administrators.
  await expect(page.getByRole('columnheader', { name: 'ID', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/records');
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
});
