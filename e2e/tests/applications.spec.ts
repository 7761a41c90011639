import type { Locator, Page } from '@playwright/test';
import { addApplication, asAdmin, call, unique } from '../support/api.js';
import { fieldError, saveButton } from '../support/console.js';
import { chooseOption, expect, heading, rowOf, signIn, teamTest, adminTest as test, toast } from '../support/fixtures.js';

/** An application of the built-in organization made through the API (fields override the defaults). */
const createApplication = (fields: object = {}) => addApplication(fields);

async function getApplication(name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data);
}

/** The list editor of a field (a group named by the field's label). */
const table = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
/** The values of a list editor's text cells, in order. */
const textValues = (group: Locator) =>
  group.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The row of a list editor whose name select shows `name`. */
const tableRow = (group: Locator, name: string) =>
  group.getByRole('row').filter({ has: group.page().locator(`[title="${name}"]`) });

async function openApplication(page: Page, name: string) {
  await page.goto(`/applications/built-in/${name}`);
  await expect(heading(page, 'Edit Application')).toBeVisible();
}

test('the list shows the applications, the built-in one cannot be deleted, and Add opens the sectioned form', async ({
  page,
}) => {
  const name = await createApplication();
  await page.goto(`/applications?field=name&value=${name}`);
  await expect(heading(page, 'Applications')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Created time',
    'Display name',
    'Logo',
    'Organization',
    'Client ID',
    'Action',
  ]);
  await expect(rowOf(page, name).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/applications/built-in/${name}`);
  await expect(rowOf(page, name).getByRole('button', { name: 'Delete' })).toBeEnabled();
  await page.goto('/applications?field=name&value=app-built-in');
  await expect(rowOf(page, 'app-built-in').getByRole('button', { name: 'Delete' })).toBeDisabled();

  await page.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/built-in\/application_[a-z0-9]{6}\?mode=add$/);
  await expect(heading(page, 'New Application')).toBeVisible();
  const sections = [
    'Basic',
    'Tokens and OAuth',
    'Authentication and sign-in',
    'Sign-up',
    'Providers',
    'SAML',
    'Appearance and theme',
    'HTML and CSS customisation',
  ];
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(sections);
  // The section navigation scrolls to a section and moves the focus to its heading.
  const navigation = page.getByRole('navigation', { name: 'Sections' });
  await navigation.getByRole('link', { name: 'SAML', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'SAML' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'SAML' })).toBeInViewport();
  await expect(page).toHaveURL(/\?mode=add$/);
  // A new application has the product's defaults; the secret is shown to who may edit it.
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveValue(/^[0-9a-f]{40}$/);
  await expect.poll(() => textValues(table(page, 'Redirect URLs'))).toEqual(['http://localhost:9000/callback']);
});

test('the redirect URL and sign-up item tables edit rows, with the product row rules', async ({ page }) => {
  const name = await createApplication();
  await openApplication(page, name);

  const redirects = table(page, 'Redirect URLs');
  await redirects.getByRole('button', { name: 'Add' }).click();
  const second = redirects.getByRole('textbox', { name: 'Redirect URL of row 2' });
  await expect(second).toBeFocused();
  await second.fill('https://app.example.com/callback');
  await redirects.getByRole('button', { name: 'Move row 2 up' }).click();
  await expect.poll(() => textValues(redirects)).toEqual(['https://app.example.com/callback', 'http://localhost:9000/callback']);
  // The moved row keeps the focus on its button.
  await expect(redirects.getByRole('button', { name: 'Move row 1 down' })).toBeFocused();

  const signup = table(page, 'Sign-up items');
  // The Password item cannot be made optional; the Signup button item cannot be deleted; ID has no visibility toggle.
  const password = tableRow(signup, 'Password');
  await expect(password.getByRole('switch', { name: /^Required of row/ })).toBeDisabled();
  await expect(password.getByRole('switch', { name: /^Required of row/ })).toBeChecked();
  await expect(tableRow(signup, 'Signup button').getByRole('button', { name: /^Delete row/ })).toBeDisabled();
  await expect(tableRow(signup, 'ID').getByRole('switch', { name: /^Visible of row/ })).toHaveCount(0);
  // Showing an item makes it required; hiding it makes it optional.
  const phone = tableRow(signup, 'Phone');
  await phone.getByRole('switch', { name: /^Visible of row/ }).click();
  await expect(phone.getByRole('switch', { name: /^Required of row/ })).not.toBeChecked();
  await phone.getByRole('switch', { name: /^Visible of row/ }).click();
  await expect(phone.getByRole('switch', { name: /^Required of row/ })).toBeChecked();
  // The rule choices are the item's own.
  await tableRow(signup, 'Email')
    .getByRole('combobox', { name: /^Rule of row/ })
    .click();
  await chooseOption(page, 'No verification');

  const methods = table(page, 'Sign-in methods');
  for (let i = 0; i < 3; i++) await methods.getByRole('button', { name: 'Delete row 1' }).click();
  await expect(methods.getByRole('button', { name: 'Delete row 1' })).toBeDisabled();

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const saved = await getApplication(name);
  expect(saved.redirectUris).toEqual(['https://app.example.com/callback', 'http://localhost:9000/callback']);
  expect(saved.signupItems.find((item: { name: string }) => item.name === 'Email').rule).toBe('No verification');
  expect(saved.signupItems.find((item: { name: string }) => item.name === 'Phone')).toMatchObject({
    visible: true,
    required: true,
  });
  expect(saved.signinMethods).toEqual([{ name: 'Face ID', displayName: 'Face ID', rule: 'None' }]);
});

test('auto sign-in needs the sign-in session, and turning the session off turns auto sign-in off', async ({ page }) => {
  const name = await createApplication();
  await openApplication(page, name);
  const session = page.getByLabel('Signin session', { exact: true });
  const auto = page.getByLabel('Auto signin', { exact: true });
  await auto.click();
  await saveButton(page).click();
  await expect(toast(page, 'Failed to save: Please enable "Signin session" first before enabling "Auto signin"')).toBeVisible();

  await session.click();
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect(await getApplication(name)).toMatchObject({ enableSigninSession: true, enableAutoSignin: true });
  await session.click();
  await expect(auto).not.toBeChecked();
});

test('token fields are editable only with the JWT-Custom token format', async ({ page }) => {
  const name = await createApplication({ tokenFormat: 'JWT' });
  await openApplication(page, name);
  const tokenFields = page.getByLabel('Token fields', { exact: true });
  await expect(tokenFields).toBeDisabled();
  await page.getByLabel('Token format', { exact: true }).click();
  await chooseOption(page, 'JWT-Custom');
  await expect(tokenFields).toBeEnabled();
  await tokenFields.click();
  await chooseOption(page, 'email');
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect(await getApplication(name)).toMatchObject({ tokenFormat: 'JWT-Custom', tokenFields: ['email'] });
  // Expiry hours stay at 1 or more: the field says so, and nothing is sent.
  const expiry = page.getByLabel('Token expiry (hours)', { exact: true });
  await expiry.fill('0');
  await saveButton(page).click();
  await expect(fieldError(page, expiry)).toHaveText('Token expiry (hours) must be at least 1');
  await expect(expiry).toHaveValue('0');
  expect(await getApplication(name)).toMatchObject({ expireInHours: 168 });
});

test('the SAML metadata URL is copied as edited', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = await createApplication();
  await openApplication(page, name);
  const origin = new URL(page.url()).origin;
  await page.getByLabel('SAML POST binding', { exact: true }).click();
  await page.getByRole('button', { name: 'Copy URL' }).click();
  await expect(toast(page, 'Copied to clipboard successfully')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${origin}/api/saml/metadata?application=admin/${name}&enablePostBinding=true`,
  );
  await expect(page.getByLabel('SAML metadata', { exact: true })).toHaveValue(
    `${origin}/api/saml/metadata?application=admin/${name}&enablePostBinding=true`,
  );
});

test('the sign-in preview needs a redirect URL', async ({ page }) => {
  const name = await createApplication();
  await openApplication(page, name);
  const { clientId } = await getApplication(name);
  const open = page.getByRole('link', { name: 'Open the sign-in page in a new tab' });
  await expect(open).toHaveAttribute(
    'href',
    `/login/oauth/authorize?client_id=${clientId}&response_type=code&redirect_uri=${encodeURIComponent('http://localhost:9000/callback')}&scope=read&state=preview`,
  );
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.getByTitle('Sign-in page preview')).toBeVisible();

  await table(page, 'Redirect URLs').getByRole('button', { name: 'Delete row 1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please add a redirect URL first' })).toBeVisible();
  await expect(open).toHaveCount(0);
});

test('the terms of use take one .html file, whose URL then opens', async ({ page, browser }) => {
  const name = await createApplication();
  await openApplication(page, name);
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'terms.txt', mimeType: 'text/plain', buffer: Buffer.from('plain') });
  await expect(toast(page, 'Please select a HTML file')).toBeVisible();
  await expect(page.getByLabel('Terms of use', { exact: true })).toHaveValue('');

  await input.setInputFiles({ name: 'terms.html', mimeType: 'text/html', buffer: Buffer.from('<h1>Our terms</h1>') });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const url = `${origin}/files/termsOfUse/built-in/${name}.html`;
  await expect(page.getByLabel('Terms of use', { exact: true })).toHaveValue(url);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getApplication(name)).termsOfUse).toBe(url);

  // Anyone may open the stored page; it is served as sandboxed HTML.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const terms = await visitor.newPage();
  const response = await terms.goto(url);
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(response?.headers()['content-security-policy']).toMatch(/^sandbox/);
  await expect(terms.getByRole('heading', { name: 'Our terms' })).toBeVisible();
  await visitor.close();
});

teamTest(
  'an organization admin edits their applications but cannot move them to another organization',
  async ({ page, team }) => {
    const name = await createApplication({ organization: team.org });
    await signIn(page, team.admin.name, team.admin.password, team.org);
    await page.goto('/applications');
    await expect(rowOf(page, name)).toBeVisible();
    await page.goto(`/applications/${team.org}/${name}`);
    await expect(heading(page, 'Edit Application')).toBeVisible();
    await expect(page.getByLabel('Organization', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Display name', { exact: true })).toBeEnabled();
  },
);

test('the providers table picks the providers the organization may use, with their kind, and drops missing ones on save', async ({
  page,
}) => {
  const addProvider = async (owner: string, fields: object) => {
    const name = unique('prov');
    await asAdmin((api) => call(api, '/api/add-provider', { owner, name, displayName: name, ...fields }));
    return name;
  };
  const own = await addProvider('built-in', { category: 'OAuth', type: 'GitHub', clientId: 'gh' });
  const shared = await addProvider('admin', { category: 'SMS', type: 'Twilio SMS' });
  const gone = await addProvider('built-in', { category: 'OAuth', type: 'Google' });
  const row = (provider: string) => ({
    name: provider,
    canSignUp: true,
    canSignIn: true,
    canUnlink: true,
    prompted: false,
    signupGroup: '',
    rule: '',
    countryCodes: [],
  });
  const name = await createApplication({ providers: [row(gone)] });
  await asAdmin((api) => call(api, '/api/delete-provider', { owner: 'built-in', name: gone }));
  await openApplication(page, name);

  const providers = table(page, 'Providers');
  await expect(providers.getByText(`There is no provider "${gone}": the row is removed on save`)).toBeVisible();

  const dropdown = page.locator('.ant-select-dropdown:visible');
  const pick = async (rowNumber: number, provider: string) => {
    await providers.getByRole('button', { name: 'Add' }).click();
    const select = providers.getByRole('combobox', { name: `Name of row ${rowNumber}` });
    await select.click();
    await expect(dropdown).toBeVisible();
    await page.keyboard.type(provider);
    const option = dropdown.getByTitle(provider, { exact: true });
    await expect(option).toBeVisible();
    await option.click();
  };
  await pick(2, own);
  await expect(providers.getByRole('row').nth(2)).toContainText('OAuth · GitHub');
  await pick(3, shared);
  await expect(providers.getByRole('row').nth(3)).toContainText('SMS · Twilio SMS · Shared');
  // A provider is listed once: the picker no longer offers the one row 2 names.
  await providers.getByRole('button', { name: 'Add' }).click();
  await providers.getByRole('combobox', { name: 'Name of row 4' }).click();
  await expect(dropdown).toBeVisible();
  await page.keyboard.type(own);
  await expect(dropdown.locator('.ant-empty-description')).toHaveText('No data');
  await page.keyboard.press('Escape');
  await providers.getByRole('button', { name: 'Delete row 4' }).click();

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getApplication(name)).providers.map((p: { name: string }) => p.name)).toEqual([own, shared]);
  await expect(providers.getByText(/There is no provider/)).toHaveCount(0);
});
