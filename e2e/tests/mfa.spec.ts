import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { addUsers, apiAs, asAdmin, call, createOrganization, getRecord, unique, updateRecord } from '../support/api.js';
import { save } from '../support/console.js';
import {
  accountMenu,
  chooseOption,
  expect,
  heading,
  logOut,
  signIn,
  submitSignInForm,
  teamTest as test,
  toast,
} from '../support/fixtures.js';
import { startRelyingParty } from '../support/relying-party.js';

/**
 * Multi-factor authentication in Chromium: a user sets the authenticator app up and signs in with
 * its codes (computed here with otpauth, as an app would), or a recovery code; the organization's
 * Required and Prompt notices after a sign-in; an administrator enabling e-mail for another user;
 * the organization's MFA items editor.
 */

const totp = (secret: string, periodsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + periodsAhead * 30_000 });

/** Sets the authenticator app up for the user signed in through `api`; answers its secret and recovery code. */
async function enrolApp(api: APIRequestContext, org: string, name: string) {
  const initiated = (await call(api, '/api/mfa/setup/initiate', { owner: org, name, mfaType: 'app' })).data;
  const secret = String(initiated.secret);
  await call(api, '/api/mfa/setup/verify', { owner: org, name, mfaType: 'app', secret, passcode: totp(secret) });
  await call(api, '/api/mfa/setup/enable', { owner: org, name, mfaType: 'app', secret });
  return { secret, recoveryCode: String(initiated.recoveryCodes[0]) };
}

const mfaSection = (page: Page) => page.getByRole('region', { name: 'Multi-factor authentication' });
const methodRow = (page: Page, method: string) => mfaSection(page).getByRole('listitem').filter({ hasText: method });

test('a user sets the authenticator app up from the account page, then signs in with its code', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  await expect(methodRow(page, 'App')).toBeVisible();
  await methodRow(page, 'App').getByRole('button', { name: 'Setup' }).click();

  await expect(page).toHaveURL('/mfa/setup?mfaType=app');
  await expect(heading(page, 'Protect your account with multi-factor authentication')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = String(await page.getByLabel('Secret', { exact: true }).textContent()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /^The code of the authenticator app is wrong: enter the code the app shows now$/ }),
  ).toBeVisible();
  await expect(page.getByText('totp passcode error')).toHaveCount(0);
  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Next step' }).click();
  const recoveryCode = String(await page.getByLabel('Recovery code', { exact: true }).textContent()).trim();
  expect(recoveryCode).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(toast(page, 'Enabled successfully')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(methodRow(page, 'App').getByText('Enabled', { exact: true })).toBeVisible();
  await expect(methodRow(page, 'App').getByText('Preferred', { exact: true })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(`/login/${team.org}`);
  await submitSignInForm(page, team.user.name, team.user.password);
  await expect(page.getByRole('heading', { name: 'Multi-factor authentication' })).toBeVisible();
  await expect(page.getByText('please enter the code of your authenticator app')).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  // The step asks for a code: its refusal speaks of the code, not of a password.
  await expect(page.getByRole('alert').filter({ hasText: /^The code is wrong, you have \d+ remaining chances$/ })).toBeVisible();
  const code = totp(secret);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL('/apps');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Worker');

  // Signing in again within the code's 30 seconds: the same code is refused as used, the next one signs in.
  await logOut(page);
  await submitSignInForm(page, team.user.name, team.user.password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'This code was already used to sign in. Wait for your authenticator app to show the next code and enter that one.',
    }),
  ).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/apps');
});

test('a recovery code signs in once, and the new one shown replaces it', async ({ page, team }) => {
  const api = await apiAs(team.user.name, team.user.password, team.org);
  const { recoveryCode } = await enrolApp(api, team.org, team.user.name);
  await api.dispose();

  await page.goto(`/login/${team.org}`);
  await submitSignInForm(page, team.user.name, team.user.password);
  await page.getByRole('button', { name: 'Have problems? Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Multi-factor recovery' })).toBeVisible();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Your new recovery code' })).toBeVisible();
  const replacement = String(await page.getByLabel('Recovery code', { exact: true }).textContent()).trim();
  expect(replacement).toMatch(/^[0-9a-f-]{36}$/);
  expect(replacement).not.toBe(recoveryCode);
  await page.getByRole('button', { name: 'I have saved it, continue' }).click();
  await expect(page).toHaveURL('/apps');

  // The used code is refused; the new one signs in.
  await logOut(page);
  await submitSignInForm(page, team.user.name, team.user.password);
  await page.getByRole('button', { name: 'Have problems? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /^The recovery code is wrong, you have \d+ remaining chances$/ }),
  ).toBeVisible();
  await page.getByLabel('Recovery code').fill(replacement);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Your new recovery code' })).toBeVisible();
  await page.getByRole('button', { name: 'I have saved it, continue' }).click();
  await expect(page).toHaveURL('/apps');
});

test('a Required method: the notice cannot be dismissed, the console offers only its setup until it is enabled', async ({
  page,
}) => {
  const org = await createOrganization('mfareq', { mfaItems: [{ name: 'app', rule: 'Required' }] });
  await addUsers(org, ['rita']);
  await page.goto(`/login/${org}`);
  await submitSignInForm(page, 'rita', 'rita-pass');

  await expect(page).toHaveURL('/mfa/setup?mfaType=app');
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Enable multi-factor authentication' });
  await expect(notice).toContainText('it is required to enable multi-factor authentication');
  await expect(notice.getByRole('button')).toHaveCount(0);
  // No menu, no My Account; other pages lead back to the setup.
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await expect(page).toHaveURL('/mfa/setup?mfaType=app');
  await expect(notice).toBeVisible();

  const secret = String(await page.getByLabel('Secret', { exact: true }).textContent()).trim();
  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(toast(page, 'Enabled successfully')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(notice).toHaveCount(0);
  await expect(heading(page, 'My Account')).toBeVisible();
});

test('a Prompt method: a notice after signing in, with Later and Go to enable', async ({ page }) => {
  const org = await createOrganization('mfaprompt', { mfaItems: [{ name: 'email', rule: 'Prompted' }] });
  await addUsers(org, ['pat']);
  await page.goto(`/login/${org}`);
  await submitSignInForm(page, 'pat', 'pat-pass');
  await expect(page).toHaveURL('/apps');
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Enable multi-factor authentication' });
  await expect(notice).toContainText('it is recommended that you enable multi-factor authentication');
  await expect(notice).toContainText('Email');
  await notice.getByRole('button', { name: 'Later' }).click();
  await expect(notice).toHaveCount(0);

  await logOut(page);
  await submitSignInForm(page, 'pat', 'pat-pass');
  await notice.getByRole('button', { name: 'Go to enable' }).click();
  await expect(page).toHaveURL('/mfa/setup?mfaType=email');
  await expect(heading(page, 'Protect your account with multi-factor authentication')).toBeVisible();
  // Reached from the notice: no choice of another method.
  await expect(page.getByRole('button', { name: 'Use Authenticator App' })).toHaveCount(0);
});

test('an administrator enables e-mail for another user after confirming it; Set preferred; Disable removes all', async ({
  page,
  team,
}) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto(`/users/${team.org}/${team.user.name}`);
  // Only the user sets up their methods; the administrator may enable e-mail or phone, not the app.
  await expect(methodRow(page, 'App').getByRole('button')).toHaveCount(0);
  await methodRow(page, 'Email').getByRole('button', { name: 'Enable' }).click();
  await expect(toast(page, 'Please input your Email!')).toBeVisible();

  await updateRecord('user', team.org, team.user.name, { email: 'worker@example.com', phone: '2025550123', countryCode: 'US' });
  await page.reload();
  for (const method of ['Email', 'Phone']) {
    await methodRow(page, method).getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable multi-factor authentication' });
    await expect(dialog).toContainText(`${team.org}/${team.user.name}`);
    await expect(dialog).toContainText(method === 'Email' ? 'worker@example.com' : '2025550123');
    await dialog.getByRole('button', { name: 'Enable' }).click();
    // The second method's notice may appear while the first one's is still shown.
    await expect(toast(page, 'Enabled successfully').last()).toBeVisible();
    await expect(methodRow(page, method).getByText('Enabled', { exact: true })).toBeVisible();
  }
  await expect(methodRow(page, 'Email').getByText('Preferred', { exact: true })).toBeVisible();
  await methodRow(page, 'Phone').getByRole('button', { name: 'Set Phone as preferred' }).click();
  await expect(methodRow(page, 'Phone').getByText('Preferred', { exact: true })).toBeVisible();
  await expect(methodRow(page, 'Email').getByText('Preferred', { exact: true })).toHaveCount(0);
  expect((await getRecord('user', team.org, team.user.name)).preferredMfaType).toBe('sms');

  await mfaSection(page).getByRole('button', { name: 'Disable' }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Sure to disable every multi-factor method?' });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, 'Multi-factor authentication disabled')).toBeVisible();
  await expect(mfaSection(page).getByText('Enabled', { exact: true })).toHaveCount(0);
  expect((await getRecord('user', team.org, team.user.name)).mfaEmailEnabled).toBe(false);
});

test("the organization's MFA items: a method per row, its rule, and only one Required", async ({ page }) => {
  const org = await createOrganization('mfaitems');
  const { ADMIN_PASSWORD } = await import('../playwright.config.js');
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/organizations/${org}`);
  const items = page.getByRole('group', { name: 'MFA items', exact: true });
  await items.getByRole('button', { name: 'Add' }).click();
  await items.getByRole('button', { name: 'Add' }).click();
  // The methods not listed yet come first; each method once.
  await expect(items.getByRole('row').nth(1)).toContainText('Phone');
  await expect(items.getByRole('row').nth(2)).toContainText('Email');
  const choose = async (label: string, option: string) => {
    await items.getByRole('combobox', { name: label }).click();
    await chooseOption(page, option);
  };
  await choose('Rule of row 1', 'Required');
  await choose('Rule of row 2', 'Required');
  await expect(toast(page, 'Only 1 MFA methods can be required')).toBeVisible();
  await expect(items.getByRole('row').nth(2)).toContainText('Optional');
  await choose('Rule of row 2', 'Prompt');
  await save(page);
  expect((await getRecord('organization', 'admin', org)).mfaItems).toEqual([
    { name: 'sms', rule: 'Required' },
    { name: 'email', rule: 'Prompted' },
  ]);
});

test('a relying party gets its code after the second step of the authorization page', async ({ page, team }, info) => {
  const port = 19600 + info.workerIndex * 10 + info.retry;
  const app = await asAdmin(async (api) => {
    const name = unique('mfarp');
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: 'MFA RP',
      organization: team.org,
      cert: 'cert-built-in',
      redirectUris: [`http://127.0.0.1:${port}/callback`],
      grantTypes: ['authorization_code'],
      enablePassword: true,
      expireInHours: 1,
      tokenFormat: 'JWT-Standard',
    });
    return (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data;
  });
  const api = await apiAs(team.user.name, team.user.password, team.org);
  const { secret } = await enrolApp(api, team.org, team.user.name);
  await api.dispose();
  const rp = await startRelyingParty(app.clientId, app.clientSecret, port);
  try {
    await page.goto(`${rp.url}/login`);
    await expect(page).toHaveURL(/\/login\/oauth\/authorize\?/);
    await submitSignInForm(page, team.user.name, team.user.password);
    await expect(page.getByRole('heading', { name: 'Multi-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${team.user.name}` })).toBeVisible();
  } finally {
    await rp.close();
  }
});

test('an otpauth address too long for a QR code says so, and the secret can still be typed in', async ({ page }) => {
  // The issuer is the organization's display name: 250 CJK characters take nine bytes each, escaped.
  const org = await createOrganization('mfaqr', { displayName: '安'.repeat(250) });
  await addUsers(org, ['quinn']);
  await signIn(page, 'quinn', 'quinn-pass', org);
  await page.goto('/mfa/setup?mfaType=app');
  await expect(page.getByRole('alert').filter({ hasText: 'QR code is too large' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toHaveCount(0);
  await expect(page.getByLabel('Secret', { exact: true })).toHaveText(/^[A-Z2-7]{32}$/);
});
