import type { Locator, Page } from '@playwright/test';
import { type Slapd, startSlapd } from '../../packages/server/src/test-support/slapd.js';
import { asAdmin, call } from '../support/api.js';
import { confirm, field, saveAndExitButton, saveButton } from '../support/console.js';
import { adminTeamTest, expect, heading, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * LDAP servers (their pages, rules and messages) against a real slapd the
 * spec starts on loopback (the e2e server's OUTBOUND_ALLOWLIST lets it reach 127.0.0.1): added from
 * the organization page, pointed at the directory, synced from the sync page.
 */

let slapd: Slapd;
adminTeamTest.beforeAll(async () => {
  slapd = await startSlapd({
    people: [
      { uid: 'alice', cn: 'Alice Liddell', password: 'alice-pw', uidNumber: 1001, mail: 'alice@example.com' },
      { uid: 'bob', cn: 'Bob Builder', password: 'bob-pw', uidNumber: 1002, mail: 'bob@example.com' },
      { uid: 'carol', cn: 'Carol Taken', password: 'carol-pw', uidNumber: 1003 },
    ],
  });
});
adminTeamTest.afterAll(async () => {
  await slapd?.stop();
});

const ldapSection = (page: Page): Locator => page.getByRole('region', { name: 'LDAP servers' });
const directoryRow = (page: Page, cn: string): Locator => page.getByRole('row').filter({ hasText: cn });

adminTeamTest(
  'a global admin adds an LDAP server from the organization page and points it at the directory',
  async ({ page, team }) => {
    // A long walk through two large pages (the organization's and the server's).
    adminTeamTest.slow();
    await page.goto(`/organizations/${team.org}`);
    await expect(heading(page, 'Edit Organization')).toBeVisible();
    const section = ldapSection(page);
    await expect(section.getByText('No LDAP servers')).toBeVisible();
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Successfully added')).toBeVisible();
    const row = section.getByRole('row').filter({ hasText: 'Example LDAP Server' });
    // The defaults of a new LDAP server: an example server on port 389, auto sync off.
    await expect(row).toContainText('example.com');
    await expect(row).toContainText('389');
    await expect(row).toContainText('Disabled');
    await row.getByRole('link', { name: 'Edit', exact: true }).click();

    await expect(heading(page, 'Edit LDAP server')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/ldap/${team.org}/[0-9a-f-]{36}$`));
    await expect(field(page, 'ID')).toBeDisabled();
    await expect(field(page, 'Admin password')).toHaveAttribute('type', 'password');
    await field(page, 'Server name').fill('Test slapd');
    await field(page, 'Server host').fill(slapd.host);
    await field(page, 'Server port').fill(String(slapd.port));
    await field(page, 'Admin').fill(slapd.adminDn);
    await field(page, 'Admin password').fill(slapd.adminPassword);
    await field(page, 'Base DN').fill(slapd.peopleDn);
    // Above 0 minutes, the auto-sync warning; back to 0 so that no automatic sync runs during the test.
    await field(page, 'Auto sync (minutes)').fill('5');
    await expect(page.getByText('The Auto Sync option will sync all users to specify organization')).toBeVisible();
    await field(page, 'Auto sync (minutes)').fill('0');
    await expect(page.getByText('The Auto Sync option will sync all users to specify organization')).toHaveCount(0);
    // A filter the server refuses: the page's failure message, with the reason.
    await field(page, 'Search filter').fill('(objectClass=posixAccount');
    await saveButton(page).click();
    await expect(page.getByRole('alert').getByText(/^Update LDAP server failed: /)).toBeVisible();
    await field(page, 'Search filter').fill('(objectClass=posixAccount)');
    await saveButton(page).click();
    await expect(toast(page, 'Update LDAP server success')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sync LDAP' })).toHaveAttribute('href', /\/ldap\/sync\//);
    await saveAndExitButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${team.org}$`));
    await expect(ldapSection(page).getByRole('row').filter({ hasText: 'Test slapd' })).toContainText(String(slapd.port));
  },
);

adminTeamTest('a global admin syncs directory users from the sync page and lands on the users page', async ({ page, team }) => {
  // Three pages (the organization's, the sync page, the users) and two syncs.
  adminTeamTest.slow();
  const added = await asAdmin((api) => call(api, '/api/add-ldap', slapd.serverRecord(team.org)));
  await page.goto(`/organizations/${team.org}`);
  await ldapSection(page)
    .getByRole('row')
    .filter({ hasText: 'Test slapd' })
    .getByRole('link', { name: 'Sync', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/ldap/sync/${team.org}/${added.data2.id}$`));
  await expect(heading(page, 'Sync users of Test slapd')).toBeVisible();
  await expect(directoryRow(page, 'Alice Liddell')).toContainText('Unsynced');
  await expect(directoryRow(page, 'Bob Builder')).toContainText('bob@example.com');
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(toast(page, 'Please select al least 1 user first')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select Alice Liddell' }).check();
  await page.getByRole('checkbox', { name: 'Select Bob Builder' }).check();
  const alice = page.getByRole('link', { name: 'alice', exact: true });
  await confirm(page, page.getByRole('button', { name: 'Sync', exact: true }), 'Please confirm to sync selected users', alice);
  await expect(page).toHaveURL(new RegExp(`/organizations/${team.org}/users$`));
  await expect(page.getByRole('link', { name: 'bob', exact: true })).toBeVisible();

  // Back on the sync page: the synced users cannot be selected again.
  await page.goBack();
  await expect(directoryRow(page, 'Alice Liddell')).toContainText('Synced');
  await expect(page.getByRole('checkbox', { name: 'Select Alice Liddell' })).toBeDisabled();
  // A user of the organization already has carol's name: the sync page's message names her.
  await asAdmin((api) => call(api, '/api/add-user', { owner: team.org, name: 'carol', password: 'local-pass' }));
  await page.getByRole('checkbox', { name: 'Select Carol Taken' }).check();
  const refused = toast(page, 'User [Carol Taken] is already exist');
  await confirm(page, page.getByRole('button', { name: 'Sync', exact: true }), 'Please confirm to sync selected users', refused);

  await page.getByRole('link', { name: 'Edit LDAP' }).click();
  await expect(heading(page, 'Edit LDAP server')).toBeVisible();
});

teamTest('an organization admin edits its LDAP servers but not their organization, and deletes one', async ({ page, team }) => {
  const added = await asAdmin((api) =>
    call(api, '/api/add-ldap', { owner: team.org, serverName: 'Boss directory', host: '127.0.0.1', port: 389 }),
  );
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto(`/ldap/${team.org}/${added.data2.id}`);
  await expect(heading(page, 'Edit LDAP server')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
  await expect(field(page, 'Server name')).toBeEditable();

  await page.goto(`/organizations/${team.org}`);
  const row = ldapSection(page).getByRole('row').filter({ hasText: 'Boss directory' });
  const deleted = toast(page, 'Successfully deleted');
  await confirm(page, row.getByRole('button', { name: 'Delete', exact: true }), 'Sure to delete: Boss directory ?', deleted);
  await expect(row).toHaveCount(0);
});

teamTest('a synced user signs in with the directory password on the LDAP tab of the sign-in page', async ({ page, team }) => {
  const app = `ldapapp${Date.now().toString(36)}`;
  await asAdmin(async (api) => {
    const added = await call(api, '/api/add-ldap', slapd.serverRecord(team.org));
    const id = `${team.org}/${added.data2.id}`;
    const { users } = (await call(api, '/api/get-ldap-users', undefined, { id })).data;
    const alice = users.filter((user: { uid: string }) => user.uid === 'alice');
    await call(api, '/api/sync-ldap-users', alice, { id });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: app,
      organization: team.org,
      cert: 'cert-built-in',
      enablePassword: true,
      signinMethods: [
        { name: 'Password', displayName: 'Password', rule: 'Non-LDAP' },
        { name: 'LDAP', displayName: 'LDAP', rule: 'None' },
      ],
    });
    const org = (await call(api, '/api/get-organization', undefined, { id: `admin/${team.org}` })).data;
    await call(api, '/api/update-organization', { ...org, defaultApplication: app }, { id: `admin/${team.org}` });
  });
  await page.goto(`/login/${team.org}`);
  // Password (Non-LDAP) keeps directory users out.
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password').fill('alice-pw');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByText('password or code is incorrect')).toBeVisible();
  await page.getByRole('tab', { name: 'LDAP' }).click();
  await page.getByLabel('Password').fill('wrong-pw');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByText(/password or code is incorrect, you have \d remaining chances/)).toBeVisible();
  await page.getByLabel('Password').fill('alice-pw');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/apps');
});
