import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { editAction, saveButton } from '../support/console.js';
import {
  chooseOption,
  dataRows,
  expect,
  heading,
  rowOf,
  signIn,
  teamTest,
  adminTest as test,
  toast,
} from '../support/fixtures.js';

/** Adds a cert as the built-in admin; ES256 keys are generated in milliseconds. */
async function createCert(owner: string, fields: object = {}): Promise<string> {
  const name = unique('cert');
  await asAdmin((api) =>
    call(api, '/api/add-cert', {
      owner,
      name,
      displayName: `Cert ${name}`,
      scope: 'JWT',
      type: 'x509',
      cryptoAlgorithm: 'ES256',
      bitSize: 0,
      expireInYears: 1,
      ...fields,
    }),
  );
  return name;
}

async function getCert(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-cert', undefined, { id: `${owner}/${name}` })).data);
}

async function deleteCert(owner: string, name: string) {
  await asAdmin((api) => call(api, '/api/delete-cert', { owner, name }));
}

const certificateArea = (page: Page) => page.getByLabel('Certificate', { exact: true });
const privateKeyArea = (page: Page) => page.getByLabel('Private key', { exact: true });
/** The Edit action of a row: a link, or a disabled button-looking anchor without an address. */

test('the list shows admin as Shared and filters type and scope on the server', async ({ page }) => {
  const payment = await createCert('built-in', { type: 'Payment' });
  // Other tests add certs too: search the built-in one by name so that it is on the first page.
  await page.goto('/certs?field=name&value=cert-built-in');
  await expect(heading(page, 'Certs')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Owner',
    'Created time',
    'Display name',
    'Scope',
    'Type',
    'Crypto algorithm',
    'Bit size',
    'Expire in years',
    'Action',
  ]);
  const builtIn = rowOf(page, 'cert-built-in');
  await expect(builtIn.getByRole('cell', { name: 'Shared', exact: true })).toBeVisible();
  await expect(builtIn.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(editAction(page, 'cert-built-in')).toHaveAttribute('href', '/certs/admin/cert-built-in');

  const filterBy = async (column: string, value: string) => {
    await page.getByRole('button', { name: `Filter ${column}` }).click();
    await page.getByRole('radio', { name: value, exact: true }).check();
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/get-certs') && r.url().includes(`field=${column.toLowerCase()}&value=${value}`),
    );
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await asked;
  };
  await filterBy('Type', 'Payment');
  await expect(page).toHaveURL('/certs?field=type&value=Payment');
  await expect(rowOf(page, payment)).toBeVisible();
  await expect(rowOf(page, 'cert-built-in')).toHaveCount(0);
  await expect(dataRows(page).filter({ hasNot: page.getByRole('cell', { name: 'Payment', exact: true }) })).toHaveCount(0);

  await filterBy('Scope', 'JWT');
  await expect(page).toHaveURL('/certs?field=scope&value=JWT');
  await expect(dataRows(page).first()).toBeVisible();
  await expect(dataRows(page).filter({ hasNot: page.getByRole('cell', { name: 'JWT', exact: true }) })).toHaveCount(0);
  await deleteCert('built-in', payment);
});

test('Add opens the new cert in add mode; ES256 clears the keys and Save generates an EC certificate', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/certs');
  await page.getByRole('button', { name: 'Add' }).click();
  // The server generates the default RSA 4096 key pair on add.
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/certs\/admin\/cert_[a-z0-9]{6}\?mode=add$/);
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');
  await expect(heading(page, 'New Cert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true }).first()).toBeVisible();
  await expect(page.getByTitle('Shared', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Bit size', { exact: true })).toHaveValue('4096');
  await expect(certificateArea(page)).toHaveValue(/^-----BEGIN CERTIFICATE-----/);
  await expect(privateKeyArea(page)).toHaveValue(/^-----BEGIN PRIVATE KEY-----/);

  await page.getByLabel('Crypto algorithm', { exact: true }).click();
  await chooseOption(page, 'ES256');
  await expect(certificateArea(page)).toHaveValue('');
  await expect(privateKeyArea(page)).toHaveValue('');
  await expect(page.getByLabel('Bit size', { exact: true })).toHaveValue('0');
  await expect(page.getByText('Left empty, a new key pair and certificate are generated on save.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Certificate' })).toBeDisabled();

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/certs/admin/${name}`);
  await expect(certificateArea(page)).toHaveValue(/^-----BEGIN CERTIFICATE-----/);
  const certificate = await certificateArea(page).inputValue();
  expect(new X509Certificate(certificate).publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  const privateKey = await privateKeyArea(page).inputValue();
  expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  expect(await getCert('admin', name)).toMatchObject({ cryptoAlgorithm: 'ES256', bitSize: 0, certificate, privateKey });

  await page.getByRole('button', { name: 'Copy Certificate' }).click();
  await expect(toast(page, 'Copied to clipboard successfully')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(certificate);

  for (const [button, filename, content] of [
    ['Download Certificate', `${name}.pem`, certificate],
    ['Download Private key', `${name}.key`, privateKey],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(filename);
    expect(fs.readFileSync(await file.path(), 'utf8')).toBe(content);
  }
  await deleteCert('admin', name);
});

teamTest('an organization admin sees shared certs read-only and manages their own', async ({ page, team }) => {
  const shared = await createCert('admin');
  const own = await createCert(team.org);
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/certs?field=displayName&value=Cert%20cert');
  await expect(heading(page, 'Certs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeEnabled();

  const sharedRow = rowOf(page, shared);
  await expect(sharedRow.getByRole('cell', { name: 'Shared', exact: true })).toBeVisible();
  await expect(sharedRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(editAction(page, shared)).toHaveAttribute('aria-disabled', 'true');
  await expect(editAction(page, shared)).not.toHaveAttribute('href');
  const ownRow = rowOf(page, own);
  await expect(ownRow.getByRole('link', { name: team.org, exact: true })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expect(ownRow.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/certs/${team.org}/${own}`);

  // The name still opens the shared cert, read-only, with its private key masked.
  await sharedRow.getByRole('link', { name: shared, exact: true }).click();
  await expect(heading(page, 'Edit Cert')).toBeVisible();
  await expect(certificateArea(page)).toHaveValue(/^-----BEGIN CERTIFICATE-----/);
  await expect(privateKeyArea(page)).toHaveValue('***');
  await expect(privateKeyArea(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Copy Private key' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download Private key' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Copy Certificate' })).toBeEnabled();
  await expect(saveButton(page)).toBeDisabled();

  await deleteCert('admin', shared);
});
