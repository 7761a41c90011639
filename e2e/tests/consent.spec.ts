import { expect, type Page, test } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { type RelyingParty, startRelyingParty } from '../support/relying-party.js';

/**
 * The consent step in Chromium: a relying party (openid-client on loopback) asks for one of its
 * application's custom scopes; after the password the authorization page shows the consent screen
 * in the application's frame. Allow lands at the relying party with tokens, Deny with
 * error=access_denied (and the state, which openid-client checks).
 */

const SCOPE = { scope: 'files:read', displayName: 'Read your files', description: 'See the files you stored' };

async function setUp(port: number, displayName: string) {
  const name = unique('consent');
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const { app, user } = await asAdmin(async (api) => {
    const user = unique('person');
    await call(api, '/api/add-user', { owner: 'built-in', name: user, email: `${user}@example.com`, password: 'person-pass-1' });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName,
      organization: 'built-in',
      cert: 'cert-built-in',
      redirectUris: [redirectUri],
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
  return { rp, user };
}

async function signInUntilConsent(
  page: Page,
  rp: RelyingParty,
  user: string,
  labels: { username: string; password: string; signIn: string | RegExp } = {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign In',
  },
) {
  await page.goto(`${rp.url}/login`);
  await expect(page).toHaveURL(/\/login\/oauth\/authorize\?/);
  await page.getByLabel(labels.username).fill(user);
  await page.getByLabel(labels.password).fill('person-pass-1');
  await page.getByRole('button', { name: labels.signIn }).click();
}

test('Allow (from the keyboard) lands at the relying party with tokens; the next sign-in is not asked again', async ({
  page,
}, info) => {
  const port = 19200 + info.workerIndex * 10 + info.retry;
  const { rp, user } = await setUp(port, 'Files App');
  try {
    await signInUntilConsent(page, rp, user);
    await expect(page.getByRole('heading', { name: 'Authorization request' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Files App' })).toBeVisible();
    await expect(page.getByText('Files App wants to access your account')).toBeVisible();
    const scopes = page.getByRole('list', { name: 'This application is requesting:' });
    await expect(scopes.getByRole('listitem')).toHaveCount(3);
    await expect(scopes).toContainText('Verify your identity');
    await expect(scopes).toContainText('View your basic profile information');
    await expect(scopes).toContainText('Read your files');
    await expect(scopes).toContainText('See the files you stored');

    const allow = page.getByRole('button', { name: 'Allow' });
    await allow.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    await expect(page.locator('#scope')).toHaveText('openid profile files:read');

    // Granted once: the same browser goes straight back (continue with the session, no consent screen).
    await page.goto(`${rp.url}/login`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
  } finally {
    await rp.close();
  }
});

test('Deny lands at the relying party with access_denied', async ({ page }, info) => {
  const port = 19205 + info.workerIndex * 10 + info.retry;
  const { rp, user } = await setUp(port, 'Files App');
  try {
    await signInUntilConsent(page, rp, user);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { name: 'Refused: access_denied' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  } finally {
    await rp.close();
  }
});

test.describe('on a phone, in Chinese', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });

  test('the consent screen fits the screen and speaks Chinese', async ({ page }, info) => {
    const port = 19300 + info.workerIndex * 10 + info.retry;
    const { rp, user } = await setUp(port, '文件应用');
    try {
      await signInUntilConsent(page, rp, user, { username: '用户名', password: '密码', signIn: /^登\s?录$/ });
      await expect(page.getByRole('heading', { name: '授权请求' })).toBeVisible();
      await expect(page.getByText('文件应用 想要访问您的账户')).toBeVisible();
      await expect(page.getByText('验证您的身份')).toBeVisible();
      const allow = page.getByRole('button', { name: /^允\s?许$/ });
      const deny = page.getByRole('button', { name: /^拒\s?绝$/ });
      for (const button of [allow, deny]) {
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await allow.tap();
      await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    } finally {
      await rp.close();
    }
  });
});
