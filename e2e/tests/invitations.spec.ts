import { signupItem } from '@gatehouse/entities';
import { asAdmin, call, unique } from '../support/api.js';
import { addButton, save } from '../support/console.js';
import { accountMenu, expect, heading, rowOf, signIn, teamTest, toast } from '../support/fixtures.js';

/** Invitations: the edit page's rules and link, and a sign-up through the link. */

async function getInvitation(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-invitation', undefined, { id: `${owner}/${name}` })).data);
}

teamTest(
  'an organization admin adds an invitation, its default code follows the code, and its link signs a person up',
  async ({ page, team, browser, context }) => {
    const app = unique('invapp');
    const group = unique('grp');
    await asAdmin(async (api) => {
      await call(api, '/api/add-group', { owner: team.org, name: group, type: 'Virtual' });
      await call(api, '/api/add-application', {
        owner: 'admin',
        name: app,
        organization: team.org,
        cert: 'cert-built-in',
        enablePassword: true,
        enableSignUp: true,
        signupItems: ['Username', 'Password', 'Invitation code', 'Signup button'].map((item) => signupItem(item)),
      });
    });
    await signIn(page, team.admin.name, team.admin.password, team.org);

    await page.goto('/invitations');
    await expect(heading(page, 'Invitations')).toBeVisible();
    await addButton(page).click();
    await expect(toast(page, 'Successfully added')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/invitations/${team.org}/invitation_\\w+\\?mode=add$`));
    const name = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // The default code follows a code of letters and digits.
    const code = `Welcome${Date.now()}`;
    // The input, not the list's column of the same name (still shown while the edit page loads).
    await page.getByRole('textbox', { name: /^Code( :)?$/ }).fill(code);
    await expect(page.getByLabel('Default code', { exact: true })).toHaveValue(code);
    await page.getByLabel('Quota', { exact: true }).fill('2');
    // Without a default application of the organization, "All" has no sign-up page to link to.
    await page.getByRole('button', { name: 'Copy signup page URL' }).click();
    await expect(toast(page, `You need to first specify a default application for organization: ${team.org}`)).toBeVisible();
    await save(page);
    expect(await getInvitation(team.org, name)).toMatchObject({ code, defaultCode: code, quota: 2, application: 'All' });
    await asAdmin(async (api) => {
      const stored = (await call(api, '/api/get-invitation', undefined, { id: `${team.org}/${name}` })).data;
      await call(api, '/api/update-invitation', { ...stored, signupGroup: group }, { id: `${team.org}/${name}` });
      const org = (await call(api, '/api/get-organization', undefined, { id: `admin/${team.org}` })).data;
      await call(api, '/api/update-organization', { ...org, defaultApplication: app }, { id: `admin/${team.org}` });
    });
    await page.reload();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy signup page URL' }).click();
    await expect(toast(page, 'Copied to clipboard successfully')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/signup/${app}\\?invitationCode=${code}$`));

    // The list shows the state as a tag.
    await page.goto(`/invitations?field=name&value=${name}`);
    await expect(rowOf(page, name).locator('.ant-tag-success')).toHaveText('Active');

    // A person signs up through the link: the code is filled in, the use counted, the group joined.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const signupPage = await visitor.newPage();
    await signupPage.goto(link);
    await expect(signupPage.getByLabel('Invitation code')).toHaveValue(code);
    await signupPage.getByLabel('Username').fill('invited1');
    await signupPage.getByLabel('Password', { exact: true }).fill('invited-pass');
    await signupPage.getByRole('button', { name: 'Sign Up' }).click();
    await expect(accountMenu(signupPage)).toBeVisible();
    await visitor.close();
    expect(await getInvitation(team.org, name)).toMatchObject({ usedCount: 1 });
    const user = await asAdmin(async (api) => (await call(api, '/api/get-user', undefined, { id: `${team.org}/invited1` })).data);
    expect(user.groups).toEqual([`${team.org}/${group}`]);
  },
);

teamTest('an ordinary user gets 403 on the invitation list', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/invitations');
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
});
