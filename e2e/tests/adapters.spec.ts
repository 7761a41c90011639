import { asAdmin, call, unique } from '../support/api.js';
import { save, saveButton } from '../support/console.js';
import { expect, heading, rowOf, adminTest as test, toast } from '../support/fixtures.js';

/** Adapters: the useSameDb switch and Test DB Connection. */

async function getAdapter(name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-adapter', undefined, { id: `built-in/${name}` })).data);
}

test('switching useSameDb off fills the defaults, on clears them', async ({ page }) => {
  const name = unique('adapter');
  await asAdmin((api) => call(api, '/api/add-adapter', { owner: 'built-in', name, table: 'rules', useSameDb: true }));
  await page.goto(`/adapters/built-in/${name}`);
  await expect(page.getByLabel('Host', { exact: true })).toHaveCount(0);
  const useSameDb = page.getByRole('switch', { name: 'Use same DB' });
  await useSameDb.click();
  await expect(page.getByLabel('Host', { exact: true })).toHaveValue('localhost');
  await expect(page.getByLabel('Port', { exact: true })).toHaveValue('3306');
  await expect(page.getByLabel('User', { exact: true })).toHaveValue('root');
  await expect(page.getByText('mysql', { exact: true })).toBeVisible();
  await save(page);
  expect(await getAdapter(name)).toMatchObject({
    useSameDb: false,
    type: 'Database',
    databaseType: 'mysql',
    host: 'localhost',
    port: 3306,
  });

  await useSameDb.click();
  await expect(page.getByLabel('Host', { exact: true })).toHaveCount(0);
  await saveButton(page).click();
  await expect
    .poll(() => getAdapter(name))
    .toMatchObject({ useSameDb: true, host: '', port: 0, user: '', database: '', databaseType: '' });

  // The list shows a port of 0 as blank.
  await page.goto(`/adapters?field=name&value=${name}`);
  await expect(rowOf(page, name)).toBeVisible();
});

test('Test DB Connection connects to the local PostgreSQL and reports a failure', async ({ page }) => {
  const name = unique('adapter');
  await asAdmin((api) =>
    call(api, '/api/add-adapter', {
      owner: 'built-in',
      name,
      table: 'rules',
      useSameDb: false,
      type: 'Database',
      databaseType: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      password: '',
      database: 'test',
    }),
  );
  await page.goto(`/adapters/built-in/${name}`);
  await expect(heading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Test DB Connection' }).click();
  await expect(toast(page, 'Connect successfully')).toBeVisible();

  await page.getByLabel('Port', { exact: true }).fill('1');
  await save(page);
  await expect.poll(async () => (await getAdapter(name)).port).toBe(1);
  await page.getByRole('button', { name: 'Test DB Connection' }).click();
  await expect(page.locator('.ant-message').getByText(/^Failed to connect: .*ECONNREFUSED/)).toBeVisible();
});

test('a database type the server cannot drive says so', async ({ page }) => {
  const name = unique('adapter');
  await asAdmin((api) =>
    call(api, '/api/add-adapter', {
      owner: 'built-in',
      name,
      table: 'rules',
      useSameDb: false,
      type: 'Database',
      databaseType: 'oracle',
      host: 'db.example.com',
      port: 1521,
    }),
  );
  await page.goto(`/adapters/built-in/${name}`);
  await expect(page.getByText('This server cannot connect to oracle databases', { exact: false })).toBeVisible();
});

test('an empty table reads casbin_rule in the form and the list, and saves as empty', async ({ page }) => {
  const name = unique('adapter');
  await asAdmin((api) => call(api, '/api/add-adapter', { owner: 'built-in', name, table: 'rules', useSameDb: true }));
  await page.goto(`/adapters/built-in/${name}`);
  const table = page.locator('#adapter_table');
  await table.fill('');
  await expect(table).toHaveAttribute('placeholder', 'casbin_rule');
  await save(page);
  expect(await getAdapter(name)).toMatchObject({ table: '' });
  await page.goto(`/adapters?field=name&value=${name}`);
  await expect(rowOf(page, name)).toContainText('casbin_rule');
});
