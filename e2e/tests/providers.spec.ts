import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** Adds a provider as the built-in admin (an OAuth GitHub provider unless told). */
async function createProvider(owner: string, fields: object = {}): Promise<string> {
  const name = unique('provider');
  await asAdmin((api) =>
    call(api, '/api/add-provider', {
      owner,
      name,
      displayName: `Provider ${name}`,
      category: 'OAuth',
      type: 'GitHub',
      ...fields,
    }),
  );
  return name;
}

async function getProvider(owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-provider', undefined, { id: `${owner}/${name}` })).data);
}

async function deleteProvider(owner: string, name: string) {
  await asAdmin((api) => call(api, '/api/delete-provider', { owner, name }));
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

const METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.com/realms/e2e">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBe2eCertificate==</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

test('the list shows the shared captcha provider and filters category and type on the server', async ({ page }) => {
  await page.goto('/providers?field=name&value=provider_captcha_default');
  await expect(heading(page, 'Providers')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Name',
    'Organization',
    'Created time',
    'Display name',
    'Category',
    'Type',
    'Client ID',
    'Provider URL',
    'Action',
  ]);
  const builtIn = rowOf(page, 'provider_captcha_default');
  await expect(builtIn.getByRole('cell', { name: 'Shared', exact: true })).toBeVisible();
  await expect(builtIn.getByRole('cell', { name: 'Captcha Default', exact: true })).toBeVisible();
  await expect(builtIn.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(editAction(page, 'provider_captcha_default')).toHaveAttribute('href', '/providers/admin/provider_captcha_default');

  const sms = await createProvider('built-in', { category: 'SMS', type: 'Twilio SMS', clientId: 'AC-e2e' });
  const filterBy = async (column: string, value: string) => {
    await page.getByRole('button', { name: `Filter ${column}` }).click();
    await page.getByRole('radio', { name: value, exact: true }).check();
    const asked = page.waitForRequest(
      (r) =>
        r.url().includes('/api/get-providers') &&
        r.url().includes(`field=${column.toLowerCase()}&value=${encodeURIComponent(value).replace(/%20/g, '+')}`),
    );
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await asked;
  };
  await filterBy('Category', 'SMS');
  await expect(page).toHaveURL('/providers?field=category&value=SMS');
  await expect(rowOf(page, sms)).toBeVisible();
  await expect(rowOf(page, 'provider_captcha_default')).toHaveCount(0);
  await expect(dataRows(page).filter({ hasNot: page.getByRole('cell', { name: 'SMS', exact: true }) })).toHaveCount(0);

  await filterBy('Type', 'Twilio SMS');
  await expect(page).toHaveURL('/providers?field=type&value=Twilio+SMS');
  await expect(rowOf(page, sms)).toBeVisible();
  await expect(rowOf(page, sms).getByRole('cell', { name: 'AC-e2e', exact: true })).toBeVisible();
  await deleteProvider('built-in', sms);
});

test('Add opens a new provider in add mode; choosing Email resets the type and fills the e-mail defaults', async ({ page }) => {
  await page.goto('/providers');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/providers\/admin\/provider_[a-z0-9]{6}\?mode=add$/);
  const name = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');
  await expect(heading(page, 'New Provider')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true }).first()).toBeVisible();
  await expect(page.getByTitle('Shared', { exact: true })).toBeVisible();
  await expect(page.getByTitle('GitHub', { exact: true })).toBeVisible();
  await expect(field(page, 'Client ID')).toBeVisible();
  await expect(field(page, 'Host')).toHaveCount(0);

  await field(page, 'Category').click();
  await chooseOption(page, 'Email');
  await expect(page.getByTitle('Default', { exact: true })).toBeVisible();
  await expect(field(page, 'Host')).toHaveValue('smtp.example.com');
  await expect(field(page, 'Port')).toHaveValue('465');
  await expect(field(page, 'Disable SSL')).not.toBeChecked();
  await expect(field(page, 'Email title')).toHaveValue('Gatehouse Verification Code');
  await expect(field(page, 'Email content')).toHaveValue(/valid for 5 minutes/);
  await expect(field(page, 'Test email')).toHaveValue('admin@example.com');
  // Labels follow the category: an SMTP account's username and password.
  await expect(field(page, 'Username')).toBeVisible();
  await expect(field(page, 'Password')).toBeVisible();
  await expect(field(page, 'Client ID')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test SMTP connection' })).toBeEnabled();

  // Types this release only configures are marked in the type select.
  await field(page, 'Type').click();
  const submail = page.locator('.ant-select-dropdown:visible').getByTitle('SUBMAIL', { exact: true });
  await expect(submail).toContainText('configuration only');
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('Default', { exact: true })).not.toContainText(
    'configuration only',
  );
  await page.keyboard.press('Escape');

  await field(page, 'Port').fill('587');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(`/providers/admin/${name}`);
  expect(await getProvider('admin', name)).toMatchObject({
    category: 'Email',
    type: 'Default',
    host: 'smtp.example.com',
    port: 587,
    receiver: 'admin@example.com',
  });
  await deleteProvider('admin', name);
});

test('the user mapping requires id, username and display name', async ({ page }) => {
  const name = await createProvider('admin', { type: 'Custom' });
  await page.goto(`/providers/admin/${name}`);
  await expect(heading(page, 'Edit Provider')).toBeVisible();
  const mapping = page.getByRole('group', { name: 'User mapping' });
  await expect(mapping.getByLabel('ID', { exact: true })).toHaveValue('id');
  await mapping.getByLabel('Display name', { exact: true }).fill('');
  await expect(page.getByText('This field is required', { exact: true })).toBeVisible();
  await expect(mapping.getByLabel('Display name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await saveButton(page).click();
  await expect(page.getByText('This field is required', { exact: true })).toBeVisible();
  await expect(toast(page, 'Successfully saved')).toHaveCount(0);

  await mapping.getByLabel('Display name', { exact: true }).fill('name');
  await expect(page.getByText('This field is required', { exact: true })).toHaveCount(0);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getProvider('admin', name)).userMapping).toMatchObject({ id: 'id', username: 'username', displayName: 'name' });
  await deleteProvider('admin', name);
});

test('the HTTP headers table edits name/value rows, ten per page', async ({ page }) => {
  const headers = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`X-Header-${i + 1}`, `value ${i + 1}`]));
  const name = await createProvider('admin', {
    category: 'SMS',
    type: 'Custom HTTP SMS',
    method: 'POST',
    endpoint: 'https://sms.example.com/send',
    httpHeaders: headers,
  });
  await page.goto(`/providers/admin/${name}`);
  await expect(heading(page, 'Edit Provider')).toBeVisible();
  const table = page.getByRole('group', { name: 'HTTP headers' });
  await expect(table.getByLabel('Name of row 10')).toHaveValue('X-Header-10');
  // Ten rows fit one page: no pagination yet.
  await expect(table.locator('.ant-pagination')).toHaveCount(0);

  await table.getByRole('button', { name: 'Add' }).click();
  // The new row is the eleventh: the table turns to page 2 and the focus goes to its name.
  await expect(table.getByLabel('Name of row 11')).toBeFocused();
  await expect(table.getByLabel('Name of row 1', { exact: true })).toHaveCount(0);
  await page.keyboard.type('X-Api-Key');
  await table.getByLabel('Value of row 11').fill('secret-key');
  await table.getByRole('button', { name: 'Delete row 11' }).click();
  await table.getByRole('button', { name: 'Add' }).click();
  await table.getByLabel('Name of row 11').fill('Bad Name');
  await expect(page.getByText(/^Header names may only contain/)).toBeVisible();
  await table.getByLabel('Name of row 11').fill('X-Api-Key');
  await table.getByLabel('Value of row 11').fill('secret-key');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getProvider('admin', name)).httpHeaders).toEqual({ ...headers, 'X-Api-Key': 'secret-key' });
  await deleteProvider('admin', name);
});

test('SAML metadata is fetched by the server and parsed into endpoint, certificate and issuer', async ({ page }) => {
  const idp = createServer((request, response) => {
    if (request.url === '/metadata') response.writeHead(200, { 'content-type': 'application/xml' }).end(METADATA);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const metadataUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/metadata`;
  const name = await createProvider('admin', { category: 'SAML', type: 'Keycloak' });
  try {
    await page.goto(`/providers/admin/${name}`);
    await expect(heading(page, 'Edit Provider')).toBeVisible();

    // Pasted text that is not metadata.
    await field(page, 'Metadata').fill('<EntityDescriptor entityID="urn:only-an-id"/>');
    await page.getByRole('button', { name: 'Parse', exact: true }).click();
    await expect(toast(page, 'Can not parse metadata')).toBeVisible();
    await expect(field(page, 'Issuer URL')).toHaveValue('');

    await field(page, 'Metadata URL').fill('ftp://idp.example.com/metadata');
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(page.getByRole('alert').getByText(/is not an http or https URL/)).toBeVisible();

    await field(page, 'Metadata URL').fill(metadataUrl);
    await field(page, 'Metadata URL').press('Enter');
    await expect(toast(page, 'Parse metadata successfully')).toBeVisible();
    await expect(field(page, 'Metadata')).toHaveValue(/EntityDescriptor/);
    await expect(field(page, 'SAML 2.0 endpoint (HTTP)')).toHaveValue('https://idp.example.com/sso');
    await expect(field(page, 'IdP certificate')).toHaveValue('MIIBe2eCertificate==');
    await expect(field(page, 'Issuer URL')).toHaveValue('https://idp.example.com/realms/e2e');
    // Enter fetched; it did not save.
    expect((await getProvider('admin', name)).issuerUrl).toBe('');
    await saveButton(page).click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();
    expect(await getProvider('admin', name)).toMatchObject({
      endpoint: 'https://idp.example.com/sso',
      idP: 'MIIBe2eCertificate==',
      issuerUrl: 'https://idp.example.com/realms/e2e',
    });
  } finally {
    idp.close();
    await deleteProvider('admin', name);
  }
});

teamTest('an organization admin sees shared providers read-only, their secrets masked', async ({ page, team }) => {
  const shared = await createProvider('admin', { clientId: 'shared-client', clientSecret: 'shared-secret' });
  const own = await createProvider(team.org, { clientSecret: 'own-secret' });
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/providers?field=displayName&value=Provider%20provider');
  await expect(heading(page, 'Providers')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeEnabled();

  const sharedRow = rowOf(page, shared);
  await expect(sharedRow.getByRole('cell', { name: 'Shared', exact: true })).toBeVisible();
  await expect(sharedRow.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(editAction(page, shared)).toHaveAttribute('aria-disabled', 'true');
  await expect(editAction(page, shared)).not.toHaveAttribute('href');
  const ownRow = rowOf(page, own);
  await expect(ownRow.getByRole('link', { name: team.org, exact: true })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expect(ownRow.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/providers/${team.org}/${own}`);

  await sharedRow.getByRole('link', { name: shared, exact: true }).click();
  await expect(heading(page, 'Edit Provider')).toBeVisible();
  await expect(field(page, 'Client ID')).toHaveValue('shared-client');
  await expect(field(page, 'Client secret')).toHaveValue('***');
  await expect(field(page, 'Client secret')).toBeDisabled();
  await expect(saveButton(page)).toBeDisabled();

  await page.goto(`/providers/${team.org}/${own}`);
  await expect(field(page, 'Client secret')).toHaveValue('own-secret');
  await expect(field(page, 'Client secret')).toBeEnabled();
  await deleteProvider('admin', shared);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the e-mail test row fits the width and refuses an invalid receiver', async ({ page }) => {
    const name = await createProvider('admin', { category: 'Email', type: 'Default', host: 'smtp.example.com', port: 465 });
    await page.goto(`/providers/admin/${name}`);
    await expect(heading(page, 'Edit Provider')).toBeVisible();
    await field(page, 'Test email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(toast(page, 'Please input a valid email address to send the test email to')).toBeVisible();
    await expect(field(page, 'Test email')).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await deleteProvider('admin', name);
  });
});

test('custom HTTP SMS edits its endpoint, method, content type, parameter and parameter mapping; vendor types an advanced API endpoint', async ({
  page,
}) => {
  const name = await createProvider('admin', { category: 'SMS', type: 'Custom HTTP SMS', method: 'GET', title: 'code' });
  await page.goto(`/providers/admin/${name}`);
  await expect(heading(page, 'Edit Provider')).toBeVisible();
  const endpoint = page.getByRole('textbox', { name: /^Endpoint URL/ });
  await endpoint.fill('https://sms.example.com/send');
  // A GET sends the query string: no content type until the method sends a body.
  await expect(page.getByRole('combobox', { name: /^Content type/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Method/ }).click();
  await chooseOption(page, 'POST');
  await page.getByRole('combobox', { name: /^Content type/ }).click();
  await chooseOption(page, 'application/json');

  // The mapping shows the names sent while it is empty: phoneNumber, and the Parameter field's.
  const mapping = page.getByRole('group', { name: /^Parameter mapping/ });
  await expect(mapping.getByLabel('Phone number', { exact: true })).toHaveAttribute('placeholder', 'phoneNumber');
  await expect(mapping.getByLabel('Content', { exact: true })).toHaveAttribute('placeholder', 'code');
  await page.getByRole('textbox', { name: /^Parameter$|^Parameter / }).fill('text');
  await expect(mapping.getByLabel('Content', { exact: true })).toHaveAttribute('placeholder', 'text');
  await mapping.getByLabel('Phone number', { exact: true }).fill('to');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect(await getProvider('admin', name)).toMatchObject({
    endpoint: 'https://sms.example.com/send',
    method: 'POST',
    issuerUrl: 'application/json',
    title: 'text',
    userMapping: { phoneNumber: 'to' },
  });

  // Twilio: the endpoint is an optional override of the vendor's API address, explained beside its label.
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await chooseOption(page, 'Twilio SMS');
  const override = page.getByRole('textbox', { name: /^API endpoint \(advanced\)/ });
  await expect(override).toHaveAttribute('placeholder', 'https://api.twilio.com');
  await page.locator('label', { hasText: 'API endpoint (advanced)' }).locator('.anticon').hover();
  await expect(page.getByRole('tooltip').filter({ hasText: "Replaces the address of the service's API" })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Parameter mapping/ })).toHaveCount(0);
  await deleteProvider('admin', name);
});
