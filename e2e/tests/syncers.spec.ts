import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { asAdmin, call, createOrganization, createOrganizationWithUsers, unique } from '../support/api.js';
import { addButton, field, save } from '../support/console.js';
import { adminTest, chooseOption, expect, heading, rowOf, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * Syncers: a global administrator adds a syncer over a SQLite file
 * below the server's data/syncers folder, edits its columns under the key rules, tests the
 * connection, syncs and finds the users; an organization administrator cannot change the
 * organization.
 */

/** A SQLite source file (relative to the server's data/syncers folder) with a staff table. */
function sourceFile(rows: [string, string, string][]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const folder = path.join(dataDir, 'syncers');
  fs.mkdirSync(folder, { recursive: true });
  const file = `${unique('staff')}.db`;
  const db = new SQLite(path.join(folder, file));
  db.exec('create table staff (login text primary key, full_name text, mail text)');
  const insert = db.prepare('insert into staff (login, full_name, mail) values (?, ?, ?)');
  for (const row of rows) insert.run(...row);
  db.close();
  return file;
}

adminTest(
  'a global administrator adds a SQLite syncer, edits its columns, tests the connection, syncs and sees the users',
  async ({ page }) => {
    // A long walk through one form on a small machine.
    adminTest.setTimeout(150_000);
    const org = await createOrganization('sync');
    const file = sourceFile([
      ['ann', 'Ann Archer', 'ann@example.com'],
      ['ben', 'Ben Baker', 'ben@example.com'],
    ]);
    await page.goto('/syncers');
    await expect(heading(page, 'Syncers')).toBeVisible();
    await addButton(page).click();
    await expect(heading(page, 'New Syncer')).toBeVisible();

    await page.locator('#syncer_organization').click();
    await page.keyboard.type(org);
    await chooseOption(page, org);
    // SSL mode for postgres only, SSH for mysql, mssql and postgres.
    await expect(page.locator('#syncer_sshType')).toBeVisible();
    await page.locator('#syncer_databaseType').click();
    await chooseOption(page, 'postgres');
    await expect(page.locator('#syncer_sslMode')).toBeVisible();
    await page.locator('#syncer_databaseType').click();
    await chooseOption(page, 'sqlite3');
    await expect(page.locator('#syncer_sslMode')).toHaveCount(0);
    await expect(page.locator('#syncer_sshType')).toHaveCount(0);
    await field(page, 'Database').fill(file);
    await field(page, 'Table').fill('staff');

    // The columns: the first is the key; turning another on turns it off; a key is never deleted while others exist.
    const columns = page.getByRole('group', { name: 'Table columns' });
    await columns.getByRole('button', { name: 'Add', exact: true }).click();
    await columns.getByRole('textbox', { name: 'Column name of row 1' }).fill('login');
    const key1 = columns.getByRole('switch', { name: 'Is key of row 1' });
    await expect(key1).toBeChecked();
    await expect(key1).toBeDisabled();
    await columns.getByRole('button', { name: 'Add', exact: true }).click();
    await columns.getByRole('textbox', { name: 'Column name of row 2' }).fill('full_name');
    await columns.getByRole('combobox', { name: 'User field of row 2' }).click();
    await chooseOption(page, 'DisplayName');
    const key2 = columns.getByRole('switch', { name: 'Is key of row 2' });
    await expect(key2).not.toBeChecked();
    await key2.click();
    await expect(key2).toBeChecked();
    await expect(key1).not.toBeChecked();
    await expect(columns.getByRole('button', { name: 'Delete row 2' })).toBeDisabled();
    await key1.click();
    await expect(key2).not.toBeChecked();
    await expect(columns.getByRole('button', { name: 'Delete row 1' })).toBeDisabled();
    await columns.getByRole('button', { name: 'Add', exact: true }).click();
    await columns.getByRole('textbox', { name: 'Column name of row 3' }).fill('mail');
    await columns.getByRole('combobox', { name: 'User field of row 3' }).click();
    await chooseOption(page, 'Email');

    // Test DB Connection uses the settings as edited, saved or not.
    await page.getByRole('button', { name: 'Test DB Connection' }).click();
    await expect(toast(page, 'Connect successfully')).toBeVisible();
    await field(page, 'Database').fill('missing.db');
    await page.getByRole('button', { name: 'Test DB Connection' }).click();
    await expect(page.getByRole('alert').getByText(/^Failed to connect: .*unable to open database file/)).toBeVisible();
    await field(page, 'Database').fill(file);
    await save(page);

    // Sync on the edit page: the run's counts, then the users.
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(toast(page, 'Successfully synced')).toBeVisible();
    await expect(page.getByText(/Read 2, added 2, updated 0/)).toBeVisible();
    await page.goto(`/organizations/${org}/users`);
    await expect(rowOf(page, 'ann')).toBeVisible();
    await expect(rowOf(page, 'ben')).toContainText('Ben Baker');
  },
);

adminTest('the list syncs a row and says why a sync failed', async ({ page }) => {
  const org = await createOrganization('sync');
  const file = sourceFile([['cid', 'Cid Cole', 'cid@example.com']]);
  const name = unique('syncer');
  const broken = unique('syncer');
  const settings = {
    owner: 'admin',
    organization: org,
    databaseType: 'sqlite3',
    database: file,
    password: 'not-shown',
    tableColumns: [{ name: 'login', type: 'string', casdoorName: 'Name', isKey: true, isHashed: true, values: [] }],
  };
  await asAdmin(async (api) => {
    await call(api, '/api/add-syncer', { ...settings, name, table: 'staff' });
    await call(api, '/api/add-syncer', { ...settings, name: broken, table: 'no_such_table' });
  });
  await page.goto(`/syncers?field=name&value=${name}`);
  const row = rowOf(page, name);
  await expect(row).toContainText('***');
  await expect(row).not.toContainText('not-shown');
  await expect(row).toContainText('Not synced yet');
  await row.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(toast(page, 'Successfully synced')).toBeVisible();
  await expect(row).toContainText('Read 1, added 1');

  await page.goto(`/syncers?field=name&value=${broken}`);
  await rowOf(page, broken).getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('alert').getByText(/^Syncer failed to sync users: .*no_such_table/)).toBeVisible();
  await expect(rowOf(page, broken)).toContainText('Failed');
});

teamTest('an organization administrator edits their syncer but not its organization', async ({ page, team }) => {
  const name = unique('syncer');
  await asAdmin((api) =>
    call(api, '/api/add-syncer', {
      owner: 'admin',
      name,
      organization: team.org,
      databaseType: 'sqlite3',
      database: 'x.db',
      table: 'staff',
    }),
  );
  const other = await createOrganizationWithUsers('other');
  const hidden = unique('syncer');
  await asAdmin((api) => call(api, '/api/add-syncer', { owner: 'admin', name: hidden, organization: other.org, table: 'staff' }));
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/syncers');
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, hidden)).toHaveCount(0);
  await page.goto(`/syncers/${name}`);
  await expect(heading(page, 'Edit Syncer')).toBeVisible();
  await expect(page.locator('#syncer_organization')).toBeDisabled();
  await expect(field(page, 'Host')).toBeEnabled();
});
