import type { Page } from '@playwright/test';
import { createOrganizationWithUsers, updateRecord } from '../support/api.js';
import {
  adminTeamTest,
  adminTest,
  dataRows,
  expect,
  heading,
  pickOption,
  rowOf,
  signIn,
  teamTest,
  totalText,
} from '../support/fixtures.js';

// For every test of the file: wide enough for every menu group to stand in the header (narrower,
// antd folds the last groups into a "…" entry).
adminTest.use({ viewport: { width: 1600, height: 900 } });

const menu = (page: Page, label = 'Menu') => page.getByRole('navigation', { name: label });
/** The titles of the menu groups. */
const menuGroups = (page: Page, label = 'Menu') => menu(page, label).getByRole('menuitem');

/** The entries of a menu group, read from its popup (opened by hovering the group). */
async function menuEntries(page: Page, group: string) {
  const title = menu(page).getByRole('menuitem', { name: group, exact: true });
  await title.hover();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  const popup = page.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  await expect(popup).toBeVisible();
  return popup.getByRole('menuitem');
}

const organizationSelector = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Organization' });

const GROUPS = {
  home: 'Home',
  users: 'User Management',
  identity: 'Identity',
  authorization: 'Authorization',
  logging: 'Logging & Auditing',
  business: 'Business & Payments',
  admin: 'Admin',
};

adminTest('a global admin gets every menu group, with System Info under Admin', async ({ page }) => {
  await page.goto('/organizations');
  await expect(menuGroups(page)).toHaveText(Object.values(GROUPS));
  await expect(await menuEntries(page, GROUPS.home)).toHaveText(['Dashboard', 'Shortcuts', 'Apps']);
  await expect(await menuEntries(page, GROUPS.users)).toHaveText(['Organizations', 'Groups', 'Users', 'Invitations']);
  await expect(await menuEntries(page, GROUPS.identity)).toHaveText(['Applications', 'Providers', 'Resources', 'Certs']);
  await expect(await menuEntries(page, GROUPS.authorization)).toHaveText([
    'Roles',
    'Permissions',
    'Models',
    'Adapters',
    'Enforcers',
  ]);
  await expect(await menuEntries(page, GROUPS.logging)).toHaveText(['Sessions', 'Records', 'Tokens', 'Verifications']);
  await expect(await menuEntries(page, GROUPS.business)).toHaveText([
    'Products',
    'Payments',
    'Plans',
    'Pricings',
    'Subscriptions',
    'Transactions',
  ]);
  await expect(await menuEntries(page, GROUPS.admin)).toHaveText(['System Info', 'Syncers', 'Webhooks', 'API Docs']);
});

teamTest(
  'an organization admin gets no Models, Adapters or Enforcers, and only Syncers and Webhooks under Admin',
  async ({ page, team }) => {
    await signIn(page, team.admin.name, team.admin.password, team.org);
    await page.goto('/users');
    await expect(menuGroups(page)).toHaveText(Object.values(GROUPS));
    await expect(await menuEntries(page, GROUPS.home)).toHaveText(['Dashboard', 'Shortcuts', 'Apps']);
    await expect(await menuEntries(page, GROUPS.authorization)).toHaveText(['Roles', 'Permissions']);
    await expect(await menuEntries(page, GROUPS.admin)).toHaveText(['Syncers', 'Webhooks']);
  },
);

teamTest('an ordinary user lands on the app launcher and sees only the lists they may open', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/');
  await expect(page).toHaveURL('/apps');
  await expect(heading(page, 'Apps')).toBeVisible();
  // No Home or Admin group, and no entry whose list would answer 403.
  await expect(menuGroups(page)).toHaveText([GROUPS.users, GROUPS.identity, GROUPS.authorization]);
  await expect(await menuEntries(page, GROUPS.users)).toHaveText(['Organizations']);
  await expect(await menuEntries(page, GROUPS.identity)).toHaveText(['Resources']);
  // The permissions they submitted.
  await expect(await menuEntries(page, GROUPS.authorization)).toHaveText(['Permissions']);
});

teamTest("an organization's navItems restrict the menu of its members", async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, { navItems: ['/users'] });
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(menuGroups(page)).toHaveText([GROUPS.users]);
  await expect(await menuEntries(page, GROUPS.users)).toHaveText(['Users']);
});

adminTeamTest('the organization selector offers All and searches organizations on the server', async ({ page, team }) => {
  await page.goto('/users');
  await expect(organizationSelector(page)).toBeVisible();
  await organizationSelector(page).click();
  await expect(page.getByRole('listbox').getByRole('option', { name: 'All', exact: true })).toBeVisible();

  const searched = page.waitForRequest(
    (r) => r.url().includes('/api/get-organizations') && r.url().includes(`field=name&value=${team.org}`),
  );
  await organizationSelector(page).fill(team.org);
  await searched;
  await pickOption(page, team.org);
  await expect(page.getByRole('banner').getByTitle(team.org, { exact: true })).toBeVisible();
});

adminTeamTest('choosing an organization restricts the lists, and the choice survives a reload', async ({ page, team }) => {
  await page.goto('/organizations');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await organizationSelector(page).click();
  await organizationSelector(page).fill(team.org);
  await pickOption(page, team.org);

  // The open list follows at once.
  await expect(totalText(page, 1)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowOf(page, team.org)).toBeVisible();

  await page.goto('/users');
  await expect(totalText(page, 2)).toBeVisible();
  await expect(rowOf(page, 'boss')).toBeVisible();
  await expect(rowOf(page, 'worker')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('banner').getByTitle(team.org, { exact: true })).toBeVisible();
  await expect(totalText(page, 2)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(2);

  await organizationSelector(page).click();
  await pickOption(page, 'All');
  await expect(page.getByRole('banner').getByTitle('All', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ in total$/)).not.toHaveText('2 in total');
});

adminTest('the organization selector is hidden on group tree routes', async ({ page }) => {
  await page.goto('/trees/built-in');
  await expect(heading(page, 'Users of built-in')).toBeVisible();
  await expect(organizationSelector(page)).toHaveCount(0);
  await page.goto('/organizations');
  await expect(organizationSelector(page)).toBeVisible();
});

teamTest('an organization admin has no organization selector', async ({ page, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(organizationSelector(page)).toHaveCount(0);
});

adminTest(
  'the theme menu: Default and Dark exclude each other, Compact toggles on its own, and it is remembered',
  async ({ page }) => {
    const themeButton = page.getByRole('button', { name: 'Theme' });
    // The menu stays open while choices are made (Compact combines with either of the others).
    const choose = (theme: 'Default' | 'Dark' | 'Compact') => page.getByRole('menuitem', { name: theme, exact: true }).click();
    const header = page.getByRole('banner');
    const html = page.locator('html');
    // antd's compact algorithm makes controls 28 px high instead of 32.
    const addButton = page.getByRole('button', { name: 'Add' });
    const expectTheme = async ({ dark, compact }: { dark: boolean; compact: boolean }) => {
      await expect(html).toHaveCSS('color-scheme', dark ? 'dark' : 'light');
      await expect(header).toHaveCSS('background-color', dark ? 'rgb(20, 20, 20)' : 'rgb(255, 255, 255)');
      await expect(addButton).toHaveCSS('height', compact ? '28px' : '32px');
    };

    await page.goto('/organizations');
    await expectTheme({ dark: false, compact: false });
    await themeButton.click();
    await choose('Dark');
    await expectTheme({ dark: true, compact: false });
    await choose('Compact');
    await expectTheme({ dark: true, compact: true });
    await choose('Default');
    await expectTheme({ dark: false, compact: true });
    await choose('Dark');
    await expectTheme({ dark: true, compact: true });

    await page.reload();
    await expectTheme({ dark: true, compact: true });
    await themeButton.click();
    await choose('Compact');
    await expectTheme({ dark: true, compact: false });
  },
);

adminTest('switching the language to Chinese translates the console, and back to English', async ({ page }) => {
  await page.goto('/organizations');
  await expect(menuGroups(page).first()).toHaveText('Home');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(menuGroups(page, '菜单')).toHaveText([
    '首页',
    '用户管理',
    '身份认证',
    '权限管理',
    '日志与审计',
    '商业与支付',
    '系统管理',
  ]);
  await expect(heading(page, '组织')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');

  await page.reload();
  await expect(heading(page, '组织')).toBeVisible();

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(menuGroups(page)).toHaveText(Object.values(GROUPS));
  await expect(heading(page, 'Organizations')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

adminTest('an unknown path shows the 404 page, whose Back Home goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(heading(page, '404 NOT FOUND')).toBeVisible();
  await expect(page.getByText('Sorry, the page you visited does not exist.', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(heading(page, 'Dashboard')).toBeVisible();
});

teamTest("an ordinary user gets the 403 page on /users and on another organization's users", async ({ page, team }) => {
  const other = await createOrganizationWithUsers('other');
  await signIn(page, team.user.name, team.user.password, team.org);
  for (const path of ['/users', `/organizations/${other.org}/users`]) {
    await page.goto(path);
    await expect(heading(page, '403 Unauthorized')).toBeVisible();
    await expect(
      page.getByText('Sorry, you do not have permission to access this page or logged in status invalid.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
});

teamTest("the console takes the organization's theme when it enables one", async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, {
    themeData: { isEnabled: true, themeType: 'default', colorPrimary: '#d4380d', borderRadius: 0, isCompact: false },
  });
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/users');
  await expect(heading(page, 'Users')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toHaveCSS('background-color', 'rgb(212, 56, 13)');
  await expect(add).toHaveCSS('border-top-left-radius', '0px');
});
