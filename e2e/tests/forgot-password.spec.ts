import type { AddressInfo } from 'node:net';
import { providerRow } from '@gatehouse/entities';
import { expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { asAdmin, call, createOrganization, getRecord, unique, updateRecord } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { accountMenu, heading, signIn, submitSignInForm, toast } from '../support/fixtures.js';

/**
 * Verification codes in the browser, read where a user reads them: an SMTP server in the test
 * process receives the e-mails of an Email provider that an application lists. The forgotten-password
 * page (find the account, send and verify a code, set a new password, then sign in with it), the
 * sign-in by code, and a new e-mail address proven with a code on the account page.
 */

interface Mail {
  to: string[];
  body: string;
}

const mails: Mail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

/** The body of a message, quoted-printable or base64 decoded. */
function decode(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body: decode(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The code of the last e-mail to `to`, once it has arrived. */
async function mailedCode(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mail = [...mails].reverse().find((m) => m.to.includes(to));
      code = mail?.body.match(/<b>(\d{6})<\/b>/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * An organization whose only application lists an Email provider sending to the test's SMTP
 * server and offers both sign-in methods, with the user alice (an e-mail address, a password).
 */
async function organizationWithMail() {
  const org = await createOrganization('fp', { passwordOptions: ['AtLeast8'] });
  const app = unique('fpapp');
  const email = `alice@${org}.test`;
  await asAdmin(async (api) => {
    await call(api, '/api/add-user', { owner: org, name: 'alice', displayName: 'Alice', email, password: 'old-password' });
    await call(api, '/api/add-provider', {
      owner: org,
      name: 'mail',
      displayName: 'Mail',
      category: 'Email',
      type: 'Default',
      host: '127.0.0.1',
      port: smtpPort,
      disableSsl: true,
      clientId2: `noreply@${org}.test`,
      title: 'Your code',
      content: '<p>Your code is <b>%s</b></p>',
    });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: app,
      displayName: `Shop ${app}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      providers: [providerRow('mail')],
      signinMethods: [
        { name: 'Password', displayName: 'Password', rule: 'All' },
        { name: 'Verification code', displayName: 'Verification code', rule: 'All' },
      ],
    });
  });
  return { org, app, email };
}

async function expectSignedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(accountMenu(page)).toBeVisible();
}

test('a forgotten password is reset with a code sent by e-mail, then the new password signs in', async ({ page }) => {
  const { org, app, email } = await organizationWithMail();
  await page.goto(`/login/${org}`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`/forget/${app}`);
  await expect(heading(page, 'Reset password')).toBeVisible();

  // 1. The account.
  await page.getByLabel('Username, Email or phone').fill('nobody');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `The user: ${org}/nobody doesn't exist` })).toBeVisible();
  await page.getByLabel('Username, Email or phone').fill('alice');
  await page.getByRole('button', { name: 'Next Step' }).click();

  // 2. A code to its (masked) address, verified.
  await expect(page.getByRole('combobox', { name: 'Choose email or phone' })).toHaveValue(/^a\*\*\*e@/);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A code was sent to' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send again in \d+s$/ })).toBeDisabled();
  const code = await mailedCode(email);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong verification code!' })).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Next Step' }).click();

  // 3. The new password, under the organization's password options.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Re-enter new password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The password must have at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Re-enter new password').fill('new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password set successfully')).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/login/${org}`);
  await submitSignInForm(page, 'alice', 'old-password');
  await expect(page.getByRole('alert').filter({ hasText: 'password or code is incorrect' })).toBeVisible();
  await submitSignInForm(page, 'alice', 'new-password');
  await expectSignedIn(page);
});

test('signs in with a code sent by e-mail instead of the password', async ({ page }) => {
  const { org, email } = await organizationWithMail();
  await page.goto(`/login/${org}`);
  await page.getByRole('tab', { name: 'Verification code' }).click();
  await expect(page.getByRole('tab', { name: 'Verification code' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  // The address first: the button checks it before sending.
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Please input your Email or Phone!')).toBeVisible();
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = await mailedCode(email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectSignedIn(page);
});

test('administrators list the codes sent, read-only, without the codes themselves', async ({ page }) => {
  const { org, app, email } = await organizationWithMail();
  const sent = await asAdmin(async (api) => {
    const response = await api.post('/api/send-verification-code', {
      form: { applicationId: `admin/${app}`, type: 'email', dest: email, method: 'login' },
    });
    return response.json();
  });
  expect(sent.status, sent.msg).toBe('ok');
  const code = await mailedCode(email);

  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/verifications');
  await expect(heading(page, 'Verifications')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`${org}/alice`);
  await expect(row).toContainText('***');
  await expect(row).not.toContainText(code);
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('a user resets their e-mail address on the account page with a code sent to the new one', async ({ page }) => {
  const { org, app, email } = await organizationWithMail();
  // The account page sends codes through the user's application: the organization's default one.
  await updateRecord('organization', 'admin', org, { defaultApplication: app });
  await signIn(page, 'alice', 'old-password', org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  // Only administrators type an address in; the user proves a new one with a code.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Reset email' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reset email' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Email cannot be empty')).toBeVisible();
  const fresh = `alice.new@${org}.test`;
  await dialog.getByLabel('New email').fill(fresh);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Empty code')).toBeVisible();

  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: `A code was sent to ${fresh}` })).toBeVisible();
  const code = await mailedCode(fresh);
  await dialog.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Wrong verification code!')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Email/phone reset successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(fresh);
  expect(await getRecord('user', org, 'alice')).toMatchObject({ email: fresh, emailVerified: true });

  // Saving the page afterwards keeps the new address.
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getRecord('user', org, 'alice')).email).toBe(fresh);
});
