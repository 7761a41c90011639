import { asAdmin, call, unique } from '../support/api.js';
import { field } from '../support/console.js';
import { adminTeamTest, expect, heading } from '../support/fixtures.js';

/**
 * The explain-and-simulate panel of the permission and enforcer pages (beyond Casdoor): a request,
 * the decision, the rows that matched with the role chain that led there, and what saving an edit
 * would change for the organization's users.
 */

/** A role of `org` holding the group `staff` (with `worker` in it) and a permission granting it `doc`. */
async function grantThroughGroupAndRole(org: string) {
  const permission = unique('perm');
  await asAdmin(async (api) => {
    await call(api, '/api/add-group', { owner: org, name: 'staff', type: 'Virtual', parentId: org, isEnabled: true });
    await call(api, '/api/update-user', { owner: org, name: 'worker', groups: [`${org}/staff`] }, { id: `${org}/worker` });
    await call(api, '/api/add-role', { owner: org, name: 'readers', groups: [`${org}/staff`], isEnabled: true });
    await call(api, '/api/add-permission', {
      owner: org,
      name: permission,
      users: [`${org}/boss`],
      roles: [`${org}/readers`],
      resourceType: 'Custom',
      resources: ['doc'],
      actions: ['Read'],
      effect: 'Allow',
      isEnabled: true,
    });
  });
  return permission;
}

adminTeamTest('explains a decision with the role chain, and simulates an edit before saving', async ({ page, team }) => {
  const permission = await grantThroughGroupAndRole(team.org);
  await page.goto(`/permissions/${team.org}/${permission}`);
  await expect(heading(page, 'Edit Permission')).toBeVisible();
  const panel = page.getByTestId('enforce-explain');
  await expect(panel.getByText('Explain and simulate')).toBeVisible();

  // An empty request is asked for in words, and nothing is sent.
  const explainCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/enforce-explain')) explainCalls.push(request.url());
  });
  await panel.getByRole('button', { name: 'Explain' }).click();
  await expect(panel.getByText('Enter who asks: a user as organization/user', { exact: true })).toBeVisible();
  await expect(panel.getByText('Enter the resource asked for', { exact: true })).toBeVisible();
  await expect(panel.getByText('Choose or enter the action', { exact: true })).toBeVisible();
  expect(explainCalls).toEqual([]);

  await panel.getByLabel('Subject').fill(`${team.org}/worker`);
  await panel.getByLabel('Object').fill('doc');
  // The action is picked from the permission's actions.
  await panel.getByLabel('Action').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Read', { exact: true }).click();
  await expect(panel.getByLabel('Action')).toHaveValue('Read');
  await expect(panel.getByText('Choose or enter the action', { exact: true })).toHaveCount(0);
  await panel.getByLabel('Subject').press('Enter');
  await expect(panel.getByText('Allowed', { exact: true })).toBeVisible();
  // worker → the staff group → the readers role, which the matched row names.
  const chain = panel.getByRole('row').filter({ hasText: `${team.org}/readers` });
  await expect(chain.getByText(`group:${team.org}/staff`)).toBeVisible();
  await expect(chain.getByText('Decided')).toBeVisible();

  await panel.getByLabel('Object').fill('other');
  await panel.getByRole('button', { name: 'Explain' }).click();
  await expect(panel.getByText('Denied', { exact: true })).toBeVisible();
  await expect(panel.getByText('No policy row matched this request')).toBeVisible();

  // An unsaved edit: boss leaves the users (worker keeps access through the role).
  const users = field(page, 'Sub users');
  await users.click();
  await users.press('Backspace');
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Simulate this edit' }).click();
  // One user in words, not "the first 1 users".
  await expect(
    panel.getByText(/^With this edit, no user would gain access and 1 user would lose access \(\d+ users checked\)$/),
  ).toBeVisible();
  await panel.getByText('Requests that would be refused (1)').click();
  await expect(panel.getByRole('cell', { name: `${team.org}/boss` })).toBeVisible();
  // Nothing was saved.
  const stored = await asAdmin(
    async (api) => (await call(api, '/api/get-permission', undefined, { id: `${team.org}/${permission}` })).data,
  );
  expect(stored.users).toEqual([`${team.org}/boss`]);
});

adminTeamTest('explains a decision of an enforcer record', async ({ page, team }) => {
  const enforcer = unique('enf');
  await asAdmin(async (api) => {
    await call(api, '/api/add-model', {
      owner: team.org,
      name: 'acl',
      modelText:
        '[request_definition]\nr = sub, obj, act\n\n[policy_definition]\np = sub, obj, act\n\n[policy_effect]\ne = some(where (p.eft == allow))\n\n[matchers]\nm = r.sub == p.sub && r.obj == p.obj && r.act == p.act',
    });
    await call(api, '/api/add-adapter', { owner: team.org, name: 'rules', table: `${enforcer}_rule`, useSameDb: true });
    await call(api, '/api/add-enforcer', {
      owner: team.org,
      name: enforcer,
      model: `${team.org}/acl`,
      adapter: `${team.org}/rules`,
    });
    await call(api, '/api/add-policy', { Ptype: 'p', V0: 'alice', V1: 'data1', V2: 'read' }, { id: `${team.org}/${enforcer}` });
  });
  await page.goto(`/enforcers/${team.org}/${enforcer}`);
  const panel = page.getByTestId('enforce-explain');
  await panel.getByLabel('Subject').fill('alice');
  await panel.getByLabel('Object').fill('data1');
  // The actions of the enforcer's policy rows are offered.
  await panel.getByLabel('Action').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('read', { exact: true }).click();
  await expect(panel.getByLabel('Action')).toHaveValue('read');
  await panel.getByRole('button', { name: 'Explain' }).click();
  await expect(panel.getByText('Allowed', { exact: true })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'data1' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Simulate this edit' })).toHaveCount(0);
});
