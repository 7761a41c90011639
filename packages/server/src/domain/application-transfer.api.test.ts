import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { DEFINITION_ELEMENT_ID, definitionHtml, isHtmlUpload, parseDefinitionHtml } from './application-definition.js';

function htmlForm(content: string, filename = 'app.html', type = 'text/html'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), filename);
  return form;
}

describe('application definition files', () => {
  it('round-trips a definition, keeping markup in its values inert', () => {
    const html = definitionHtml({
      owner: 'admin',
      name: 'shop',
      displayName: '</script><script>alert(1)</script>',
      organization: 'acme',
      clientId: 'id',
      clientSecret: 'secret',
      signinHtml: '<!-- <script> -->',
      redirectUris: ['https://shop.example/callback'],
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('secret');
    expect(html).toContain('&lt;/script&gt;');
    const parsed = parseDefinitionHtml(html);
    expect(parsed).toMatchObject({
      name: 'shop',
      displayName: '</script><script>alert(1)</script>',
      signinHtml: '<!-- <script> -->',
      redirectUris: ['https://shop.example/callback'],
    });
    expect(parsed).not.toHaveProperty('clientId');
    expect(parsed).not.toHaveProperty('owner');
  });

  it('finds the definition whatever the attribute order and quoting', () => {
    const html = `<html><body><script>var x = 1;</script><script id='${DEFINITION_ELEMENT_ID}' type=application/json>{"name":"a"}</script></body></html>`;
    expect(parseDefinitionHtml(html)).toEqual({ name: 'a' });
  });

  it('names what is wrong with a file that is not a definition', () => {
    expect(() => parseDefinitionHtml('<html><body>Hello</body></html>')).toThrow(
      expect.objectContaining({ key: 'applicationDefinitionMissing' }),
    );
    expect(() => parseDefinitionHtml(`<script type="application/json" id="${DEFINITION_ELEMENT_ID}">{name:</script>`)).toThrow(
      expect.objectContaining({ key: 'applicationDefinitionInvalid' }),
    );
    expect(() => parseDefinitionHtml(`<script type="application/json" id="${DEFINITION_ELEMENT_ID}">[1]</script>`)).toThrow(
      expect.objectContaining({ key: 'applicationDefinitionInvalid' }),
    );
  });

  it('takes only text/html files named .html or .htm', () => {
    expect(isHtmlUpload('a.html', 'text/html')).toBe(true);
    expect(isHtmlUpload('A.HTM', 'text/html; charset=utf-8')).toBe(true);
    expect(isHtmlUpload('a.json', 'text/html')).toBe(false);
    expect(isHtmlUpload('a.html', 'application/json')).toBe(false);
    expect(isHtmlUpload('a.html', '')).toBe(false);
  });
});

describeEachDatabase('application export and upload', (server) => {
  let admin: ApiClient;
  let orgAdmin: ApiClient;
  let member: ApiClient;

  beforeAll(async () => {
    ({ admin, orgAdmin, member } = await organizationTeam(server().url));
  });

  it('exports an application as a readable HTML file without its credentials', async () => {
    const response = await admin.raw('GET', '/api/export-application', { query: { id: 'admin/app-built-in' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="app-built-in.html"');
    const html = await response.text();
    const stored = (await admin.get('/api/get-application', { id: 'admin/app-built-in' })).data;
    expect(html).toContain('<h1>');
    expect(html).not.toContain(stored.clientSecret);
    expect(html).not.toContain(stored.clientId);
    expect(parseDefinitionHtml(html)).toMatchObject({ name: 'app-built-in', organization: 'built-in' });
  });

  it('creates an application from an uploaded definition, with new client credentials', async () => {
    const source = (await admin.get('/api/get-application', { id: 'admin/app-built-in' })).data;
    const html = definitionHtml({
      ...source,
      name: 'imported',
      displayName: 'Imported',
      homepageUrl: 'https://imported.example',
    });
    const envelope = await admin.postForm('/api/upload-application', htmlForm(html), { organization: 'acme' });
    expect(envelope).toMatchObject({
      status: 'ok',
      data: 'Affected',
      data2: { owner: 'admin', name: 'imported', organization: 'acme', displayName: 'Imported' },
    });
    const created = (await admin.get('/api/get-application', { id: 'admin/imported' })).data;
    expect(created.homepageUrl).toBe('https://imported.example');
    expect(created.signinItems).toEqual(source.signinItems);
    expect(created.clientId).toMatch(/^[0-9a-f]{20}$/);
    expect(created.clientId).not.toBe(source.clientId);
    expect(created.clientSecret).not.toBe(source.clientSecret);
  });

  it('refuses files that are not HTML, with the product message, and changes nothing', async () => {
    const html = definitionHtml({ name: 'not-html', organization: 'acme' });
    const before = (await admin.get('/api/get-applications', { owner: 'admin' })).data2;
    expect(await admin.postForm('/api/upload-application', htmlForm(html, 'app.json', 'application/json'))).toMatchObject({
      status: 'error',
      msg: 'Please select a HTML file',
    });
    expect(await admin.postForm('/api/upload-application', htmlForm(html, 'app.txt', 'text/plain'))).toMatchObject({
      status: 'error',
      msg: 'Please select a HTML file',
    });
    expect((await admin.get('/api/get-applications', { owner: 'admin' })).data2).toBe(before);
  });

  it('refuses HTML without a definition, an existing name, and an invalid definition', async () => {
    expect(await admin.postForm('/api/upload-application', htmlForm('<html><body>Hi</body></html>'))).toMatchObject({
      status: 'error',
      code: 'applicationDefinitionMissing',
    });
    expect(
      await admin.postForm(
        '/api/upload-application',
        htmlForm(definitionHtml({ name: 'app-built-in', organization: 'built-in' })),
      ),
    ).toMatchObject({ status: 'error', msg: 'The application "admin/app-built-in" already exists' });
    expect(
      await admin.postForm(
        '/api/upload-application',
        htmlForm(definitionHtml({ name: 'bad-uri', organization: 'acme', redirectUris: ['not a uri'] })),
      ),
    ).toMatchObject({ status: 'error' });
    expect((await admin.get('/api/get-application', { id: 'admin/bad-uri' })).data).toBeNull();
    expect(await admin.postForm('/api/upload-application', new FormData())).toMatchObject({
      status: 'error',
      code: 'uploadNoFile',
    });
  });

  it('lets organization administrators add applications to their own organization only', async () => {
    const fields = { name: 'boss-app', displayName: 'Boss app', redirectUris: [] };
    expect(await orgAdmin.post('/api/add-application', { ...fields, organization: 'acme' })).toMatchObject({ status: 'ok' });
    expect(
      await orgAdmin.post('/api/add-application', { ...fields, name: 'boss-app-2', organization: 'built-in' }),
    ).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    // Moving it to another organization afterwards stays a global administrator's change.
    const stored = (await orgAdmin.get('/api/get-application', { id: 'admin/boss-app' })).data;
    expect(
      await orgAdmin.post('/api/update-application', { ...stored, organization: 'built-in' }, { id: 'admin/boss-app' }),
    ).toMatchObject({ status: 'error' });
  });

  it('holds organization administrators to their organization and refuses members', async () => {
    const html = definitionHtml({ name: 'acme-app', organization: 'built-in' });
    expect(await orgAdmin.postForm('/api/upload-application', htmlForm(html))).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    const ownOrg = await orgAdmin.postForm('/api/upload-application', htmlForm(html), { organization: 'acme' });
    expect(ownOrg).toMatchObject({
      status: 'ok',
      data2: { organization: 'acme' },
    });
    expect(
      await member.postForm('/api/upload-application', htmlForm(definitionHtml({ name: 'm', organization: 'acme' }))),
    ).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    const anonymous = new ApiClient(server().url);
    expect(await anonymous.postForm('/api/upload-application', htmlForm(html))).toMatchObject({ status: 'error' });
    // Export is for those who may change the application.
    expect((await member.raw('GET', '/api/export-application', { query: { id: 'admin/acme-app' } })).status).toBe(200);
    expect(await (await member.raw('GET', '/api/export-application', { query: { id: 'admin/acme-app' } })).json()).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    const own = await orgAdmin.raw('GET', '/api/export-application', { query: { id: 'admin/acme-app' } });
    expect(parseDefinitionHtml(await own.text())).toMatchObject({ name: 'acme-app', organization: 'acme' });
  });
});
