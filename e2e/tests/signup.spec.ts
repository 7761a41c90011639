import { providerRow } from '@gatehouse/entities';
import { expect, type Page, test } from '@playwright/test';
import { addUsers, asAdmin, call, createOrganization, unique, uploadTermsOfUse } from '../support/api.js';
import { accountMenu, heading, logOut, pickOption, signIn, submitSignInForm, tabTo } from '../support/fixtures.js';
import { startRelyingParty } from '../support/relying-party.js';

/**
 * The sign-up page (/signup/{application}) of applications created through the API: the form of
 * the application's sign-up items, its checks and the server's refusals, the agreement with the
 * terms of use, landing signed in, the way back to the sign-in page, and the sign-up of an
 * authorization request that continues to the relying party.
 */

type Item = Record<string, unknown> & { name: string };
const item = (name: string, fields: Partial<Item> = {}): Item => ({
  name,
  visible: true,
  required: true,
  rule: 'None',
  ...fields,
});

/** The default items of an application, with an agreement that must be ticked. */
const ITEMS: Item[] = [
  item('ID', { visible: false, rule: 'Random' }),
  item('Username'),
  item('Display name'),
  item('Password'),
  item('Confirm password'),
  item('Email', { rule: 'No verification' }),
  item('Phone', { required: false, rule: 'No verification' }),
  item('Agreement', { rule: 'Signin' }),
  item('Signup button'),
  item('Providers', { required: false, rule: 'big' }),
];

const TERMS = '<!doctype html><title>Terms</title><h1>Terms of the shop</h1><p>Be nice to each other.</p>';

/** An organization (US and DE phone numbers, passwords of 6 characters at least) and an application of it. */
async function signupApplication(fields: Record<string, unknown> = {}) {
  const org = await createOrganization('su', { countryCodes: ['US', 'DE'], passwordOptions: ['AtLeast6'] });
  const name = unique('shop');
  const app = await asAdmin(async (api) => {
    const termsOfUse = await uploadTermsOfUse(api, org, name, TERMS);
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Shop ${name}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems: ITEMS,
      termsOfUse,
      ...fields,
    });
    return (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data;
  });
  return { org, name, app };
}

/** Fills the form's inputs (the agreement is left to each test). */
async function fillForm(
  page: Page,
  values: { username: string; name?: string; password: string; confirm?: string; email?: string },
) {
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Display name').fill(values.name ?? `Person ${values.username}`);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm').fill(values.confirm ?? values.password);
  await page.getByLabel('Email').fill(values.email ?? `${values.username}@shop.test`);
}

const agreement = (page: Page) => page.getByRole('checkbox', { name: 'I have read and agree to the' });
const signUpButton = (page: Page) => page.getByRole('button', { name: 'Sign Up' });

test('signs up through the page, lands signed in, and signs in again with the new password', async ({ page }) => {
  const { org, name } = await signupApplication();
  const username = unique('ada');
  await page.goto(`/signup/${name}`);
  await expect(heading(page, `Shop ${name}`)).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();

  await fillForm(page, { username, name: 'Ada Lovelace', password: 'ada-secret' });
  await page.getByLabel('Phone').fill('15123456789');
  await page.getByRole('combobox', { name: 'Country code' }).click();
  // The choices name the regions; the chosen one shows its code.
  await pickOption(page, /Germany/);
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('DE');

  // The terms open in a dialog; accepting them ticks the agreement.
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Use' });
  await expect(terms.frameLocator('iframe').getByRole('heading', { name: 'Terms of the shop' })).toBeVisible();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(terms).toBeHidden();
  await expect(agreement(page)).toBeChecked();

  await signUpButton(page).click();
  // Ordinary users start at the app launcher, signed in as the new account.
  await expect(page).toHaveURL('/apps');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Ada Lovelace');
  const user = await asAdmin(async (api) => (await call(api, '/api/get-user', undefined, { id: `${org}/${username}` })).data);
  expect(user).toMatchObject({
    displayName: 'Ada Lovelace',
    email: `${username}@shop.test`,
    phone: '15123456789',
    countryCode: 'DE',
  });
  expect(user.signupApplication).toBe(name);

  await logOut(page);
  await expect(page).toHaveURL(`/login/${org}`);
  // The organization's sign-in page is its application's: its agreement rule (Signin) asks here too.
  await agreement(page).check();
  await submitSignInForm(page, username, 'ada-secret');
  await expect(page).toHaveURL('/apps');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Ada Lovelace');
});

test('shows the message of each rule at its input, and the agreement is required', async ({ page }) => {
  const { name } = await signupApplication();
  await page.goto(`/signup/${name}`);
  await signUpButton(page).click();
  await expect(page.getByText('Please input your Username!')).toBeVisible();
  await expect(page.getByText('Please input your Display name!')).toBeVisible();
  await expect(page.getByText('Please input your Password!')).toBeVisible();
  await expect(page.getByText('Please input your Email!')).toBeVisible();
  await expect(page.getByText('Please accept the agreement!')).toBeVisible();
  // Phone is optional.
  await expect(page.getByText('Please input your Phone!')).toHaveCount(0);

  await page.getByLabel('Username').fill('1abc');
  await expect(page.getByText('Username cannot start with a digit')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('The password must have at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('long-enough');
  await page.getByLabel('Confirm').fill('long-enougH');
  await expect(page.getByText('Two passwords you typed do not match.')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Phone').fill('12');
  await expect(page.getByText('Phone number is invalid')).toBeVisible();

  // Declining the terms leaves the agreement unticked and required.
  await agreement(page).check();
  await expect(page.getByText('Please accept the agreement!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  await page.getByRole('dialog', { name: 'Terms of Use' }).getByRole('button', { name: 'Decline' }).click();
  await expect(agreement(page)).not.toBeChecked();
  await expect(page.getByText('Please accept the agreement!')).toBeVisible();
  // Nothing was sent: the page is still the form.
  await expect(page).toHaveURL(`/signup/${name}`);
});

test("shows the server's refusal of a username the organization already has", async ({ page }) => {
  const { org, name } = await signupApplication();
  await addUsers(org, ['taken']);
  await page.goto(`/signup/${name}`);
  await fillForm(page, { username: 'taken', password: 'taken-secret', email: 'other@shop.test' });
  await agreement(page).check();
  await signUpButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username already exists' })).toBeVisible();
  await expect(page).toHaveURL(`/signup/${name}`);
});

test('an application that does not allow sign-up says so and leads to its sign-in page', async ({ page }) => {
  const { org, name } = await signupApplication({ enableSignUp: false });
  await page.goto(`/signup/${name}`);
  await expect(page.getByText('The application does not allow to sign up new account')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`/login/${org}`);
});

test('an unknown application shows the server message', async ({ page }) => {
  await page.goto('/signup/no-such-shop');
  await expect(heading(page, 'This sign-up page cannot be shown')).toBeVisible();
  await expect(page.getByText('The application "no-such-shop" does not exist')).toBeVisible();
});

test('"sign in now" goes to the sign-in page and the console sign-in page links to the sign-up page', async ({ page }) => {
  const { org, name } = await signupApplication();
  await page.goto(`/signup/${name}`);
  await page.getByRole('link', { name: 'sign in now' }).click();
  await expect(page).toHaveURL(`/login/${org}`);

  await page.goto('/login');
  await page.getByRole('link', { name: 'sign up now' }).click();
  await expect(page).toHaveURL('/signup/app-built-in');
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('the invitation code of a link fills the Invitation code input', async ({ page }) => {
  const { name } = await signupApplication({
    signupItems: [item('Username'), item('Password'), item('Invitation code', { required: false }), item('Signup button')],
  });
  await page.goto(`/signup/${name}?invitationCode=WELCOME42`);
  await expect(page.getByLabel('Invitation code')).toHaveValue('WELCOME42');
  // Labels follow the items: no Display name or Email here.
  await expect(page.getByLabel('Display name')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test('a signed-in visitor is asked to sign out first, and then gets the form', async ({ page }) => {
  const { org, name } = await signupApplication();
  await addUsers(org, ['member']);
  await signIn(page, 'member', 'member-pass', org);
  await page.goto(`/signup/${name}`);
  await expect(page.getByText('Please sign out first before signing up')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('speaks Chinese: labels, the checks and the server messages', async ({ page }) => {
  const { org, name } = await signupApplication();
  await addUsers(org, ['taken']);
  await page.addInitScript(() => localStorage.setItem('language', 'zh'));
  await page.goto(`/signup/${name}`);
  // antd spaces out a two-character Chinese button label.
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page.getByText('请输入用户名！')).toBeVisible();
  await expect(page.getByText('请接受协议！')).toBeVisible();
  await page.getByLabel('用户名').fill('taken');
  await page.getByLabel('显示名称').fill('Taken');
  await page.getByLabel('密码', { exact: true }).fill('taken-secret');
  await page.getByLabel('确认密码').fill('taken-secret');
  await page.getByLabel('电子邮箱').fill('taken2@shop.test');
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '用户名已存在' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the form fits the width and signs up with the keyboard alone', async ({ page }) => {
    const { name } = await signupApplication();
    await page.goto(`/signup/${name}`);
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const username = unique('kb');
    await fillForm(page, { username, password: 'kb-secret' });
    // The terms open from the keyboard, and Accept ticks the agreement.
    await tabTo(page, page.getByRole('button', { name: 'Terms of Use' }));
    await page.keyboard.press('Enter');
    const terms = page.getByRole('dialog', { name: 'Terms of Use' });
    await expect(terms).toBeVisible();
    await terms.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await expect(terms).toBeHidden();
    await expect(agreement(page)).toBeChecked();
    await page.getByLabel('Email').press('Enter');
    await expect(page).toHaveURL('/apps');
  });
});

test('the sign-up of an authorization request continues to the relying party', async ({ page }, info) => {
  const port = 19400 + info.workerIndex * 10 + info.retry;
  const { app } = await signupApplication({
    redirectUris: [`http://127.0.0.1:${port}/callback`],
    grantTypes: ['authorization_code'],
    signupItems: [item('Username'), item('Password'), item('Email', { rule: 'No verification' }), item('Signup button')],
  });
  const rp = await startRelyingParty(app.clientId, app.clientSecret, port);
  try {
    await page.goto(`${rp.url}/login`);
    await expect(page).toHaveURL(/\/login\/oauth\/authorize\?/);
    await page.getByRole('link', { name: 'sign up now' }).click();
    await expect(page).toHaveURL(/\/signup\/oauth\/authorize\?.*client_id=/);
    // The address changes before the sign-up form replaces the sign-in form (whose Username is the same label).
    await expect(signUpButton(page)).toBeVisible();
    const username = unique('rp');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('rp-secret');
    await page.getByLabel('Email').fill(`${username}@shop.test`);
    await signUpButton(page).click();
    await expect(page.getByRole('heading', { name: `Hello ${username}` })).toBeVisible();
    await expect(page.locator('#email')).toHaveText(`${username}@shop.test`);
  } finally {
    await rp.close();
  }
});

test("the Providers item shows the buttons of the application's providers that may sign up", async ({ page }) => {
  const org = await createOrganization('sup', { passwordOptions: ['AtLeast6'] });
  const name = unique('socialshop');
  const row = (provider: string, fields: object) => ({ ...providerRow(provider, ''), canUnlink: true, ...fields });
  const items = (rule: string) => [
    item('Username'),
    item('Password'),
    item('Signup button'),
    item('Providers', { required: false, rule }),
  ];
  await asAdmin(async (api) => {
    const provider = (providerName: string, type: string) =>
      call(api, '/api/add-provider', {
        owner: org,
        name: providerName,
        displayName: `${type} of the shop`,
        category: 'OAuth',
        type,
        clientId: `${providerName}-client`,
        clientSecret: 'secret',
      });
    await provider('gh', 'GitHub');
    await provider('google', 'Google');
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Shop ${name}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems: items('big'),
      // Google signs in only; GitHub signs up too.
      providers: [row('google', { canSignIn: true }), row('gh', { canSignUp: true, canSignIn: true })],
    });
  });

  await page.goto(`/signup/${name}`);
  await expect(heading(page, `Shop ${name}`)).toBeVisible();
  await expect(page.getByText('Or sign up with', { exact: true })).toBeVisible();
  const github = page.getByRole('button', { name: 'Sign up with GitHub of the shop' });
  await expect(github).toBeVisible();
  await expect(page.getByRole('button', { name: /Google of the shop/ })).toHaveCount(0);

  // The button goes to the provider (GitHub stands in here), with a state for this browser.
  await page.route('https://github.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>GitHub</title><h1>GitHub stand-in</h1>',
    }),
  );
  await github.click();
  await expect(page).toHaveURL(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe('gh-client');
  expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/callback$/);
  expect(authorize.searchParams.get('state')).toBeTruthy();

  // Rule small: icons, named for screen readers.
  await asAdmin(async (api) => {
    const stored = (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data;
    await call(api, '/api/update-application', { ...stored, signupItems: items('small') }, { id: `admin/${name}` });
  });
  await page.goto(`/signup/${name}`);
  const icon = page.getByRole('button', { name: 'Sign up with GitHub of the shop' });
  await expect(icon).toBeVisible();
  await expect(icon).toHaveText('');
});
