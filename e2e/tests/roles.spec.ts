import { asAdmin, call, unique } from '../support/api.js';
import { field, save } from '../support/console.js';
import { adminTeamTest, adminTest, chooseOption, expect, heading, toast } from '../support/fixtures.js';

/** Roles as a global administrator: server-searched pickers, domains as tags, the .xlsx upload. */

async function getRole(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-role', undefined, { id: `${owner}/${name}` })).data);
}

adminTeamTest('a global administrator fills a role with the server-searched pickers and domain tags', async ({ page, team }) => {
  const role = unique('role');
  const sub = unique('sub');
  const group = unique('grp');
  await asAdmin(async (api) => {
    await call(api, '/api/add-group', { owner: team.org, name: group, type: 'Virtual' });
    await call(api, '/api/add-role', { owner: team.org, name: sub, isEnabled: true });
    await call(api, '/api/add-role', { owner: team.org, name: role, isEnabled: true });
  });

  await page.goto(`/roles/${team.org}/${role}`);
  await expect(heading(page, 'Edit Role')).toBeVisible();

  const users = field(page, 'Sub users');
  await users.click();
  await users.fill('work');
  await chooseOption(page, `${team.org}/worker`);
  await page.keyboard.press('Escape');

  const groups = field(page, 'Sub groups');
  await groups.click();
  await groups.fill(group);
  await chooseOption(page, `${team.org}/${group}`);
  await page.keyboard.press('Escape');

  // The role itself is never offered as its own sub-role.
  const roles = field(page, 'Sub roles');
  await roles.click();
  await roles.fill(role);
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(`${team.org}/${role}`, { exact: true })).toHaveCount(0);
  await roles.fill(sub);
  await chooseOption(page, `${team.org}/${sub}`);
  await page.keyboard.press('Escape');

  const domains = field(page, 'Sub domains');
  await domains.click();
  await domains.fill('docs');
  await domains.press('Enter');
  await page.keyboard.press('Escape');

  await save(page);
  expect(await getRole(team.org, role)).toMatchObject({
    users: [`${team.org}/worker`],
    groups: [`${team.org}/${group}`],
    roles: [`${team.org}/${sub}`],
    domains: ['docs'],
  });
});

adminTeamTest('the server refuses a sub-role cycle and the page says why', async ({ page, team }) => {
  const a = unique('ra');
  const b = unique('rb');
  await asAdmin(async (api) => {
    await call(api, '/api/add-role', { owner: team.org, name: a });
    await call(api, '/api/add-role', { owner: team.org, name: b, roles: [`${team.org}/${a}`] });
  });
  await page.goto(`/roles/${team.org}/${a}`);
  const roles = field(page, 'Sub roles');
  await roles.click();
  await roles.fill(b);
  await chooseOption(page, `${team.org}/${b}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(
    toast(
      page,
      `Failed to save: The sub-role "${team.org}/${b}" already contains the role "${team.org}/${a}": roles cannot form a cycle`,
    ),
  ).toBeVisible();
});

adminTest('the role list takes .xlsx uploads only', async ({ page }) => {
  await page.goto('/roles');
  await expect(heading(page, 'Roles')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload (.xlsx)' })).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'roles.csv', mimeType: 'text/csv', buffer: Buffer.from('name\nx') });
  await expect(toast(page, 'Only .xlsx files can be uploaded')).toBeVisible();
});

adminTest(
  'a failed role upload says so: the server’s refusal as Failed to sync, a lost connection as File failed to upload',
  async ({ page }) => {
    await page.goto('/roles');
    await expect(heading(page, 'Roles')).toBeVisible();
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'roles.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    await expect(toast(page, 'Failed to sync: The file is not an .xlsx workbook')).toBeVisible();

    await page.route('**/api/upload-roles*', (route) => route.abort('connectionreset'));
    await file.setInputFiles({ name: 'roles2.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await expect(toast(page, 'File failed to upload')).toBeVisible();
  },
);
