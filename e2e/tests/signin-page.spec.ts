import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config.js';
import { addApplication, addUsers, asAdmin, call, createOrganization, unique, uploadTermsOfUse } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { accountMenu, chooseOption, heading, pickOption, signIn, tabTo, toast } from '../support/fixtures.js';

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
  // The forgotten-password page of the application keeps its look (as Casdoor's); the style leaves
  // with the application's pages.
  await page.getByRole('link', { name: 'Lost it?' }).click();
  await expect(page).toHaveURL(`/forget/${name}`);
  await expect.poll(() => formOutline(page)).toBe('rgb(0, 128, 0)');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/404');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: '404 NOT FOUND' })).toBeVisible();
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
  // The dialog zooms in and out: on a loaded machine a click during the zoom can miss its button,
  // so each answer is given until the dialog is gone.
  const answer = async (button: 'Accept' | 'Decline') =>
    expect(async () => {
      if (await terms.isVisible()) await terms.getByRole('button', { name: button }).click({ timeout: 3000 });
      await expect(terms).toBeHidden({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
  await answer('Decline');
  await expect(agreement(page)).not.toBeChecked();
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  await expect(terms).toBeVisible();
  await answer('Accept');
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
  // Password is its only sign-in method (no verification code tab to fall back on).
  const { org } = await shop({
    enablePassword: false,
    signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'All' }],
  });
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
  await pickOption(page, `Org ${org} (${org})`);
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

/** An organization speaking English and Chinese whose only application has these sign-in items. */
async function itemsApplication(signinItems: Item[], fields: Record<string, unknown> = {}, orgFields: object = {}) {
  const org = await createOrganization('itm', { languages: ['en', 'zh'], ...orgFields });
  const name = unique('items');
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Items ${name}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      signinItems,
      ...fields,
    }),
  );
  return { org, name };
}

/**
 * The elements are shown one below the other, in this order, once the page has settled (an image
 * has no height until it has loaded: until then the element after it sits at its top).
 */
async function expectTopToBottom(...locators: Locator[]) {
  for (const locator of locators) await expect(locator).toBeVisible();
  await expect(async () => {
    const tops: number[] = [];
    for (const locator of locators) tops.push((await locator.boundingBox())?.y ?? Number.NaN);
    for (let i = 1; i < tops.length; i++)
      expect(tops[i], `element ${i + 1} below element ${i}`).toBeGreaterThan(tops[i - 1] ?? 0);
  }).toPass({ timeout: 10_000 });
}

const itemLogo = (page: Page) => page.locator('.login-form .login-logo img');

test('the Logo and Languages items sit at their rows; the "Label" rule names the language', async ({ page }) => {
  const { org } = await itemsApplication(
    [item('Username'), item('Logo'), item('Password'), item('Languages', { rule: 'Label' }), item('Login button')],
    { logo: '/logo.svg?items' },
  );
  await page.goto(`/login/${org}`);
  const language = page.getByRole('button', { name: 'Language: English' });
  await expect(itemLogo(page)).toHaveAttribute('src', '/logo.svg?items');
  await expectTopToBottom(page.getByLabel('Username'), itemLogo(page), page.getByLabel('Password'), language);
  // The labelled menu shows the current language's name; it is the page's only language menu and logo.
  await expect(language).toHaveText('English');
  await expect(page.getByRole('button', { name: /^Language/ })).toHaveCount(1);
  await expect(page.locator('.login-form img')).toHaveCount(1);

  await language.click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('button', { name: '语言：简体中文' })).toHaveText('简体中文');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
});

test('without the "Label" rule the language menu is the compact icon, and hidden items are not shown', async ({ page }) => {
  // An application without a logo shows its organization's.
  const { org } = await itemsApplication(
    [item('Languages'), item('Logo'), item('Username'), item('Password'), item('Login button')],
    {},
    { logo: '/logo.svg?org' },
  );
  await page.goto(`/login/${org}`);
  const language = page.getByRole('button', { name: 'Language', exact: true });
  await expect(language).toHaveText('');
  await expectTopToBottom(language, itemLogo(page), page.getByLabel('Username'), page.getByLabel('Password'));
  await expect(itemLogo(page)).toHaveAttribute('src', '/logo.svg?org');

  const { org: bare } = await itemsApplication([
    item('Languages', { visible: false, rule: 'Label' }),
    item('Logo', { visible: false }),
    item('Username'),
    item('Password'),
  ]);
  await page.goto(`/login/${bare}`);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Language/ })).toHaveCount(0);
  await expect(page.locator('.login-form img')).toHaveCount(0);
});

test('a custom item added in the editor shows its HTML at its place on the sign-in page', async ({ page, browser }) => {
  const { org, name } = await itemsApplication([item('Username'), item('Password'), item('Languages'), item('Login button')]);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/applications/${org}/${name}`);
  await expect(heading(page, 'Edit Application')).toBeVisible();
  const items = page.getByRole('group', { name: 'Sign-in items', exact: true });

  // "Add custom item" appends a shown custom row named Text 1 and moves the focus to its HTML.
  await items.getByRole('button', { name: 'Add custom item' }).click();
  await expect(items.getByRole('textbox', { name: 'Name of row 5' })).toHaveValue('Text 1');
  await expect(items.getByRole('switch', { name: 'Custom of row 5' })).toBeChecked();
  await expect(items.getByRole('switch', { name: 'Visible of row 5' })).toBeChecked();
  // Its HTML is written in a multi-line editor, not in a one-line Custom CSS cell.
  await expect(items.getByRole('textbox', { name: 'Custom CSS of row 5' })).toHaveCount(0);
  const html = page.getByRole('textbox', { name: 'HTML of Text 1 (row 5)' });
  await expect(html).toBeFocused();
  await page.keyboard.type('<p id="items-note">Mind the step</p>');
  await page.keyboard.press('Enter');
  await page.keyboard.type('<p id="items-more">Second line</p>');
  // Moved up between Username and Password.
  for (const row of [5, 4, 3]) await items.getByRole('button', { name: `Move row ${row} up` }).click();
  const moved = page.getByRole('textbox', { name: 'HTML of Text 1 (row 2)' });
  await expect(moved).toHaveValue('<p id="items-note">Mind the step</p>\n<p id="items-more">Second line</p>');
  // The Languages item's rule: its name as a label.
  await items
    .getByRole('row')
    .filter({ has: page.locator('[title="Languages"]') })
    .getByRole('combobox', { name: /^Rule of row/ })
    .click();
  await chooseOption(page, 'Label');

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const saved = await asAdmin(async (api) => (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data);
  expect(saved.signinItems.map((row: Item) => row.name)).toEqual(['Username', 'Text 1', 'Password', 'Languages', 'Login button']);
  expect(saved.signinItems[1]).toMatchObject({
    isCustom: true,
    visible: true,
    customCss: '<p id="items-note">Mind the step</p>\n<p id="items-more">Second line</p>',
  });
  expect(saved.signinItems[3]).toMatchObject({ name: 'Languages', rule: 'Label' });

  // A visitor sees the HTML where the row is, and the labelled language menu below the password.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const signin = await visitor.newPage();
  await signin.goto(new URL(`/login/${org}`, page.url()).href);
  await expectTopToBottom(
    signin.getByLabel('Username'),
    signin.locator('#items-note'),
    signin.locator('#items-more'),
    signin.getByLabel('Password'),
    signin.getByRole('button', { name: 'Language: English' }),
    signin.getByRole('button', { name: 'Sign In' }),
  );
  await expect(signin.locator('#items-note')).toHaveText('Mind the step');
  await visitor.close();
});

for (const locale of ['en-US', 'zh-CN']) {
  test.describe(`on a phone, ${locale}`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test('every sign-in method tab fits the card, and the page does not scroll sideways', async ({ page }) => {
      const org = await createOrganization('tabs', { languages: ['en', 'zh'] });
      await addApplication({
        organization: org,
        cert: 'cert-built-in',
        enablePassword: true,
        signinMethods: ['Password', 'Verification code', 'WebAuthn', 'LDAP'].map((name) => ({
          name,
          displayName: name,
          rule: name === 'Password' || name === 'Verification code' ? 'All' : 'None',
        })),
      });
      await page.goto(`/login/${org}`);
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(4);
      const card = await page.locator('.login-methods').boundingBox();
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        expect(box && card && box.x >= card.x - 1 && box.x + box.width <= card.x + card.width + 1).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}
