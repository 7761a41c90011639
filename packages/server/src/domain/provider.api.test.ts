import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

interface Provider {
  owner: string;
  name: string;
  category: string;
  type: string;
  clientId: string;
  clientSecret: string;
  clientSecret2: string;
  port: number;
  cert: string;
  displayName: string;
  httpHeaders: Record<string, string>;
  userMapping: Record<string, string>;
}

const ORG = 'acme';
const METADATA = '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="urn:idp"/>';

/** A loopback identity provider serving metadata at /metadata (and 404 elsewhere). */
async function metadataServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/metadata') {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(METADATA);
    } else if (request.url === '/to-metadata-service') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else {
      response.writeHead(404).end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describeEachDatabase('providers', (server) => {
  let team: Team;
  let anonymous: ApiClient;
  const get = async (client: ApiClient, id: string): Promise<Provider> => (await client.get('/api/get-provider', { id })).data;
  const add = (client: ApiClient, fields: Partial<Provider> & { owner: string; name: string }) =>
    client.post('/api/add-provider', { category: 'OAuth', type: 'GitHub', ...fields });
  const update = (client: ApiClient, id: string, fields: Partial<Provider>) =>
    client.post('/api/update-provider', fields, { id });

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    anonymous = new ApiClient(server().url);
  });

  describe('seeded data', () => {
    it('has the shared built-in captcha provider, listed by the built-in application', async () => {
      expect(await get(team.admin, 'admin/provider_captcha_default')).toMatchObject({
        owner: 'admin',
        name: 'provider_captcha_default',
        displayName: 'Captcha Default',
        category: 'Captcha',
        type: 'Default',
      });
      const app = (await team.admin.get('/api/get-application', { id: 'admin/app-built-in' })).data;
      expect(app.providers).toEqual([expect.objectContaining({ name: 'provider_captcha_default', rule: 'None' })]);
      const refused = await team.admin.post('/api/delete-provider', { owner: 'admin', name: 'provider_captcha_default' });
      expect(refused).toMatchObject({ status: 'error', code: 'undeletable' });
    });
  });

  describe('user mapping', () => {
    it('OAuth providers need id, username and display name', async () => {
      for (const key of ['id', 'username', 'displayName']) {
        const userMapping = { id: 'sub', username: 'login', displayName: 'name', [key]: '' };
        const refused = await add(team.admin, { owner: 'admin', name: `oauth-${key}`, userMapping });
        expect(refused, key).toMatchObject({
          status: 'error',
          code: 'providerMappingRequired',
          msg: `This field is required: user mapping "${key}"`,
        });
      }
      expect(
        await add(team.admin, {
          owner: 'admin',
          name: 'oauth-ok',
          userMapping: { id: 'sub', username: 'login', displayName: 'name' },
        }),
      ).toMatchObject({
        status: 'ok',
      });
      const cleared = await update(team.admin, 'admin/oauth-ok', {
        userMapping: { id: 'sub', username: 'login', displayName: ' ' },
      });
      expect(cleared).toMatchObject({ status: 'error', code: 'providerMappingRequired' });
      expect((await get(team.admin, 'admin/oauth-ok')).userMapping).toEqual({
        id: 'sub',
        username: 'login',
        displayName: 'name',
      });
    });

    it('an OAuth provider added without a mapping gets the default one (as Casdoor clients add them)', async () => {
      expect(await add(team.admin, { owner: 'admin', name: 'oauth-plain' })).toMatchObject({ status: 'ok' });
      expect((await get(team.admin, 'admin/oauth-plain')).userMapping).toEqual({
        id: 'id',
        username: 'username',
        displayName: 'displayName',
        email: 'email',
        avatarUrl: 'avatarUrl',
      });
    });

    it('the custom HTTP e-mail type needs every key of its mapping; other types none', async () => {
      const full = { fromName: 'from', toAddress: 'to', subject: 'subject', content: 'body' };
      const email = { owner: 'admin', category: 'Email', type: 'Custom HTTP Email' };
      const refused = await add(team.admin, { ...email, name: 'mail-missing', userMapping: { ...full, subject: '' } });
      expect(refused).toMatchObject({
        status: 'error',
        code: 'providerMappingRequired',
        msg: expect.stringContaining('"subject"'),
      });
      expect(await add(team.admin, { ...email, name: 'mail-ok', userMapping: full })).toMatchObject({ status: 'ok' });
      const smtp = await add(team.admin, {
        owner: 'admin',
        name: 'smtp',
        category: 'Email',
        type: 'Default',
        userMapping: { id: '' },
      });
      expect(smtp).toMatchObject({ status: 'ok' });
    });

    it('refuses header names that are not HTTP tokens', async () => {
      const refused = await add(team.admin, {
        owner: 'admin',
        name: 'sms-headers',
        category: 'SMS',
        type: 'Custom HTTP SMS',
        httpHeaders: { 'Bad Name': 'x' },
      });
      expect(refused).toMatchObject({ status: 'error', code: 'providerHeaderInvalid' });
    });
  });

  describe('fields and owner', () => {
    it('parses the port as a number', async () => {
      const base = { owner: 'admin', category: 'Email', type: 'Default' };
      expect(await team.admin.post('/api/add-provider', { ...base, name: 'port-text', port: '587' })).toMatchObject({
        status: 'ok',
      });
      expect((await get(team.admin, 'admin/port-text')).port).toBe(587);
      const bad = await team.admin.post('/api/add-provider', { ...base, name: 'port-bad', port: 'smtp' });
      expect(bad).toMatchObject({ status: 'error', code: 'invalidField' });
    });

    it('an owner change clears the cert unless a new one comes with it', async () => {
      const payment = { category: 'Payment', type: 'Alipay', cert: 'cert-built-in' };
      expect(await add(team.admin, { owner: 'admin', name: 'alipay', ...payment })).toMatchObject({ status: 'ok' });
      expect(await update(team.admin, 'admin/alipay', { owner: ORG })).toMatchObject({ status: 'ok' });
      expect(await get(team.admin, `${ORG}/alipay`)).toMatchObject({ owner: ORG, cert: '' });
      expect(await update(team.admin, `${ORG}/alipay`, { cert: 'acme-cert' })).toMatchObject({ status: 'ok' });
      expect(await update(team.admin, `${ORG}/alipay`, { owner: 'admin', cert: 'cert-built-in' })).toMatchObject({
        status: 'ok',
      });
      expect(await get(team.admin, 'admin/alipay')).toMatchObject({ owner: 'admin', cert: 'cert-built-in' });
    });

    it('the owner is admin (shared) or an existing organization', async () => {
      const refused = await add(team.admin, { owner: 'nowhere', name: 'lost' });
      expect(refused).toMatchObject({ status: 'error', code: 'organizationMissing' });
    });
  });

  describe('shared providers', () => {
    beforeAll(async () => {
      const secrets = { clientId: 'shared-id', clientSecret: 'shared-secret', clientSecret2: 'shared-secret-2' };
      expect(await add(team.admin, { owner: 'admin', name: 'shared-github', ...secrets })).toMatchObject({ status: 'ok' });
      expect(await add(team.orgAdmin, { owner: ORG, name: 'own-github', clientSecret: 'own-secret' })).toMatchObject({
        status: 'ok',
      });
    });

    it('an organization admin reads shared providers with their secrets masked', async () => {
      expect(await get(team.orgAdmin, 'admin/shared-github')).toMatchObject({
        clientId: 'shared-id',
        clientSecret: '***',
        clientSecret2: '***',
      });
      // With withSecret=1 (the console's edit page), each secret goes to whoever may edit it only.
      expect((await team.orgAdmin.get('/api/get-provider', { id: 'admin/shared-github', withSecret: 1 })).data).toMatchObject({
        clientSecret: '***',
      });
      const list = await team.orgAdmin.get('/api/get-providers', { owner: ORG, p: 1, pageSize: 100 });
      const rows = list.data as Provider[];
      expect(rows.find((p) => p.name === 'shared-github')).toMatchObject({ owner: 'admin', clientSecret: '***' });
      // Lists and reads that do not ask are masked for everyone, as Casdoor's.
      expect(rows.find((p) => p.name === 'own-github')).toMatchObject({ owner: ORG, clientSecret: '***' });
      expect(rows.every((p) => p.owner === 'admin' || p.owner === ORG)).toBe(true);
      expect(await get(team.admin, 'admin/shared-github')).toMatchObject({ clientSecret: '***' });
      expect((await team.admin.get('/api/get-provider', { id: 'admin/shared-github', withSecret: 1 })).data).toMatchObject({
        clientSecret: 'shared-secret',
      });
      expect((await team.orgAdmin.get('/api/get-provider', { id: `${ORG}/own-github`, withSecret: 1 })).data).toMatchObject({
        clientSecret: 'own-secret',
      });
    });

    it('an organization admin can neither change nor delete a shared provider', async () => {
      const changed = await update(team.orgAdmin, 'admin/shared-github', { displayName: 'Mine now' });
      expect(changed).toMatchObject({ status: 'error', code: 'unauthorized' });
      const deleted = await team.orgAdmin.post('/api/delete-provider', { owner: 'admin', name: 'shared-github' });
      expect(deleted).toMatchObject({ status: 'error', code: 'unauthorized' });
      expect((await get(team.admin, 'admin/shared-github')).displayName).not.toBe('Mine now');
    });

    it('an organization admin cannot share a provider or move it to another organization', async () => {
      const shared = await add(team.orgAdmin, { owner: 'admin', name: 'sneaky' });
      expect(shared).toMatchObject({ status: 'error', code: 'unauthorized' });
      const moved = await update(team.orgAdmin, `${ORG}/own-github`, { owner: 'admin' });
      expect(moved).toMatchObject({ status: 'error' });
      expect(await update(team.orgAdmin, `${ORG}/own-github`, { displayName: 'Ours' })).toMatchObject({ status: 'ok' });
    });

    it('members and anonymous callers may not list providers; only global admins list them all', async () => {
      expect(await team.member.get('/api/get-providers', { owner: ORG })).toMatchObject({ code: 'unauthorized' });
      expect(await anonymous.get('/api/get-providers', { owner: ORG })).toMatchObject({ code: 'pleaseLogin' });
      expect(await team.orgAdmin.get('/api/get-global-providers')).toMatchObject({ code: 'unauthorized' });
      const all = await team.admin.get('/api/get-global-providers', { p: 1, pageSize: 100 });
      expect((all.data as Provider[]).map((p) => `${p.owner}/${p.name}`)).toEqual(
        expect.arrayContaining(['admin/shared-github', `${ORG}/own-github`]),
      );
    });
  });

  describe('fetch-saml-metadata', () => {
    let idp: { server: Server; url: string };
    beforeAll(async () => {
      idp = await metadataServer();
    });
    afterAll(() => new Promise<void>((resolve) => idp.server.close(() => resolve())));

    it('fetches the metadata for administrators', async () => {
      for (const client of [team.admin, team.orgAdmin]) {
        expect(await client.post('/api/fetch-saml-metadata', { url: `${idp.url}/metadata` })).toMatchObject({
          status: 'ok',
          data: METADATA,
        });
      }
    });

    it('refuses addresses that are not http or https', async () => {
      for (const url of ['ftp://idp.example.com/metadata', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', '']) {
        const refused = await team.admin.post('/api/fetch-saml-metadata', { url });
        expect(refused, url).toMatchObject({ status: 'error', code: 'outboundBadUrl' });
      }
    });

    it('refuses internal addresses the allowlist does not name (loopback, cloud metadata, private), by address or redirect', async () => {
      const port = new URL(idp.url).port;
      for (const url of [
        `http://127.0.0.2:${port}/metadata`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/metadata',
        `http://[::2]:${port}/`,
      ]) {
        const refused = await team.orgAdmin.post('/api/fetch-saml-metadata', { url });
        expect(refused, url).toMatchObject({ status: 'error', code: 'outboundAddressRefused' });
      }
      const viaRedirect = await team.orgAdmin.post('/api/fetch-saml-metadata', { url: `${idp.url}/to-metadata-service` });
      expect(viaRedirect).toMatchObject({
        status: 'error',
        msg: 'The address http://169.254.169.254/latest/meta-data/ leads to 169.254.169.254, an internal address the server does not call (allow it with OUTBOUND_ALLOWLIST)',
      });
    });

    it('reports an error status of the identity provider', async () => {
      const missing = await team.admin.post('/api/fetch-saml-metadata', { url: `${idp.url}/elsewhere` });
      expect(missing).toMatchObject({
        status: 'error',
        code: 'samlMetadataFetchFailed',
        msg: `Failed to fetch the metadata from ${idp.url}/elsewhere: HTTP 404`,
      });
    });

    it('is for administrators only', async () => {
      const url = `${idp.url}/metadata`;
      expect(await team.member.post('/api/fetch-saml-metadata', { url })).toMatchObject({ code: 'unauthorized' });
      expect(await anonymous.post('/api/fetch-saml-metadata', { url })).toMatchObject({ code: 'pleaseLogin' });
    });
  });
});
