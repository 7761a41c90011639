import { type Slapd, startSlapd } from '../../packages/server/src/test-support/slapd.js';
import { createOrganization } from '../support/api.js';
import { addButton, field, save } from '../support/console.js';
import { adminTest, chooseOption, dataRows, expect, heading, rowOf, toast } from '../support/fixtures.js';

/**
 * LDAP syncers: a global administrator adds a syncer, makes it an LDAP one
 * (the preset: port, example DNs, filter, attribute mapping, read-only with its reason), points it
 * at a real slapd the spec starts on loopback, tests the connection, syncs and sees the users; the
 * list's type filter finds it.
 */

let slapd: Slapd;
adminTest.beforeAll(async () => {
  slapd = await startSlapd({
    people: [
      {
        uid: 'lena',
        cn: 'Lena Lark',
        givenName: 'Lena',
        sn: 'Lark',
        password: 'lena-pw',
        uidNumber: 2001,
        mail: 'lena@example.com',
      },
      {
        uid: 'milo',
        cn: 'Milo Moss',
        givenName: 'Milo',
        sn: 'Moss',
        password: 'milo-pw',
        uidNumber: 2002,
        mail: 'milo@example.com',
      },
    ],
  });
});
adminTest.afterAll(async () => {
  await slapd?.stop();
});

adminTest('a global administrator adds an LDAP syncer, tests the connection, syncs and sees the users', async ({ page }) => {
  // A long walk through one form on a small machine.
  adminTest.setTimeout(150_000);
  const org = await createOrganization('ldapsync');
  await page.goto('/syncers');
  await expect(heading(page, 'Syncers')).toBeVisible();
  await addButton(page).click();
  await expect(heading(page, 'New Syncer')).toBeVisible();
  const name = await field(page, 'Name').inputValue();

  await page.locator('#syncer_organization').click();
  await page.keyboard.type(org);
  await chooseOption(page, org);
  await page.locator('#syncer_type').click();
  await chooseOption(page, 'LDAP');

  // The LDAP preset: the database settings hidden, the directory's names and defaults shown.
  await expect(page.locator('#syncer_databaseType')).toHaveCount(0);
  await expect(page.locator('#syncer_sshType')).toHaveCount(0);
  await expect(page.locator('#syncer_affiliationTable')).toHaveCount(0);
  await expect(field(page, 'Port')).toHaveValue('389');
  await expect(field(page, 'Bind DN')).toHaveValue('cn=admin,dc=example,dc=com');
  await expect(field(page, 'Base DN')).toHaveValue('ou=People,dc=example,dc=com');
  await expect(field(page, 'Search filter')).toHaveValue('(objectClass=inetOrgPerson)');
  const attributes = page.getByRole('group', { name: 'Attribute mapping' });
  await expect(attributes.getByRole('textbox', { name: 'Attribute of row 1' })).toHaveValue('uid');
  await expect(attributes.getByRole('switch', { name: 'Is key of row 1' })).toBeChecked();
  await expect(attributes.getByRole('textbox', { name: 'Attribute of row 5' })).toHaveValue('mail');
  const readOnly = field(page, 'Is read-only');
  await expect(readOnly).toBeChecked();
  await expect(readOnly).toBeDisabled();
  await expect(page.getByText('An LDAP syncer is always read-only: a directory is never written from a syncer')).toBeVisible();
  // The SSL switch moves the port to LDAPS's and back; self-signed certificates only with SSL.
  await expect(field(page, 'Allow self-signed certificate')).toHaveCount(0);
  await field(page, 'Enable SSL').click();
  await expect(field(page, 'Port')).toHaveValue('636');
  await expect(field(page, 'Allow self-signed certificate')).toBeVisible();
  await field(page, 'Enable SSL').click();
  await expect(field(page, 'Port')).toHaveValue('389');

  await field(page, 'Host').fill(slapd.host);
  await field(page, 'Port').fill(String(slapd.port));
  await field(page, 'Bind DN').fill(slapd.adminDn);
  await field(page, 'Bind password').fill('wrong-password');
  await field(page, 'Base DN').fill(slapd.peopleDn);

  // Test DB Connection binds with the settings as edited, saved or not.
  await page.getByRole('button', { name: 'Test DB Connection' }).click();
  await expect(page.getByRole('alert').getByText(/^Failed to connect: .*refused the bind/)).toBeVisible();
  await field(page, 'Bind password').fill(slapd.adminPassword);
  await page.getByRole('button', { name: 'Test DB Connection' }).click();
  await expect(toast(page, 'Connect successfully')).toBeVisible();
  await save(page);

  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(toast(page, 'Successfully synced')).toBeVisible();
  await expect(page.getByText(/Read 2, added 2, updated 0/)).toBeVisible();

  // The list's type filter: Database, LDAP and Keycloak.
  await page.goto('/syncers');
  await page.getByRole('button', { name: 'Filter Type' }).click();
  for (const type of ['Database', 'LDAP', 'Keycloak'])
    await expect(page.getByRole('radio', { name: type, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'LDAP', exact: true }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/syncers?field=type&value=LDAP');
  await expect(rowOf(page, name)).toBeVisible();
  await expect(dataRows(page).filter({ hasNot: page.getByRole('cell', { name: 'LDAP', exact: true }) })).toHaveCount(0);

  await page.goto(`/organizations/${org}/users`);
  await expect(rowOf(page, 'lena')).toBeVisible();
  await expect(rowOf(page, 'milo')).toContainText('Milo Moss');
});
