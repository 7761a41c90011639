import { asAdmin, call, getRecord } from '../support/api.js';
import { field, saveAndExitButton, saveButton } from '../support/console.js';
import { expect, heading, signIn, teamTest as test, toast } from '../support/fixtures.js';

test('a user crops and uploads their own avatar from My Account', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await page.getByRole('button', { name: 'Upload a photo...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a photo...' });
  // Uploading with nothing chosen yet: the cropper asks for a picture.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'You must select a picture first!')).toBeVisible();

  // A picture drawn by the browser itself, 120 × 80: the crop makes it square.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#c03';
      context.fillRect(0, 0, 120, 80);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await dialog
    .getByLabel('Picture:')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(field(page, 'Avatar')).toHaveValue(new RegExp(`/files/avatar/${team.org}/worker\\.png\\?t=\\d+$`));

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const avatar = String((await getRecord('user', team.org, 'worker')).avatar);
  const stored = await page.request.get(avatar);
  expect(stored.headers()['content-type']).toBe('image/png');
  // Square, as the cropper's aspect ratio says.
  const size = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, avatar);
  expect(size[0]).toBe(size[1]);
});

test('a user keeps accounts of other applications, whose passwords never come back', async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  const table = page.getByRole('group', { name: 'Managed accounts' });
  await table.getByRole('button', { name: 'Add' }).click();
  await table.getByLabel('Application of row 1').fill('wiki');
  await table.getByLabel('Username of row 1').fill('w');
  await table.getByLabel('Password of row 1').fill('wiki-secret');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await page.reload();
  await expect(table.getByLabel('Application of row 1')).toHaveValue('wiki');
  await expect(table.getByLabel('Password of row 1')).toHaveValue('***');
  expect((await getRecord('user', team.org, 'worker')).managedAccounts).toEqual([
    { application: 'wiki', username: 'w', password: '***', signinUrl: '' },
  ]);
});

test("Save & Exit returns to the application's return-url, never to a site nobody registered", async ({ page, team }) => {
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name: `${team.org}-app`,
      organization: team.org,
      redirectUris: ['https://app.example.test/callback'],
    }),
  );
  await page.route('https://app.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back in the app</h1>' }),
  );
  await page.route('https://evil.example.net/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Elsewhere</h1>' }),
  );
  await signIn(page, team.user.name, team.user.password, team.org);

  await page.goto(`/account?return-url=${encodeURIComponent('https://evil.example.net/steal')}`);
  await expect(heading(page, 'My Account')).toBeVisible();
  await saveAndExitButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).not.toHaveURL(/evil\.example\.net/);

  await page.goto(`/account?return-url=${encodeURIComponent('https://app.example.test/profile-done')}`);
  await expect(heading(page, 'My Account')).toBeVisible();
  await field(page, 'Display name').fill('Worker Returned');
  await saveAndExitButton(page).click();
  await expect(page).toHaveURL('https://app.example.test/profile-done');
  await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();
  expect((await getRecord('user', team.org, 'worker')).displayName).toBe('Worker Returned');
});
