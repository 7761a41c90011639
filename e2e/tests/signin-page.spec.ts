import { expect, type Page, test } from '@playwright/test';
import { addUsers, asAdmin, call, createOrganization, unique, uploadTermsOfUse } from '../support/api.js';
import { accountMenu, chooseOption, heading, tabTo } from '../support/fixtures.js';

/**
 * The sign-in page rendered from the application (/login/{organization} shows the organization's
 * application): its sign-in items in their order with their labels, custom HTML and CSS, the
 * agreement with the terms of use, the header and footer HTML (sanitized), the form CSS of wide
 * screens and phones, the organization choice, and the refusal of password sign-in.
 */

type Item = Record<string, unknown> & { name: string };
const item = (name: string, fields: Partial<Item> = {}): Item => ({
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

const TERMS = '<!doctype html><title>Terms</title><h1>Rules of the shop</h1>';

/** Password before Username, custom labels, a custom HTML item, the agreement; no sign-up link, no Auto sign in box. */
const SHOP_ITEMS: Item[] = [
  item('Back button'),
  item('Languages', { visible: false }),
  item('Logo'),
  item('Text 1', {
    isCustom: true,
    customCss: '<p id="shop-welcome">Welcome to the shop</p><img src="x" onerror="window.__itemRan = true">',
  }),
  item('Password', { label: 'Secret word', placeholder: 'your secret' }),
  item('Username', {
    label: 'Shopper',
    placeholder: 'name or e-mail',
    customCss: '<style>.login-username-input { background-color: rgb(255, 240, 200) !important; }</style>',
  }),
  item('Agreement'),
  item('Forgot password?', { label: 'Lost it?' }),
  item('Login button', { label: 'Enter the shop' }),
  item('Signup link', { visible: false }),
  item('Auto sign in', { visible: false }),
];

/** An organization with a user (`shopper`, password `shopper-pass`) and its only application, configured as told. */
async function shop(fields: Record<string, unknown> = {}) {
  const org = await createOrganization('sgn');
  await addUsers(org, ['shopper']);
  const name = unique('shop');
  await asAdmin(async (api) => {
    const termsOfUse = await uploadTermsOfUse(api, org, name, TERMS);
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Shop ${name}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      termsOfUse,
      signinItems: SHOP_ITEMS,
      signupItems: [item('Username'), item('Password'), item('Agreement', { rule: 'Signin' }), item('Signup button')],
      headerHtml:
        '<div id="shop-header">Shop header</div><script>window.__headerRan = true</script><img src="x" onerror="window.__headerRan = true">',
      footerHtml: '<div id="shop-footer">Shop footer <a href="https://shop.test/help">Help</a></div>',
      formCss: '<style>.login-form { outline: 3px solid rgb(0, 128, 0); }</style>',
      formCssMobile: '<style>.login-form { outline: 3px solid rgb(0, 0, 255); }</style>',
      ...fields,
    });
  });
  return { org, name };
}

/** An organization whose application asks which organization to sign in to. */
async function chooser(orgChoiceMode: 'Select' | 'Input') {
  // The language menu offers the organization's languages.
  const org = await createOrganization('pick', { languages: ['en', 'zh'] });
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name: unique('door'),
      displayName: 'Front door',
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      orgChoiceMode,
    }),
  );
  return org;
}

const agreement = (page: Page) => page.getByRole('checkbox', { name: 'I have read and agree to the' });
const formOutline = (page: Page) => page.locator('.login-form').evaluate((el) => getComputedStyle(el).outlineColor);

test('the organization page shows its application: items in order, labels, custom HTML and CSS, sanitized header and footer', async ({
  page,
}) => {
  const { org, name } = await shop();
  await page.goto(`/login/${org}`);
  await expect(heading(page, `Shop ${name}`)).toBeVisible();

  // Password comes first, so it has the focus; both carry the items' labels and placeholders.
  const password = page.getByLabel('Secret word');
  const username = page.getByLabel('Shopper');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('placeholder', 'your secret');
  await expect(username).toHaveAttribute('placeholder', 'name or e-mail');
  const [passwordBox, usernameBox] = [await password.boundingBox(), await username.boundingBox()];
  expect(passwordBox?.y).toBeLessThan(usernameBox?.y ?? 0);

  // Hidden items stay out: no sign-up link, no Auto sign in box, no language menu; no Back button
  // either, as the page was not opened from the organization choice.
  await expect(page.getByRole('link', { name: 'sign up now' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Auto sign in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Language' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lost it?' })).toHaveAttribute('href', `/forget/${name}`);

  // The administrator's HTML is shown without its scripts and event handlers.
  await expect(page.locator('#shop-welcome')).toHaveText('Welcome to the shop');
  await expect(page.locator('#shop-header')).toHaveText('Shop header');
  await expect(page.locator('#shop-footer')).toContainText('Shop footer');
  await expect(page.locator('#shop-footer').getByRole('link', { name: 'Help' })).toHaveAttribute(
    'href',
    'https://shop.test/help',
  );
  await expect(page.locator('.login-header-html script')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __headerRan?: boolean; __itemRan?: boolean }).__headerRan)).toBeUndefined();
  expect(await page.evaluate(() => (window as { __itemRan?: boolean }).__itemRan)).toBeUndefined();

  // The form CSS of wide screens and the item's custom CSS apply.
  await expect.poll(() => formOutline(page)).toBe('rgb(0, 128, 0)');
  await expect
    .poll(() => username.evaluate((el) => getComputedStyle(el.closest('.login-username-input') ?? el).backgroundColor))
    .toBe('rgb(255, 240, 200)');
  // The page's style leaves with the page.
  await page.getByRole('link', { name: 'Lost it?' }).click();
  await expect(page).toHaveURL(`/forget/${name}`);
  await expect(page.locator('style', { hasText: 'rgb(0, 128, 0)' })).toHaveCount(0);
});

test('signing in needs the agreement: refused until ticked, the terms open in a dialog', async ({ page }) => {
  const { org } = await shop();
  await page.goto(`/login/${org}`);
  await page.getByLabel('Shopper').fill('shopper');
  await page.getByLabel('Secret word').fill('shopper-pass');
  await page.getByRole('button', { name: 'Enter the shop' }).click();
  await expect(page.getByText('Please accept the agreement!')).toBeVisible();
  await expect(page).toHaveURL(`/login/${org}`);
  const account = await (await page.request.get('/api/get-account')).json();
  expect(account.code).toBe('pleaseLogin');

  await page.getByRole('button', { name: 'Terms of Use' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Use' });
  await expect(terms.frameLocator('iframe').getByRole('heading', { name: 'Rules of the shop' })).toBeVisible();
  await terms.getByRole('button', { name: 'Decline' }).click();
  await expect(agreement(page)).not.toBeChecked();
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement(page)).toBeChecked();
  await expect(page.getByText('Please accept the agreement!')).toHaveCount(0);

  await page.getByRole('button', { name: 'Enter the shop' }).click();
  // Ordinary users start at the app launcher.
  await expect(page).toHaveURL('/apps');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of User shopper');
});

test('the form is completed with the keyboard alone', async ({ page }) => {
  const { org } = await shop();
  await page.goto(`/login/${org}`);
  await expect(page.getByLabel('Secret word')).toBeFocused();
  await page.keyboard.type('shopper-pass');
  await tabTo(page, page.getByLabel('Shopper'), 3);
  await page.keyboard.type('shopper');
  await tabTo(page, agreement(page), 5);
  await page.keyboard.press('Space');
  await expect(agreement(page)).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Enter the shop' }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/apps');
});

test('an application that refuses passwords says so instead of showing the form', async ({ page }) => {
  const { org } = await shop({ enablePassword: false });
  await page.goto(`/login/${org}`);
  await expect(page.getByText('The login method: login with password is not enabled for the application')).toBeVisible();
  await expect(page.getByLabel('Shopper')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enter the shop' })).toHaveCount(0);
  await expect(page.locator('#shop-header')).toBeVisible();
});

test('an unknown organization shows the server message and the way back', async ({ page }) => {
  await page.goto('/login/no-such-org-here');
  await expect(heading(page, 'This sign-in page cannot be shown')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('The organization "no-such-org-here" does not exist');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Username')).toBeFocused();
});

test('organization choice Select: a searched list that opens the chosen sign-in page, and Back returns', async ({ page }) => {
  const { org, name } = await shop();
  const entrance = await chooser('Select');
  await page.goto(`/login/${entrance}`);
  await expect(heading(page, 'Front door')).toBeVisible();
  await expect(page.getByText('Please select an organization to sign in')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);

  const picker = page.getByRole('combobox', { name: 'Please select an organization to sign in' });
  await expect(picker).toBeFocused();
  // The list is searched on the server: typing narrows it to the organization.
  await page.keyboard.type(org);
  await chooseOption(page, `Org ${org} (${org})`);
  await expect(page).toHaveURL(`/login/${org}?orgChoiceMode=None`);
  await expect(heading(page, `Shop ${name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`/login/${entrance}`);
  await expect(page.getByText('Please select an organization to sign in')).toBeVisible();
});

test('organization choice Input: the typed name opens its sign-in page, an empty one is refused; in Chinese too', async ({
  page,
}) => {
  const { org, name } = await shop();
  const entrance = await chooser('Input');
  await page.goto(`/login/${entrance}`);
  await expect(page.getByText('Please type an organization to sign in')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please input your organization name!')).toBeVisible();
  await page.getByLabel('Organization').fill(org);
  await page.getByLabel('Organization').press('Enter');
  await expect(page).toHaveURL(`/login/${org}?orgChoiceMode=None`);
  await expect(heading(page, `Shop ${name}`)).toBeVisible();

  await page.goto(`/login/${entrance}`);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByText('请输入要登录的组织')).toBeVisible();
  await page.getByRole('button', { name: /^确\s?认$/ }).click();
  await expect(page.getByText('请输入组织的名称！')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the mobile form CSS applies, the page fits the width, and the sign-in works', async ({ page }) => {
    const { org } = await shop();
    await page.goto(`/login/${org}`);
    await expect(page.getByLabel('Secret word')).toBeVisible();
    await expect.poll(() => formOutline(page)).toBe('rgb(0, 0, 255)');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByLabel('Shopper').fill('shopper');
    await page.getByLabel('Secret word').fill('shopper-pass');
    await agreement(page).check();
    await page.getByRole('button', { name: 'Enter the shop' }).click();
    await expect(page).toHaveURL('/apps');
  });
});
