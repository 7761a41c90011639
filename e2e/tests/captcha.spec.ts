import { createHash } from 'node:crypto';
import path from 'node:path';
import { BUILT_IN_CAPTCHA_PROVIDER, providerRow } from '@gatehouse/entities';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { addUsers, asAdmin, call, createOrganization, unique } from '../support/api.js';

/**
 * The captcha of the sign-in page, by the rule of the application's captcha provider row: Always
 * asks before every sign-in (in a dialog: the Captcha item's default "pop up" rule), Dynamic once
 * the login has had a wrong password (here inline, at the Captcha item). The built-in image
 * captcha is drawn by the server, which keeps only a hash of the answer.
 *
 * The test cannot read the picture. Rather than a switch in the server that production would carry,
 * it does what only the operator of this test server can: it opens the server's SQLite database
 * (the e2e data folder) and replaces the stored hash of the challenge the page shows with the hash
 * of an answer it knows, in the server's format SHA-256("<captchaId>:<ANSWER>")
 * (packages/server/src/integrations/captcha/store.ts). The server code under test is the production
 * build, unchanged.
 */

const ANSWER = 'AC3XY';
const IMAGE = 'Captcha image: type the characters it shows';

function setCaptchaAnswer(captchaId: string, answer = ANSWER) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'gatehouse.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const hash = createHash('sha256').update(`${captchaId}:${answer}`).digest('hex');
    const changed = db.prepare('update captcha set answer_hash = ? where id = ?').run(hash, captchaId).changes;
    expect(changed, `captcha ${captchaId} is stored`).toBe(1);
  } finally {
    db.close();
  }
}

/** The id of the next challenge the page loads (GET /api/get-captcha). */
async function nextCaptchaId(page: Page): Promise<string> {
  const response = await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/get-captcha');
  const body = await response.json();
  expect(body.data.type).toBe('Default');
  return String(body.data.captchaId);
}

const item = (name: string, fields: Record<string, unknown> = {}) => ({
  name,
  visible: true,
  required: true,
  label: '',
  customCss: '',
  placeholder: '',
  rule: 'None',
  isCustom: false,
  ...fields,
});

/** An organization with a user (`shopper` / `shopper-pass`) and one application with the built-in captcha under `rule`. */
async function captchaShop(rule: 'Always' | 'Dynamic', fields: Record<string, unknown> = {}) {
  const org = await createOrganization('cap');
  await addUsers(org, ['shopper']);
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name: unique('captcha'),
      displayName: `Captcha ${rule}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      providers: [providerRow(BUILT_IN_CAPTCHA_PROVIDER, rule)],
      ...fields,
    }),
  );
  return org;
}

const passwordInput = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

async function fillCredentials(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('shopper');
  await passwordInput(page).fill(password);
}

test('rule Always: the image captcha pops up before the sign-in is sent; a wrong answer is refused, the right one signs in', async ({
  page,
}) => {
  const org = await captchaShop('Always');
  await page.goto(`/login/${org}`);
  await fillCredentials(page, 'shopper-pass');

  let challenge = nextCaptchaId(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please complete the captcha' });
  const image = dialog.getByRole('img', { name: IMAGE });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await challenge;
  // OK waits for an answer.
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();

  // Another image on request.
  const firstImage = await image.getAttribute('src');
  challenge = nextCaptchaId(page);
  await dialog.getByRole('button', { name: 'Show another image' }).click();
  await challenge;
  await expect(image).not.toHaveAttribute('src', firstImage ?? '');

  await dialog.getByLabel('Captcha', { exact: true }).fill('XXXXX');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alert')).toHaveText('Turing test failed.');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/login/${org}`);

  // The next try draws a new image; its (known) answer signs in, typed in lower case, Enter confirming.
  challenge = nextCaptchaId(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  setCaptchaAnswer(await challenge);
  await dialog.getByLabel('Captcha', { exact: true }).fill(ANSWER.toLowerCase());
  await dialog.getByLabel('Captcha', { exact: true }).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  const account = await (await page.request.get('/api/get-account')).json();
  expect(account.data.name).toBe('shopper');
});

test('rule Dynamic: no captcha until a wrong password, then one in the form until the next sign-in', async ({ page }) => {
  const items = [item('Logo'), item('Username'), item('Password'), item('Captcha', { rule: 'inline' }), item('Login button')];
  const org = await captchaShop('Dynamic', { signinItems: items });

  // A first sign-in needs no captcha.
  await page.goto(`/login/${org}`);
  await fillCredentials(page, 'shopper-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.context().clearCookies();

  // A wrong password: the refusal, then the captcha appears in the form.
  await page.goto(`/login/${org}`);
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: IMAGE })).toHaveCount(0);
  await fillCredentials(page, 'not-the-password');
  const challenge = nextCaptchaId(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^password or code is incorrect/);
  await expect(page.getByRole('img', { name: IMAGE })).toBeVisible();
  await challenge;

  // The right password alone is not enough now.
  await passwordInput(page).fill('shopper-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please complete the captcha')).toBeVisible();
  await expect(page).toHaveURL(`/login/${org}`);

  // A wrong answer is refused, and a new image (with an empty input) replaces the spent one.
  const answer = page.getByLabel('Captcha', { exact: true });
  await answer.fill('XXXXX');
  const next = nextCaptchaId(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Turing test failed.');
  const captchaId = await next;
  await expect(answer).toHaveValue('');

  setCaptchaAnswer(captchaId);
  await answer.fill(ANSWER);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const account = await (await page.request.get('/api/get-account')).json();
  expect(account.data.name).toBe('shopper');
});
