import type { FileChooser, Page } from '@playwright/test';
import { apiAs, unique } from '../support/api.js';
import { confirm } from '../support/console.js';
import { adminTest, dataRows, expect, heading, rowOf, signIn, tabTo, teamTest, toast } from '../support/fixtures.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const uploadButton = (page: Page) => page.getByRole('button', { name: 'Upload a file...' });

/** Opens the resource list searched by name, so that files of other tests stay out of the way. */
async function openList(page: Page, search: string) {
  await page.goto(`/resources?field=name&value=${encodeURIComponent(search)}`);
  await expect(heading(page, 'Resources')).toBeVisible();
}

adminTest('uploads an image, previews it, copies its link and deletes it with its file', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const file = `${unique('photo')}.png`;
  await openList(page, file);
  // Resources come from uploads: there is no Add.
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);

  await page.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  const name = `resource/built-in/admin/${file}`;
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  const origin = new URL(page.url()).origin;
  const url = `${origin}/files/${name}`;

  // The preview is the image itself, loaded from its URL.
  const preview = row.getByRole('img', { name: `Preview of ${file}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  await expect(row.getByRole('cell', { name: '.png', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'image', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: `${PNG.length} bytes`, exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'admin', exact: true })).toHaveAttribute('href', '/users/built-in/admin');
  await expect(row.getByRole('link', { name: 'app-built-in', exact: true })).toHaveAttribute(
    'href',
    '/applications/built-in/app-built-in',
  );
  await expect(row.getByText('Local File System (default)')).toBeVisible();

  await row.getByRole('button', { name: `Copy the link of ${name}` }).click();
  await expect(toast(page, 'Copied to clipboard successfully')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect((await page.request.get(url)).status()).toBe(200);

  const deleted = toast(page, 'Successfully deleted');
  await confirm(page, row.getByRole('button', { name: 'Delete', exact: true }), `Sure to delete: ${name} ?`, deleted);
  await expect(row).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});

adminTest('takes a file of any type (an archive), listed as other and served as a download', async ({ page }) => {
  const file = `${unique('bundle')}.zip`;
  await openList(page, file);
  const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
  await page.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'application/zip', buffer: zip });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  const name = `resource/built-in/admin/${file}`;
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '.zip', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'other', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: `${zip.length} bytes`, exact: true })).toBeVisible();
  const served = await page.request.get(`/files/${name}`);
  expect(served.headers()['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});

adminTest('takes an SVG with a script, which opened from its link runs nothing', async ({ page }) => {
  const file = `${unique('drawing')}.svg`;
  await openList(page, file);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/>' +
    '<script>document.documentElement.setAttribute("data-ran", String(document.cookie.length))</script></svg>';
  await page.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  const row = rowOf(page, `resource/built-in/admin/${file}`);
  await expect(row.getByRole('img', { name: `Preview of ${file}` })).toBeVisible();
  const opened = await page.goto(`/files/resource/built-in/admin/${file}`);
  expect(opened?.headers()['content-security-policy']).toMatch(/^sandbox; /);
  await expect(page.locator('rect')).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
});

adminTest('refuses a file whose declared type contradicts its extension, with the server reason', async ({ page }) => {
  const file = `${unique('fake')}.png`;
  await openList(page, file);
  await page.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'text/html', buffer: Buffer.from('<b>x</b>') });
  await expect(
    page.getByRole('alert').filter({
      hasText: /^File failed to upload: The file is declared as text\/html, which does not fit its extension \.png/,
    }),
  ).toBeVisible();
  await expect(dataRows(page)).toHaveCount(0);
  expect((await page.request.get(`/files/resource/built-in/admin/${file}`)).status()).toBe(404);
});

adminTest('the file picker takes any file, one at a time', async ({ page }) => {
  await openList(page, unique('none'));
  const input = page.locator('input[type="file"]');
  // An empty (or no) accept attribute offers every file.
  expect(await input.getAttribute('accept')).toBeFalsy();
  await expect(input).not.toHaveAttribute('multiple');
});

teamTest('members see their own files, read-only; their administrator uploads and deletes', async ({ page, team }) => {
  const file = `${unique('mine')}.png`;
  const boss = await apiAs(team.admin.name, team.admin.password, team.org);
  try {
    for (const user of [team.user.name, team.admin.name]) {
      const upload = await boss.post(
        `/api/upload-resource?${new URLSearchParams({ owner: team.org, user, tag: 'custom', parent: 'ResourceListPage', fullFilePath: `resource/${team.org}/${user}/${file}` })}`,
        { multipart: { file: { name: file, mimeType: 'image/png', buffer: PNG } } },
      );
      expect((await upload.json()).status).toBe('ok');
    }
  } finally {
    await boss.dispose();
  }

  await signIn(page, team.user.name, team.user.password, team.org);
  await openList(page, file);
  const mine = rowOf(page, `resource/${team.org}/${team.user.name}/${file}`);
  await expect(mine).toBeVisible();
  await expect(rowOf(page, `resource/${team.org}/${team.admin.name}/${file}`)).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(uploadButton(page)).toBeDisabled();
});

adminTest.describe('on a phone', () => {
  adminTest.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  adminTest('the list fits the width and its upload is reachable by keyboard', async ({ page }) => {
    await openList(page, unique('phone'));
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect(uploadButton(page)).toBeInViewport();
    // The list may still re-render once its page arrives and take the focus with it: a press that
    // opened nothing is tried again from the keyboard, as a person would.
    let picker: FileChooser | undefined;
    await expect(async () => {
      await tabTo(page, uploadButton(page));
      const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
      await page.keyboard.press('Enter');
      picker = await chooser;
    }).toPass({ timeout: 40_000 });
    if (!picker) throw new Error('no file chooser opened');
    expect(picker.isMultiple()).toBe(false);
    await picker.setFiles({ name: `${unique('kb')}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  });
});
