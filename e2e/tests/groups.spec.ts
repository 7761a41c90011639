import { asAdmin, call, unique } from '../support/api.js';
import { addButton, confirm, save } from '../support/console.js';
import { chooseOption, expect, heading, rowOf, signIn, teamTest, toast } from '../support/fixtures.js';

/** The group list and edit pages as an organization admin, and refused to an ordinary user. */

async function getGroup(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-group', undefined, { id: `${owner}/${name}` })).data);
}

teamTest('an organization admin adds a top group and a subgroup; Delete waits for the subgroups', async ({ page, team }) => {
  const parent = unique('grp');
  await asAdmin((api) => call(api, '/api/add-group', { owner: team.org, name: parent, displayName: 'Parent', type: 'Virtual' }));
  await signIn(page, team.admin.name, team.admin.password, team.org);

  await page.goto('/groups');
  await expect(heading(page, 'Groups')).toBeVisible();
  await addButton(page).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/groups/${team.org}/group_\\w+\\?mode=add$`));
  const child = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  // A new group starts as a top group: its parent is the organization.
  const parentInput = page.getByLabel('Parent', { exact: true });
  await expect(page.getByText(`${team.org} (organization)`)).toBeVisible();
  await parentInput.click();
  await parentInput.fill(parent);
  await chooseOption(page, parent);
  await page.getByLabel('Type', { exact: true }).click();
  await chooseOption(page, 'Physical');
  await save(page);
  expect(await getGroup(team.org, child)).toMatchObject({ parentId: parent, isTopGroup: false, type: 'Physical' });

  // The parent now has a subgroup: its Delete is disabled, and says why.
  await page.goto(`/groups?field=name&value=${parent}`);
  const deleteParent = rowOf(page, parent).getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteParent).toBeDisabled();
  await deleteParent.locator('..').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'You need to delete all subgroups first' })).toBeVisible();
  expect(await getGroup(team.org, parent)).toMatchObject({ haveChildren: true });
});

teamTest('an ordinary user gets 403 on the group list', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/groups');
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
});

teamTest(
  'the group tree shows the groups expanded, the selected group’s users, and removes one from it',
  async ({ page, team }) => {
    const top = unique('top');
    const sub = unique('sub');
    await asAdmin(async (api) => {
      await call(api, '/api/add-group', { owner: team.org, name: top, displayName: 'Top team', type: 'Virtual' });
      await call(api, '/api/add-group', { owner: team.org, name: sub, displayName: 'Sub team', parentId: top, type: 'Physical' });
      const worker = (await call(api, '/api/get-user', undefined, { id: `${team.org}/worker` })).data;
      await call(api, '/api/update-user', { ...worker, groups: [`${team.org}/${sub}`] }, { id: `${team.org}/worker` });
    });
    await signIn(page, team.admin.name, team.admin.password, team.org);

    await page.goto(`/trees/${team.org}`);
    await expect(heading(page, `Users of ${team.org}`)).toBeVisible();
    const tree = page.getByRole('tree', { name: 'Groups' });
    // Fully expanded: the subgroup shows without opening its parent.
    await expect(tree.getByText('Top team')).toBeVisible();
    await expect(tree.getByText('Sub team')).toBeVisible();
    await expect(rowOf(page, 'boss')).toBeVisible();

    await tree.getByText('Sub team').click();
    await expect(page).toHaveURL(`/trees/${team.org}/${sub}`);
    await expect(heading(page, `Users of group ${sub}`)).toBeVisible();
    await expect(rowOf(page, 'worker')).toBeVisible();
    await expect(rowOf(page, 'boss')).toHaveCount(0);

    await confirm(
      page,
      rowOf(page, 'worker').getByRole('button', { name: 'Remove', exact: true }),
      `Sure to remove worker from the group ${sub}?`,
      toast(page, 'Removed from the group'),
    );
    await expect(rowOf(page, 'worker')).toHaveCount(0);
    expect((await asAdmin((api) => call(api, '/api/get-user', undefined, { id: `${team.org}/worker` }))).data.groups).toEqual([]);

    // Show all returns to the organization's users; Add creates a group under the selected one.
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(page).toHaveURL(`/trees/${team.org}`);
    await tree.getByText('Top team').click();
    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/groups/${team.org}/group_\\w+\\?mode=add$`));
    const added = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(await getGroup(team.org, added)).toMatchObject({ parentId: top, isTopGroup: false });
    // Save & Exit returns to the tree it came from.
    await page.getByRole('button', { name: 'Save & Exit', exact: true }).first().click();
    await expect(page).toHaveURL(`/trees/${team.org}/${top}`);
  },
);
