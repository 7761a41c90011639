import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { asAdmin, call, createOrganization, getRecord, unique, updateRecord } from '../support/api.js';
import { save, saveButton } from '../support/console.js';
import {
  adminTeamTest,
  adminTest,
  chooseOption,
  expect,
  heading,
  signIn,
  submitSignInForm,
  teamTest,
  toast,
} from '../support/fixtures.js';

/**
 * The organization edit page's settings and their effect: the dark
 * logo and obfuscator rules, the account items table, the permission trees (global admins only)
 * and what they do to the menu and header, privilege consent, and at sign-in the obfuscated
 * password and the password's expiry.
 */

const group = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
/** The row of a list editor whose name select shows `name`. */
const tableRow = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().locator(`[title="${name}"]`) });
const treeNode = (tree: Locator, title: string) =>
  tree.locator('.ant-tree-treenode').filter({ has: tree.page().getByText(title, { exact: true }) });

async function openOrganization(page: Page, org: string) {
  await page.goto(`/organizations/${org}`);
  await expect(heading(page, 'Edit Organization')).toBeVisible();
}

/** Saves and waits until the confirmation has gone (so that the next save's is told apart). */
async function saveAndSettle(page: Page) {
  await save(page);
  await expect(toast(page, 'Successfully saved')).toHaveCount(0);
}

adminTest('the dark logo goes with its switch, the obfuscator key with its type', async ({ page }) => {
  const org = await createOrganization('ogs');
  const updates: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/update-organization') updates.push(request.url());
  });
  await openOrganization(page, org);
  const darkLogo = page.getByLabel('Logo (dark)', { exact: true });
  await expect(darkLogo).toHaveCount(0);
  await page.getByRole('switch', { name: 'Enable dark logo' }).click();
  await darkLogo.fill('https://cdn.example.com/dark.png');
  await saveAndSettle(page);
  expect(await getRecord('organization', 'admin', org)).toMatchObject({
    enableDarkLogo: true,
    logoDark: 'https://cdn.example.com/dark.png',
  });
  // Turning the switch off clears the URL.
  await page.getByRole('switch', { name: 'Enable dark logo' }).click();
  await expect(darkLogo).toHaveCount(0);
  await saveAndSettle(page);
  expect(await getRecord('organization', 'admin', org)).toMatchObject({ enableDarkLogo: false, logoDark: '' });

  // Choosing a type sets a key of that type; Plain hides the key.
  const type = page.getByLabel('Password obfuscator', { exact: true });
  const key = page.getByLabel('Password obfuscator key', { exact: true });
  await expect(key).toHaveCount(0);
  await type.click();
  await chooseOption(page, 'AES');
  await expect(key).toHaveValue(/^[1-9a-f]{32}$/);
  await type.click();
  await chooseOption(page, 'DES');
  await expect(key).toHaveValue(/^[1-9a-f]{16}$/);
  // A key that does not fit is refused before anything is sent.
  await key.fill('0123');
  await expect(page.getByText("The password obfuscator key doesn't match the regex: ^[1-9a-f]{16}$")).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText("The password obfuscator key doesn't match the regex: ^[1-9a-f]{16}$")).toBeVisible();
  await type.click();
  await chooseOption(page, 'Plain');
  await expect(key).toHaveCount(0);
  await saveAndSettle(page);
  expect(await getRecord('organization', 'admin', org)).toMatchObject({
    passwordObfuscatorType: 'Plain',
    passwordObfuscatorKey: '',
  });
  // Three saves went to the server; the one with the bad key did not.
  expect(updates).toHaveLength(3);
});

adminTest('the account items table keeps names apart, limits rules and regexes, and drops unchosen rows', async ({ page }) => {
  const org = await createOrganization('ogi');
  await openOrganization(page, org);
  const items = group(page, 'Account items');

  // Every item is listed: a new row has nothing left to choose until a row goes.
  await tableRow(items, 'Education')
    .getByRole('button', { name: /^Delete row/ })
    .click();
  await items.getByRole('button', { name: 'Add', exact: true }).click();
  const added = items.getByRole('row').last();
  await expect(added.getByText('Please select an account item', { exact: true })).toBeVisible();
  await added.getByRole('combobox', { name: /^Name of row/ }).click();
  const choices = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(choices).toHaveCount(1);
  await expect(choices).toHaveText('Education');
  await page.keyboard.press('Escape');

  // An item only administrators see may only be changed by them, or by nobody.
  const bio = tableRow(items, 'Bio');
  await bio.getByRole('combobox', { name: /^View rule of row/ }).click();
  await chooseOption(page, 'Admin');
  await expect(bio.locator('[title="Admin"]')).toHaveCount(2);
  await bio.getByRole('combobox', { name: /^Modify rule of row/ }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Admin', 'Immutable']);
  await page.keyboard.press('Escape');

  // A regex on the items that take one only.
  await expect(tableRow(items, 'Tag').getByRole('textbox', { name: /^Regex of row/ })).toHaveCount(0);
  await tableRow(items, 'Email')
    .getByRole('textbox', { name: /^Regex of row/ })
    .fill('^.+@example\\.com$');

  await save(page);
  const stored: { name: string; viewRule: string; modifyRule: string; regex: string }[] = (
    await getRecord('organization', 'admin', org)
  ).accountItems;
  expect(stored.map((item) => item.name)).not.toContain('Please select an account item');
  expect(stored.map((item) => item.name)).not.toContain('Education');
  expect(stored.find((item) => item.name === 'Bio')).toMatchObject({ viewRule: 'Admin', modifyRule: 'Admin' });
  expect(stored.find((item) => item.name === 'Email')).toMatchObject({ regex: '^.+@example\\.com$' });
  // The unchosen row is gone from the page too.
  await expect(items.getByText('Please select an account item', { exact: true })).toHaveCount(0);
});

adminTeamTest(
  'a global admin narrows the menu and header widgets of an organization; its admin sees the effect and cannot change them',
  async ({ page, browser, team }) => {
    await openOrganization(page, team.org);
    const navigation = group(page, 'Navigation items');
    const widgets = group(page, 'Header widgets');
    await treeNode(navigation, 'Identity').locator('.ant-tree-checkbox').click();
    // The trees work from the keyboard too: focused on All, down to Theme, Space unchecks it.
    await widgets.getByRole('tree').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(treeNode(widgets, 'Theme').locator('.ant-tree-checkbox-checked')).toHaveCount(0);
    await save(page);
    const stored = await getRecord('organization', 'admin', team.org);
    expect(stored.navItems).toEqual(['home', 'user-management', 'authorization', 'logging', 'business', 'admin']);
    expect(stored.widgetItems).toEqual(['language', 'ai-assistant', 'tour']);

    const context = await browser.newContext();
    const boss = await context.newPage();
    try {
      await signIn(boss, team.admin.name, team.admin.password, team.org);
      await boss.goto(`/organizations/${team.org}`);
      await expect(heading(boss, 'Edit Organization')).toBeVisible();
      const menu = boss.getByRole('navigation', { name: 'Menu' });
      await expect(menu.getByText('User Management', { exact: true })).toBeVisible();
      await expect(menu.getByText('Identity', { exact: true })).toHaveCount(0);
      await expect(boss.getByRole('button', { name: 'Theme', exact: true })).toHaveCount(0);
      await expect(boss.getByRole('button', { name: 'Language', exact: true })).toBeVisible();
      // The organization admin edits the organization, but not these trees; privilege consent is the built-in one's.
      await expect(boss.getByLabel('Name', { exact: true })).toBeEnabled();
      await expect(group(boss, 'Navigation items').locator('.ant-tree-checkbox-disabled').first()).toBeVisible();
      await expect(group(boss, 'Header widgets').locator('.ant-tree-checkbox-disabled').first()).toBeVisible();
      await expect(boss.getByRole('switch', { name: 'Privilege consent' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  },
);

adminTest('the built-in organization keeps its name, and privilege consent asks first', async ({ page }) => {
  await openOrganization(page, 'built-in');
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  const consent = page.getByRole('switch', { name: 'Privilege consent' });
  await expect(consent).not.toBeChecked();
  await consent.click();
  const confirmation = page.getByRole('tooltip').filter({ hasText: 'Turn on privilege consent?' });
  await expect(confirmation.getByText(/global administrators/)).toBeVisible();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(consent).not.toBeChecked();
  await consent.click();
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(consent).toBeChecked();
  // Turning it off again needs no confirmation. (Nothing is saved: the built-in organization stays as it was.)
  await consent.click();
  await expect(consent).not.toBeChecked();
});

/** An application of the organization, its default, with the default sign-in form. */
async function signinApplication(org: string) {
  const name = unique('sgn');
  await asAdmin(async (api) => {
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Sign-in ${name}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
    });
  });
  await updateRecord('organization', 'admin', org, { defaultApplication: name });
  return name;
}

teamTest('the sign-in page encrypts the password with the AES or DES obfuscator of the organization', async ({ page, team }) => {
  await signinApplication(team.org);
  // worker-pass (11 bytes) padded to whole blocks, after an IV of one block: AES 16 + 16 bytes, DES 8 + 16.
  for (const [type, key, hexLength] of [
    ['AES', 'abcdef123456789abcdef123456789ab', 64],
    ['DES', '123456789abcdef1', 48],
  ] as const) {
    await updateRecord('organization', 'admin', team.org, { passwordObfuscatorType: type, passwordObfuscatorKey: key });
    await page.context().clearCookies();
    await page.goto(`/login/${team.org}`);
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/login' && request.method() === 'POST',
    );
    await submitSignInForm(page, team.user.name, team.user.password);
    const body = (await sent).postDataJSON();
    expect(body.password).toMatch(/^[0-9a-f]+$/);
    expect(body.password).toHaveLength(hexLength);
    // The server reverses it: the member is signed in (and sent to the app launcher).
    await expect(page).toHaveURL(/\/apps$/);
  }
});

/** Dates the user's last password change long ago, in the test server's database (no API sets it). */
function agePassword(org: string, name: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'gatehouse.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare('update "user" set last_change_password_time = ? where owner = ? and name = ?')
      .run('2000-01-01T00:00:00Z', org, name).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

teamTest('a password older than the organization allows is refused at sign-in with the way out', async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, { passwordExpireDays: 90 });
  agePassword(team.org, team.user.name);
  await page.goto(`/login/${team.org}`);
  await submitSignInForm(page, team.user.name, team.user.password);
  await expect(
    page.getByRole('alert').getByText('Your password has expired. Please reset your password by clicking "Forgot password"'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/login/${team.org}$`));
  // Without a lifetime the same password signs in.
  await updateRecord('organization', 'admin', team.org, { passwordExpireDays: 0 });
  await submitSignInForm(page, team.user.name, team.user.password);
  await expect(page).toHaveURL(/\/apps$/);
});

adminTeamTest("a user's tag is picked from the organization's value|label tags", async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, { tags: ['vip|贵宾', 'staff|员工'] });
  await page.goto(`/users/${team.org}/${team.user.name}`);
  await expect(heading(page, 'Edit User')).toBeVisible();
  await page.getByLabel('Tag', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['vip', 'staff']);
  await chooseOption(page, 'vip');
  await save(page);
  expect((await getRecord('user', team.org, team.user.name)).tag).toBe('vip');
});

adminTest('the theme switch is a switch, not a bar across the form', async ({ page }) => {
  const org = await createOrganization('thm');
  await openOrganization(page, org);
  const themeSwitch = page.getByRole('switch', { name: 'Enable theme' });
  await themeSwitch.scrollIntoViewIfNeeded();
  const box = await themeSwitch.boundingBox();
  expect(box?.width).toBeLessThan(120);
  await themeSwitch.click();
  await expect(page.getByText('Theme type', { exact: true })).toBeVisible();
  expect((await themeSwitch.boundingBox())?.width).toBeLessThan(120);
});
