import { readFile, writeFile } from 'node:fs/promises';
import { asAdmin, call, unique } from '../support/api.js';
import { expect, heading, rowOf, adminTest as test, toast } from '../support/fixtures.js';

/**
 * The application list's definition files (docs/decisions/0006-application-definition-html.md):
 * Export downloads an application as an HTML file, and the list's upload creates an application
 * from one, HTML only.
 */
test('an exported application definition uploads as a new application; other files are refused', async ({ page }, testInfo) => {
  const name = unique('transfer');
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `Transfer ${name}`,
      organization: 'built-in',
      homepageUrl: 'https://transfer.example',
      redirectUris: ['https://transfer.example/callback'],
    }),
  );

  await page.goto(`/applications?field=name&value=${name}`);
  const downloading = page.waitForEvent('download');
  await rowOf(page, name).getByRole('link', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.html`);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain(`Transfer ${name}`);

  // The same definition under another name, as someone would edit the file before uploading it.
  const copy = `${name}-copy`;
  const file = testInfo.outputPath(`${copy}.html`);
  await writeFile(file, exported.replace(`"name": "${name}"`, `"name": "${copy}"`));

  await page.goto('/applications');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload (.html)' }).click();
  await (await chooser).setFiles(file);
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(`/applications/built-in/${copy}`);
  await expect(heading(page, 'Edit Application')).toBeVisible();
  await expect(page.getByLabel('Home page URL')).toHaveValue('https://transfer.example');

  // A file that is not HTML is refused before it is sent.
  await page.goto('/applications');
  const second = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload (.html)' }).click();
  await (await second).setFiles({ name: 'app.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
  await expect(toast(page, 'Please select a HTML file')).toBeVisible();

  // An HTML file without a definition is refused by the server, with its reason.
  const third = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload (.html)' }).click();
  await (await third).setFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<html><body>Hi</body></html>') });
  await expect(page.getByRole('alert').filter({ hasText: 'The HTML file holds no application definition' })).toBeVisible();
});
