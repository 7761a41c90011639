import { DEFAULT_MODEL_TEXT } from '@gatehouse/entities';
import { addUsers, apiAs, asAdmin, call, createOrganization, unique } from '../support/api.js';
import { addButton, field, save, saveButton } from '../support/console.js';
import { adminTeamTest, chooseOption, dataRows, expect, heading, rowOf, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * Permissions: the save rules shown on the page, approval by a
 * global administrator, an organization administrator's list, and members' own permissions.
 */

const base = { resources: ['app-built-in'], actions: ['Read'] };

async function getPermission(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-permission', undefined, { id: `${owner}/${name}` })).data);
}

/** Adds a permission as `username` of `org` (it is then the submitter). */
async function submit(org: string, username: string, password: string, name: string, fields: object = {}) {
  const api = await apiAs(username, password, org);
  try {
    await call(api, '/api/add-permission', { owner: org, name, users: [`${org}/${username}`], ...base, ...fields });
  } finally {
    await api.dispose();
  }
}

adminTeamTest('the page refuses to save what the server refuses, and approval fills the approver', async ({ page, team }) => {
  const name = unique('perm');
  await submit(team.org, team.admin.name, team.admin.password, name);
  expect(await getPermission(team.org, name)).toMatchObject({ state: 'Pending', submitter: 'boss', approver: '' });

  await page.goto(`/permissions/${team.org}/${name}`);
  await expect(heading(page, 'Edit Permission')).toBeVisible();
  // No model: the permission is read with the built-in RBAC model, as the page says; it defines roles.
  await expect(
    page.getByText(
      'No model, or none of that name: the permission is read with the built-in RBAC model (sub, obj, act with roles), as Casdoor does',
    ),
  ).toBeVisible();
  await expect(field(page, 'Sub roles')).toBeEnabled();

  const users = field(page, 'Sub users');
  await users.click();
  await users.press('Backspace');
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(page.getByText('The users and roles cannot be empty at the same time', { exact: true })).toBeVisible();

  // All is offered for the users.
  await users.click();
  await chooseOption(page, 'All');
  await page.keyboard.press('Escape');
  await expect(page.getByText('The users and roles cannot be empty at the same time', { exact: true })).toHaveCount(0);

  const actions = field(page, 'Actions');
  await actions.click();
  await actions.press('Backspace');
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(page.getByText('The actions cannot be empty', { exact: true })).toBeVisible();
  await actions.click();
  await chooseOption(page, 'Write');
  await page.keyboard.press('Escape');

  // A new resource type clears the resources, which may not stay empty.
  await field(page, 'Resource type').click();
  await chooseOption(page, 'Custom');
  await saveButton(page).click();
  await expect(page.getByText('The resources cannot be empty', { exact: true })).toBeVisible();
  const resources = field(page, 'Resources');
  await resources.click();
  await resources.fill('/reports');
  await resources.press('Enter');
  await page.keyboard.press('Escape');

  await field(page, 'State').click();
  await chooseOption(page, 'Approved');
  await expect(field(page, 'Approver')).toHaveValue('admin');
  await save(page);
  const stored = await getPermission(team.org, name);
  expect(stored).toMatchObject({
    users: ['*'],
    actions: ['Write'],
    resourceType: 'Custom',
    resources: ['/reports'],
    state: 'Approved',
    approver: 'admin',
    submitter: 'boss',
  });
  expect(stored.approveTime).not.toBe('');
});

teamTest('an organization administrator manages the organization’s permissions but not their state', async ({ page, team }) => {
  const byWorker = unique('pw');
  await submit(team.org, team.user.name, team.user.password, byWorker);
  await signIn(page, team.admin.name, team.admin.password, team.org);

  await page.goto('/permissions');
  await expect(heading(page, 'Permissions')).toBeVisible();
  await expect(rowOf(page, byWorker)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload (.xlsx)' })).toBeEnabled();

  await rowOf(page, byWorker).getByRole('link', { name: byWorker, exact: true }).click();
  await expect(heading(page, 'Edit Permission')).toBeVisible();
  await expect(field(page, 'State')).toBeDisabled();
  await field(page, 'Display name').fill('Checked by boss');
  await save(page);
  expect(await getPermission(team.org, byWorker)).toMatchObject({
    displayName: 'Checked by boss',
    submitter: 'worker',
    state: 'Pending',
  });
});

teamTest('a member sees and edits only the permissions they submitted', async ({ page, team }) => {
  const mine = unique('mine');
  const theirs = unique('theirs');
  await submit(team.org, team.user.name, team.user.password, mine);
  await submit(team.org, team.admin.name, team.admin.password, theirs);
  await signIn(page, team.user.name, team.user.password, team.org);

  await page.goto('/permissions');
  await expect(heading(page, 'Permissions')).toBeVisible();
  await expect(rowOf(page, mine)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(1);

  await rowOf(page, mine).getByRole('link', { name: mine, exact: true }).click();
  await expect(heading(page, 'Edit Permission')).toBeVisible();
  await expect(field(page, 'State')).toBeDisabled();
  await expect(field(page, 'Submitter')).toHaveValue('worker');
  await field(page, 'Display name').fill('My request');
  await save(page);
  expect(await getPermission(team.org, mine)).toMatchObject({ displayName: 'My request', state: 'Pending' });

  await page.goto(`/permissions/${team.org}/${theirs}`);
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
});

teamTest('a member adds a permission: they submit it, Pending', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/permissions');
  await expect(heading(page, 'Permissions')).toBeVisible();
  await addButton(page).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/permissions/${team.org}/permission_\\w+\\?mode=add$`));
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(heading(page, 'New Permission')).toBeVisible();
  await expect(field(page, 'State')).toBeDisabled();
  expect(await getPermission(team.org, name)).toMatchObject({
    submitter: 'worker',
    state: 'Pending',
    users: [`${team.org}/worker`],
    resourceType: 'Application',
    resources: ['app-built-in'],
    actions: ['Read'],
    effect: 'Allow',
    isEnabled: true,
  });
});

adminTeamTest(
  "moving a permission to another organization drops the other's members, applications, model and adapter; a new organization is offered a model",
  async ({ page, team }) => {
    const name = unique('perm');
    const model = unique('model');
    const adapter = unique('adapter');
    const other = await createOrganization('permto');
    await addUsers(other, ['newcomer']);
    await asAdmin(async (api) => {
      await call(api, '/api/add-model', { owner: team.org, name: model, modelText: DEFAULT_MODEL_TEXT });
      await call(api, '/api/add-adapter', { owner: team.org, name: adapter, table: `${adapter}_rules`, useSameDb: true });
      await call(api, '/api/add-permission', {
        owner: team.org,
        name,
        ...base,
        model: `${team.org}/${model}`,
        adapter,
        users: [`${team.org}/worker`, '*'],
        roles: [`${team.org}/*`],
      });
    });
    await page.goto(`/permissions/${team.org}/${name}`);
    await expect(heading(page, 'Edit Permission')).toBeVisible();
    const form = page.locator('form');
    await expect(form.getByText(`${team.org}/worker`)).toBeVisible();
    await expect(form.getByText(`${team.org}/${model}`)).toBeVisible();
    await expect(form.getByText(adapter, { exact: true })).toBeVisible();

    await page.locator('#permission_owner').click();
    await page.keyboard.type(other);
    await chooseOption(page, other);
    // Only All stays of the members; the applications, model and adapter of the organization left are gone.
    await expect(form.getByText(`${team.org}/worker`)).toHaveCount(0);
    await expect(form.getByText(`${team.org}/*`)).toHaveCount(0);
    await expect(form.getByText('app-built-in')).toHaveCount(0);
    await expect(form.getByText(`${team.org}/${model}`)).toHaveCount(0);
    await expect(form.getByText(adapter, { exact: true })).toHaveCount(0);
    await saveButton(page).click();
    await expect(page.getByText('The resources cannot be empty', { exact: true })).toBeVisible();

    // The new organization has no model: the page offers to add one, which the permission then names.
    const offer = page.getByRole('alert').filter({ hasText: `The organization ${other} has no model yet` });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Add a model' }).click();
    await expect(toast(page, 'Successfully added')).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(form.getByText(new RegExp(`^${other}/model_\\w+$`))).toBeVisible();

    const resources = field(page, 'Resources');
    await resources.click();
    await chooseOption(page, 'All');
    await page.keyboard.press('Escape');
    const users = field(page, 'Sub users');
    await users.click();
    await page.keyboard.type('newcomer');
    await chooseOption(page, `${other}/newcomer`);
    await page.keyboard.press('Escape');
    await save(page);

    const stored = await getPermission(other, name);
    expect(stored).toMatchObject({ owner: other, users: ['*', `${other}/newcomer`], roles: [], resources: ['*'], adapter: '' });
    expect(stored.model).toMatch(new RegExp(`^${other}/model_\\w+$`));
    const added = await asAdmin(async (api) => (await call(api, '/api/get-model', undefined, { id: stored.model })).data);
    expect(added).toMatchObject({ owner: other });
    expect(await getPermission(team.org, name)).toBeNull();
  },
);
