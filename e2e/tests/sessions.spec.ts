import { ADMIN_PASSWORD, baseURL } from '../playwright.config.js';
import { asAdmin, call } from '../support/api.js';
import { confirm } from '../support/console.js';
import { expect, heading, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * Sessions: one row per user and application with the session ids as tags;
 * Delete signs the user's browsers out at their next request.
 */

teamTest("a global admin deletes another browser's session, which signs that browser out", async ({ page, browser, team }) => {
  const laptop = await browser.newContext();
  try {
    const laptopPage = await laptop.newPage();
    await signIn(laptopPage, team.user.name, team.user.password, team.org);
    await laptopPage.goto('/');
    await expect(laptopPage.getByRole('button', { name: /worker/i }).first()).toBeVisible();

    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`/sessions?field=name&value=${team.user.name}`);
    await expect(heading(page, 'Sessions')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: team.org, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: team.user.name, exact: true })).toHaveAttribute(
      'href',
      `/users/${team.org}/${team.user.name}`,
    );
    await expect(row.getByText('app-built-in', { exact: true })).toBeVisible();
    await expect(row.locator('.ant-tag')).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'Edit' })).toHaveCount(0);

    const deleted = toast(page, 'Successfully deleted');
    await confirm(page, row.getByRole('button', { name: 'Delete', exact: true }), `Sure to delete: ${team.user.name} ?`, deleted);
    await expect(row).toHaveCount(0);

    // The laptop's next request finds its cookie refused.
    const account = await (await laptop.request.get(`${baseURL}/api/get-account`)).json();
    expect(account).toMatchObject({ status: 'error', msg: 'Please login first' });
    await laptopPage.reload();
    await expect(laptopPage).toHaveURL(/\/login/);
  } finally {
    await laptop.close();
  }
});

teamTest("an organization's admin sees its organization's sessions only", async ({ page, browser, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/sessions');
  await expect(heading(page, 'Sessions')).toBeVisible();
  await expect(page.getByRole('link', { name: team.admin.name, exact: true })).toBeVisible();
  const organizations = await page.locator('tbody a[href^="/organizations/"]').allTextContents();
  expect(new Set(organizations)).toEqual(new Set([team.org]));

  const member = await browser.newContext();
  try {
    const memberPage = await member.newPage();
    await signIn(memberPage, team.user.name, team.user.password, team.org);
    await memberPage.goto('/sessions');
    await expect(heading(memberPage, '403 Unauthorized')).toBeVisible();
  } finally {
    await member.close();
  }
});

teamTest('session ids an application recorded show in the list and go with Delete', async ({ page, team }) => {
  await asAdmin((api) =>
    call(api, '/api/add-session', {
      owner: team.org,
      name: team.user.name,
      application: 'app-built-in',
      sessionId: ['app-recorded-1', 'app-recorded-2'],
    }),
  );
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/sessions?field=name&value=${team.user.name}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: team.org, exact: true }) });
  await expect(row.getByText('app-recorded-1', { exact: true })).toBeVisible();
  await expect(row.getByText('app-recorded-2', { exact: true })).toBeVisible();
  const deleted = toast(page, 'Successfully deleted');
  await confirm(page, row.getByRole('button', { name: 'Delete', exact: true }), `Sure to delete: ${team.user.name} ?`, deleted);
  await expect(row).toHaveCount(0);
  const session = await asAdmin((api) =>
    call(api, '/api/get-session', undefined, { sessionPkId: `${team.org}/${team.user.name}/app-built-in` }),
  );
  expect(session.data).toBeNull();
});
