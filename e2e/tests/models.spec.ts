import { asAdmin, call, unique } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { expect, heading, rowOf, signIn, teamTest, adminTest as test, toast } from '../support/fixtures.js';

/** Models: the text editor, its live check and the Advanced tab. */

async function getModel(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-model', undefined, { id: `${owner}/${name}` })).data);
}

async function addModel(): Promise<string> {
  const name = unique('model');
  await asAdmin((api) => call(api, '/api/add-model', { owner: 'built-in', name, displayName: 'RBAC' }));
  return name;
}

test('the list previews the model text and the built-in models cannot be deleted', async ({ page }) => {
  await page.goto('/models?field=name&value=user-model-built-in');
  await expect(heading(page, 'Models')).toBeVisible();
  const row = rowOf(page, 'user-model-built-in');
  await expect(row.getByText(/^\[request_definition\]/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
});

test('editing the text in the Basic tab saves it; invalid text shows the error and Save refuses', async ({ page }) => {
  const name = await addModel();
  await page.goto(`/models/built-in/${name}`);
  const editor = page.locator('.cm-content');
  await expect(editor).toContainText('[request_definition]');

  // Replace the whole text with one that lacks sections: the error shows at once.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('[request_definition]\nr = sub, obj, act\n');
  await expect(
    page.getByRole('alert').filter({ hasText: 'missing required sections: policy_definition, policy_effect, matchers' }),
  ).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText('The model text is not valid', { exact: true })).toBeVisible();
  expect((await getModel('built-in', name)).modelText).toContain('[matchers]');

  // A valid text is saved.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(
    '[request_definition]\nr = sub, obj\n\n[policy_definition]\np = sub, obj\n\n[policy_effect]\ne = some(where (p.eft == allow))\n\n[matchers]\nm = r.sub == p.sub && r.obj == p.obj',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'missing required sections' })).toHaveCount(0);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getModel('built-in', name)).modelText).toContain('m = r.sub == p.sub && r.obj == p.obj');
});

test('edits in the Advanced tab are written into the text', async ({ page }) => {
  const name = await addModel();
  await page.goto(`/models/built-in/${name}`);
  await page.getByRole('tab', { name: 'Advanced' }).click();
  const policy = page.getByLabel('Policy definition', { exact: true });
  await expect(policy).toHaveValue('sub, obj, act');
  await policy.fill('sub, obj, act, eft');
  const effect = page.getByLabel('Policy effect', { exact: true });
  await effect.fill('priority(p.eft) || deny');
  await page.getByRole('tab', { name: 'Basic' }).click();
  await expect(page.locator('.cm-content')).toContainText('p = sub, obj, act, eft');
  await expect(page.locator('.cm-content')).toContainText('e = priority(p.eft) || deny');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const saved = String((await getModel('built-in', name)).modelText);
  expect(saved).toContain('p = sub, obj, act, eft');
  expect(saved).toContain('e = priority(p.eft) || deny');
});

test('a built-in model is locked: owner, name and text cannot change', async ({ page }) => {
  await page.goto('/models/built-in/user-model-built-in');
  await expect(page.locator('.cm-content')).toContainText('[matchers]');
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByLabel('Matchers', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Display name', { exact: true })).toBeEditable();
});

teamTest(
  'an organization admin is refused the model, adapter and enforcer lists (global administrators only)',
  async ({ page, team }) => {
    await signIn(page, team.admin.name, team.admin.password, team.org);
    for (const list of ['/models', '/adapters', '/enforcers']) {
      await page.goto(list);
      await expect(heading(page, '403 Unauthorized')).toBeVisible();
    }
  },
);
