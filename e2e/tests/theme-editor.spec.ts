import { asAdmin, call, updateRecord } from '../support/api.js';
import { field, saveButton } from '../support/console.js';
import { adminTeamTest, expect, heading, signIn, teamTest, toast } from '../support/fixtures.js';

adminTeamTest('the theme editor: presets, colour by text, radius and compact', async ({ page, team }) => {
  const app = `${team.org}-themed`;
  await asAdmin((api) => call(api, '/api/add-application', { owner: 'admin', name: app, organization: team.org }));
  await page.goto(`/applications/admin/${app}`);
  await expect(heading(page, 'Edit Application')).toBeVisible();
  const editor = page.getByRole('group', { name: 'Theme' });
  await editor.getByRole('switch', { name: 'Enable theme' }).click();
  // Blossom sets its own colour and radius.
  await editor.getByText('Blossom', { exact: true }).click();
  await expect(editor.getByRole('spinbutton')).toHaveValue('20');
  const colour = editor.locator(`input[id$="-colorPrimary"]`);
  await expect(colour).toHaveValue('#e6739f');
  await colour.fill('#d4380d');
  await editor.getByRole('spinbutton').fill('3');
  await editor.getByRole('switch', { name: 'Compact' }).click();
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const stored = await asAdmin((api) => call(api, '/api/get-application', undefined, { id: `admin/${app}` }));
  expect(stored.data.themeData).toEqual({
    isEnabled: true,
    themeType: 'blossom',
    colorPrimary: '#d4380d',
    borderRadius: 3,
    isCompact: true,
  });
});

teamTest('a member sees the console in the theme their organization saved', async ({ page, team }) => {
  await updateRecord('organization', 'admin', team.org, {
    themeData: { isEnabled: true, themeType: 'blossom', colorPrimary: '#d4380d', borderRadius: 3, isCompact: false },
  });
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  const save = saveButton(page);
  await expect(field(page, 'Display name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Exit' }).first()).toHaveCSS('background-color', 'rgb(212, 56, 13)');
  await expect(save).toHaveCSS('border-top-left-radius', '3px');
});
