import { expect, type Page, test } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { adminTest, heading, toast } from '../support/fixtures.js';
import { type RelyingParty, startRelyingParty } from '../support/relying-party.js';

/**
 * The Consents block of a user's page: a consent given on the consent screen (a relying party on
 * loopback asks for a custom scope) is listed with its scopes; Revoke asks first, takes it back,
 * and the relying party's next sign-in shows the consent screen again. The user revokes their own
 * from the keyboard; an administrator revokes a user's on a phone.
 */

const SCOPE = { scope: 'files:read', displayName: 'Read your files', description: 'See the files you stored' };
const PASSWORD = 'person-pass-1';

async function setUp(port: number) {
  const name = unique('consents');
  const displayName = `Files ${name}`;
  const { app, user } = await asAdmin(async (api) => {
    const user = unique('person');
    await call(api, '/api/add-user', { owner: 'built-in', name: user, email: `${user}@example.com`, password: PASSWORD });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName,
      organization: 'built-in',
      cert: 'cert-built-in',
      redirectUris: [`http://127.0.0.1:${port}/callback`],
      grantTypes: ['authorization_code'],
      enablePassword: true,
      expireInHours: 1,
      refreshExpireInHours: 1,
      failedSigninLimit: 5,
      failedSigninFrozenTime: 10,
      tokenFormat: 'JWT-Standard',
      customScopes: [SCOPE],
    });
    return { app: (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data, user };
  });
  const rp = await startRelyingParty(app.clientId, app.clientSecret, port, 'openid profile files:read');
  return { rp, user, name, displayName };
}

/** Signs the user in at the relying party and allows the consent screen; the page ends at the relying party. */
async function grantThroughFlow(page: Page, rp: RelyingParty, user: string) {
  await page.goto(`${rp.url}/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Authorization request' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
}

/** The relying party's next sign-in, continuing with the browser's session: asked again or not. */
async function expectAskedAgain(page: Page, rp: RelyingParty) {
  await page.goto(`${rp.url}/login`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Authorization request' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'This application is requesting:' })).toContainText('Read your files');
}

test.describe('a user', () => {
  test('sees a consent given on the consent screen and revokes it from the keyboard', async ({ page }, info) => {
    const port = 19500 + info.workerIndex * 10 + info.retry;
    const { rp, user, displayName } = await setUp(port);
    try {
      await grantThroughFlow(page, rp, user);
      // The consent screen left a console session: the user's own page is "My Account".
      await page.goto(`/users/built-in/${user}`);
      await expect(heading(page, 'My Account')).toBeVisible();
      const consents = page.getByRole('region', { name: 'Consents' });
      const row = consents.getByRole('row').filter({ hasText: displayName });
      await expect(row).toBeVisible();
      for (const scope of ['openid', 'profile', 'files:read']) await expect(row.getByText(scope, { exact: true })).toBeVisible();
      // An ordinary user does not administer the application: its name is not a link.
      await expect(row.getByRole('link')).toHaveCount(0);

      const revoke = row.getByRole('button', { name: `Revoke the consent to ${displayName}` });
      await revoke.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Revoke the consent to ${displayName}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('The application loses these scopes: openid, profile, files:read.');
      // Escape keeps the consent.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(row).toBeVisible();

      await revoke.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      // The dialog's Revoke has the focus.
      await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Consent revoked')).toBeVisible();
      await expect(consents.getByText('No consents')).toBeVisible();
      await expect(consents).toBeFocused();

      // Reloaded, the page shows what the server stored.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Consents' }).getByText('No consents')).toBeVisible();

      await expectAskedAgain(page, rp);
    } finally {
      await rp.close();
    }
  });
});

adminTest.describe('an administrator on a phone', () => {
  adminTest.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  adminTest("opens the application from a user's consent and revokes it", async ({ page, browser }, info) => {
    const port = 19505 + info.workerIndex * 10 + info.retry;
    const { rp, user, name, displayName } = await setUp(port);
    // The user's own browser (a new context would otherwise start with the admin's session).
    const userContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const userPage = await userContext.newPage();
      await grantThroughFlow(userPage, rp, user);

      await page.goto(`/users/built-in/${user}`);
      await expect(heading(page, 'Edit User')).toBeVisible();
      const consents = page.getByRole('region', { name: 'Consents' });
      const row = consents.getByRole('row').filter({ hasText: displayName });
      await expect(row.getByRole('link', { name: displayName })).toHaveAttribute('href', `/applications/built-in/${name}`);
      const revoke = row.getByRole('button', { name: `Revoke the consent to ${displayName}` });
      await revoke.scrollIntoViewIfNeeded();
      const box = await revoke.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await revoke.tap();
      const dialog = page.getByRole('dialog', { name: `Revoke the consent to ${displayName}?` });
      await dialog.getByRole('button', { name: 'Revoke' }).tap();
      await expect(toast(page, 'Consent revoked')).toBeVisible();
      await expect(consents.getByText('No consents')).toBeVisible();
      // The administrator took back the user's grant, not their own: the user is asked again.
      await expectAskedAgain(userPage, rp);

      // Given again, the application's name leads to its page.
      await userPage.getByRole('button', { name: 'Allow' }).click();
      await expect(userPage.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
      await page.reload();
      await page.getByRole('region', { name: 'Consents' }).getByRole('link', { name: displayName }).tap();
      await expect(page).toHaveURL(`/applications/built-in/${name}`);
      await expect(heading(page, 'Edit Application')).toBeVisible();
    } finally {
      await userContext.close();
      await rp.close();
    }
  });
});
