import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { createOrganizationWithUsers, getRecord } from '../support/api.js';
import { accountMenu, heading, logOut, toast } from '../support/fixtures.js';

/**
 * Passkeys in Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a user
 * registers one on /account, signs in with it on the sign-in page (named, then discoverable),
 * removes it, and an administrator sees the user's credentials without a way to register one.
 * Browsers take only a domain as RP ID, never an IP address: the pages are opened on localhost,
 * the same loopback server as the other tests.
 */
const site = baseURL.replace('127.0.0.1', 'localhost');

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page, org: string, username: string, password: string) {
  await page.goto(`${site}/login/${org}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The console has taken over (a navigation of the sign-in's own could still interrupt a goto).
  await expect(accountMenu(page)).toBeVisible();
}

/**
 * The WebAuthn tab of the sign-in card: with `username` typed in and sent with Enter, or left
 * empty and sent with the button.
 */
async function signInWithPasskey(page: Page, org: string, username: string) {
  await page.goto(`${site}/login/${org}`);
  await page.getByRole('tab', { name: 'WebAuthn' }).click();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByText('Leave it empty to choose any of your passkeys for this site')).toBeVisible();
  if (username) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Username').press('Enter');
  } else {
    await page.getByRole('button', { name: 'Sign in with WebAuthn' }).click();
  }
}

test('registers a passkey on /account, signs in with it, and removes it', async ({ page }) => {
  // Four sign-ins and three sign-outs: on a loaded machine this outlasts the default bound.
  test.slow();
  const { org } = await createOrganizationWithUsers('pk');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await signInWithPassword(page, org, 'worker', 'worker-pass');
  await page.goto(`${site}/account`);
  await expect(heading(page, 'My Account')).toBeVisible();
  const section = page.getByRole('region', { name: 'WebAuthn credentials' });
  await expect(section.getByText('No WebAuthn credentials yet')).toBeVisible();
  await section.getByRole('button', { name: 'Register WebAuthn credential' }).click();
  await expect(toast(page, 'Successfully added WebAuthn credential')).toBeVisible();

  // The authenticator holds the new credential, resident and for this site; the page lists its ID.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  const [credential] = credentials;
  expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true, signCount: 1 });
  const id = Buffer.from(credential?.credentialId ?? '', 'base64').toString('base64url');
  await expect(section.getByRole('row').filter({ hasText: id })).toBeVisible();
  const stored = await getRecord('user', org, 'worker');
  expect(stored.webauthnCredentials).toMatchObject([{ id: Buffer.from(id, 'base64url').toString('base64') }]);

  // Signed out, the passkey of the username typed in signs the user in.
  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await signInWithPasskey(page, org, 'worker');
  await expect(page).toHaveURL(`${site}/apps`);
  await page.goto(`${site}/account`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('worker');

  // Without a username the authenticator offers its passkeys for this site (a discoverable sign-in).
  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await signInWithPasskey(page, org, '');
  await expect(page).toHaveURL(`${site}/apps`);
  const used = await getRecord('user', org, 'worker');
  expect(used.webauthnCredentials[0].authenticator.signCount).toBeGreaterThanOrEqual(3);

  // Removed, the credential no longer signs in.
  await page.goto(`${site}/account`);
  const row = section.getByRole('row').filter({ hasText: id });
  await row.getByRole('button', { name: `Delete WebAuthn credential ${id}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(section.getByText('No WebAuthn credentials yet')).toBeVisible();
  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await signInWithPasskey(page, org, 'worker');
  await expect(page.getByRole('alert').getByText('Found no credentials for this user')).toBeVisible();
  await signInWithPasskey(page, org, '');
  await expect(
    page.getByRole('alert').getByText('This WebAuthn credential is not registered for any account here'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${site}/login`));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an administrator sees a user's passkeys but registers none for them", async ({ page }) => {
    const { org } = await createOrganizationWithUsers('pk');
    await virtualAuthenticator(page);
    await signInWithPassword(page, org, 'worker', 'worker-pass');
    await page.goto(`${site}/account`);
    await page.getByRole('button', { name: 'Register WebAuthn credential' }).click();
    await expect(toast(page, 'Successfully added WebAuthn credential')).toBeVisible();
    await logOut(page);

    await signInWithPassword(page, org, 'boss', 'boss-pass');
    await page.goto(`${site}/users/${org}/worker`);
    const section = page.getByRole('region', { name: 'WebAuthn credentials' });
    await expect(section.getByRole('row')).toHaveCount(2);
    await expect(section.getByText('Only worker can register WebAuthn credentials, on their own account page')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Register WebAuthn credential' })).toHaveCount(0);
    // The table scrolls sideways on a phone; Delete stays in view.
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('button', { name: /^Delete WebAuthn credential / })).toBeInViewport({ ratio: 1 });
  });
});
