import type { Page } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { expect, heading, rowOf, adminTest as test, toast, totalText } from '../support/fixtures.js';

/** Enforcers: the policy table, and the list's links. */

async function addEnforcer(): Promise<string> {
  const name = unique('enf');
  await asAdmin(async (api) => {
    await call(api, '/api/add-adapter', {
      owner: 'built-in',
      name: `${name}-adapter`,
      table: `${name.replace(/-/g, '_')}_rules`,
      useSameDb: true,
    });
    await call(api, '/api/add-enforcer', {
      owner: 'built-in',
      name,
      displayName: 'Enforcer',
      model: 'built-in/user-model-built-in',
      adapter: `built-in/${name}-adapter`,
    });
    await call(api, '/api/add-policy', { Ptype: 'p', V0: 'alice', V1: 'data1', V2: 'read' }, { id: `built-in/${name}` });
  });
  return name;
}

const policies = (page: Page) => page.locator('.ant-card').filter({ hasText: 'Policies' });
const policyRows = (page: Page) => policies(page).locator('tbody tr.ant-table-row');
/** The row in edit (the only one with a Save button). */
const editedRow = (page: Page) => policyRows(page).filter({ has: page.getByRole('button', { name: 'Save' }) });
/** A page item of the policy table's pagination (antd names them by their number). */
const pageItem = (page: Page, n: number) => policies(page).getByRole('listitem', { name: String(n), exact: true });

test('the list links the model and the adapter', async ({ page }) => {
  await page.goto('/enforcers?field=name&value=user-enforcer-built-in');
  await expect(heading(page, 'Enforcers')).toBeVisible();
  const row = rowOf(page, 'user-enforcer-built-in');
  await expect(row.getByRole('link', { name: 'built-in/user-model-built-in' })).toHaveAttribute(
    'href',
    '/models/built-in/user-model-built-in',
  );
  await expect(row.getByRole('link', { name: 'built-in/user-adapter-built-in' })).toHaveAttribute(
    'href',
    '/adapters/built-in/user-adapter-built-in',
  );
  await expect(row.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
});

test('policies: add on top, duplicate refused, one row edited at a time, cancel, delete and sync', async ({ page }) => {
  const name = await addEnforcer();
  await page.goto(`/enforcers/built-in/${name}`);
  const table = policies(page);
  // Columns are named after the model's policy definition.
  await expect(table.getByRole('columnheader', { name: 'sub' })).toBeVisible();
  await expect(policyRows(page)).toHaveCount(1);

  // Add puts a p row on top, in edit; the other rows' actions wait.
  await table.getByRole('button', { name: 'Add', exact: true }).click();
  const first = policyRows(page).first();
  await expect(first.getByLabel('Rule type')).toHaveValue('p');
  await expect(policyRows(page).nth(1).getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(table.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  // A duplicate of the existing rule.
  await first.getByLabel('sub').fill('alice');
  await first.getByLabel('obj').fill('data1');
  await first.getByLabel('act').fill('read');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Failed to add: Duplicated policy rules')).toBeVisible();
  await first.getByLabel('act').fill('write');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(policyRows(page)).toHaveCount(2);

  // Cancel drops an added row that was not saved.
  await table.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(policyRows(page)).toHaveCount(3);
  await policyRows(page).first().getByRole('button', { name: 'Cancel' }).click();
  await expect(policyRows(page)).toHaveCount(2);

  // Cancel restores the old values of an edited row.
  const alice = policyRows(page).filter({ hasText: 'read' });
  await alice.getByRole('button', { name: 'Edit' }).click();
  await editedRow(page).getByLabel('sub').fill('mallory');
  await editedRow(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(policyRows(page).filter({ hasText: 'mallory' })).toHaveCount(0);
  await expect(policyRows(page).filter({ hasText: 'alice' })).toHaveCount(2);

  // Editing and saving updates the rule.
  await policyRows(page).filter({ hasText: 'read' }).getByRole('button', { name: 'Edit' }).click();
  await editedRow(page).getByLabel('sub').fill('bob');
  await editedRow(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(policyRows(page).filter({ hasText: 'bob' })).toHaveCount(1);

  // Delete.
  await policyRows(page).filter({ hasText: 'bob' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(policyRows(page)).toHaveCount(1);

  // Sync reads the rows again from the adapter (one added behind the page's back).
  await asAdmin((api) => call(api, '/api/add-policy', { Ptype: 'g', V0: 'carol', V1: 'alice' }, { id: `built-in/${name}` }));
  await table.getByRole('button', { name: 'Sync' }).click();
  await expect(toast(page, 'Successfully synced')).toBeVisible();
  await expect(policyRows(page).filter({ hasText: 'carol' })).toHaveCount(1);
});

test('policies: one page of 100 at a time from the server; a write reads its page again', async ({ page }) => {
  const name = await addEnforcer();
  const id = `built-in/${name}`;
  // 120 more rules after alice's: 121 in all, 21 of them on page 2.
  await asAdmin(async (api) => {
    for (let i = 0; i < 120; i++) {
      await call(api, '/api/add-policy', { Ptype: 'p', V0: `user${String(i).padStart(3, '0')}`, V1: 'doc', V2: 'read' }, { id });
    }
  });
  const asked: URLSearchParams[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/get-policies')) asked.push(new URL(r.url()).searchParams);
  });
  await page.goto(`/enforcers/${id}`);
  const table = policies(page);
  await expect(totalText(page, 121)).toBeVisible();
  await expect(policyRows(page)).toHaveCount(100);
  await expect(policyRows(page).first()).toContainText('alice');
  await expect(policyRows(page).last()).toContainText('user098');

  const second = page.waitForResponse((r) => r.url().includes('/api/get-policies') && r.url().includes('p=2&pageSize=100'));
  await pageItem(page, 2).click();
  await second;
  await expect(policyRows(page)).toHaveCount(21);
  await expect(policyRows(page).first()).toContainText('user099');
  await expect(policyRows(page).last()).toContainText('user119');
  await expect(pageItem(page, 2)).toHaveClass(/ant-pagination-item-active/);

  // Deleting on page 2 reads page 2 again: one row fewer, the total with it.
  await policyRows(page).filter({ hasText: 'user119' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(totalText(page, 120)).toBeVisible();
  await expect(policyRows(page)).toHaveCount(20);
  await expect(pageItem(page, 2)).toHaveClass(/ant-pagination-item-active/);

  // Sync stays on the page it shows.
  await table.getByRole('button', { name: 'Sync' }).click();
  await expect(toast(page, 'Successfully synced')).toBeVisible();
  await expect(policyRows(page).first()).toContainText('user099');

  // Every call asked for one page of 100: the table never loads every policy.
  expect(asked.length).toBeGreaterThan(0);
  for (const params of asked) expect([params.get('p'), params.get('pageSize')]).toEqual([expect.any(String), '100']);
  expect(asked.map((params) => params.get('p'))).toContain('2');
});
