import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { asAdmin, call, createOrganization, unique } from '../support/api.js';
import { heading, toast } from '../support/fixtures.js';
import { startUpstream, type Upstream, upstreamPort } from '../support/upstream.js';

/**
 * Sign-in through an identity provider in Chromium: a second Gatehouse (support/upstream.ts),
 * started here on its own port (E2E_UPSTREAM_PORT, default 18805) and SQLite file, is the
 * upstream "Custom" OpenID Connect provider. The browser reaches it as localhost and this instance
 * as 127.0.0.1, so that the two keep their cookies apart, as two sites would; this instance calls
 * its token and userinfo endpoints on 127.0.0.1.
 */

const UPSTREAM_PORT = upstreamPort('E2E_UPSTREAM_PORT', 18805);
const UPSTREAM_BROWSER = `http://localhost:${UPSTREAM_PORT}`;
const UPSTREAM_SERVER = `http://127.0.0.1:${UPSTREAM_PORT}`;

test.describe.configure({ mode: 'serial' });

let upstream: Upstream | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  upstream = await startUpstream({ port: UPSTREAM_PORT });
});

test.afterAll(async () => {
  await upstream?.stop();
});

/** An API session of the upstream's built-in admin. */
function upstreamAdmin() {
  if (!upstream) throw new Error('the upstream Gatehouse is not running');
  return upstream.admin();
}

/**
 * Upstream: an application for this instance (redirect URI <this instance>/callback) and a person.
 * Here: an organization whose default application offers the upstream as a Custom provider.
 */
async function setUp() {
  const person = unique('alice');
  const up = await upstreamAdmin();
  const appName = unique('downstream');
  try {
    await call(up, '/api/add-application', {
      owner: 'admin',
      name: appName,
      organization: 'built-in',
      cert: 'cert-built-in',
      redirectUris: [`${baseURL}/callback`],
      grantTypes: ['authorization_code'],
      enablePassword: true,
      enableSigninSession: false,
    });
    await call(up, '/api/add-user', {
      owner: 'built-in',
      name: person,
      displayName: 'Alice Upstream',
      email: `${person}@upstream.example`,
      password: `${person}-pass`,
    });
    const client = (await call(up, '/api/get-application', undefined, { id: `admin/${appName}` })).data;

    const org = await createOrganization('social');
    const application = unique('app-social');
    await asAdmin(async (api) => {
      await call(api, '/api/add-provider', {
        owner: org,
        name: 'upstream',
        displayName: 'Upstream Gatehouse',
        category: 'OAuth',
        type: 'Custom',
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        customAuthUrl: `${UPSTREAM_BROWSER}/login/oauth/authorize`,
        customTokenUrl: `${UPSTREAM_SERVER}/api/login/oauth/access_token`,
        customUserInfoUrl: `${UPSTREAM_SERVER}/api/userinfo`,
        scopes: 'openid profile email',
        userMapping: { id: 'sub', username: 'preferred_username', displayName: 'name', email: 'email', avatarUrl: 'picture' },
        enableSignUp: true,
      });
      await call(api, '/api/add-application', {
        owner: 'admin',
        name: application,
        displayName: 'Social App',
        organization: org,
        cert: 'cert-built-in',
        enablePassword: true,
        enableSignUp: true,
        providers: [
          { name: 'upstream', canSignUp: true, canSignIn: true, canUnlink: true, prompted: false, signupGroup: '', rule: '' },
        ],
      });
      const stored = (await call(api, '/api/get-organization', undefined, { id: `admin/${org}` })).data;
      await call(api, '/api/update-organization', { ...stored, defaultApplication: application }, { id: `admin/${org}` });
    });
    return { org, person };
  } finally {
    await up.dispose();
  }
}

/** On the upstream's sign-in page: the person's password (its application keeps no session, so it asks every time). */
async function signInUpstream(page: Page, person: string) {
  await expect(page).toHaveURL(new RegExp(`^${UPSTREAM_BROWSER}/login/oauth/authorize\\?`));
  await page.getByLabel('Username').fill(person);
  await page.getByLabel('Password').fill(`${person}-pass`);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a new person signs up through a Custom OpenID Connect provider, then unlinks and links it again', async ({ browser }) => {
  const { org, person } = await setUp();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    await page.goto(`/login/${org}`);
    await expect(page.getByRole('heading', { name: 'Social App' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with Upstream Gatehouse' }).click();
    await signInUpstream(page, person);

    // Back through /callback: signed in here as a new user of the organization.
    await expect(page).not.toHaveURL(/\/(callback|login)/);
    await page.goto('/account');
    await expect(heading(page, 'My Account')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(person);
    await expect(page.getByLabel('Display name', { exact: true })).toHaveValue('Alice Upstream');

    // The account page lists the application's provider, linked to the upstream account.
    const logins = page.getByRole('region', { name: 'Third-party logins' });
    const row = logins.getByRole('row').filter({ hasText: 'Upstream Gatehouse' });
    await expect(row).toContainText(`${person}@upstream.example`);

    await row.getByRole('button', { name: 'Unlink from Upstream Gatehouse' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await expect(toast(page, 'Unlinked successfully')).toBeVisible();
    await expect(row).toContainText('Not linked');

    await row.getByRole('button', { name: 'Link with Upstream Gatehouse' }).click();
    await signInUpstream(page, person);
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByRole('region', { name: 'Third-party logins' }).getByRole('row').filter({ hasText: 'Upstream Gatehouse' }),
    ).toContainText(person);
  } finally {
    await context.close();
  }
});

test('a state brought back to another browser is refused on the callback page', async ({ browser }) => {
  const { org, person } = await setUp();
  const starter = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await starter.newPage();
    await page.goto(`/login/${org}`);
    // Stop at the callback address instead of opening it: another browser opens it.
    let callback = '';
    await page.route(`${baseURL}/callback?*`, async (route) => {
      callback = route.request().url();
      await route.abort();
    });
    await page.getByRole('button', { name: 'Sign in with Upstream Gatehouse' }).click();
    await signInUpstream(page, person);
    await expect.poll(() => callback).not.toBe('');

    const victim = await other.newPage();
    await victim.goto(callback);
    await expect(victim.getByText('Sign-in failed')).toBeVisible();
    await expect(
      victim.getByText('The sign-in state is invalid or belongs to another browser: please start signing in again'),
    ).toBeVisible();
    await expect(victim.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  } finally {
    await starter.close();
    await other.close();
  }
});
