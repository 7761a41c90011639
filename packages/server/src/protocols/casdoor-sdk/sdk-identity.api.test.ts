import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CasdoorSdk,
  expectAffected,
  namesOf,
  type Row,
  recordOf,
  rowsOf,
  sdkFor,
  sdkRecord,
} from '../../test-support/casdoor-sdk.js';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-corp';

/**
 * Organizations, users, groups, applications, certs and providers as a Casdoor application manages
 * them with casdoor-nodejs-sdk: the client credentials of an application of the built-in
 * organization, which acts as a global administrator (as every application does in Casdoor).
 * Each write answers Casdoor's {status:'ok', data:'Affected'} and is read back.
 */
describeEachDatabase('casdoor-nodejs-sdk: organizations, users, groups, applications, certs, providers', (server) => {
  let admin: ApiClient;
  /** The SDK configured for ORG (orgName), with the built-in organization's application. */
  let sdk: CasdoorSdk;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
    const app = await createOAuthApplication(admin, 'sdk-identity-app');
    sdk = sdkFor(server().url, app, ORG);
  });

  describe('organizations', () => {
    it('adds, lists, reads, updates and deletes an organization', async () => {
      expectAffected(
        await sdk.addOrganization(
          sdkRecord({ owner: 'admin', name: ORG, displayName: 'SDK Corp', websiteUrl: 'https://corp.example' }),
        ),
        'addOrganization',
      );
      expectAffected(await sdk.addOrganization(sdkRecord({ owner: 'admin', name: 'sdk-short-lived' })), 'addOrganization');
      expect(namesOf(await sdk.getOrganizations())).toEqual(expect.arrayContaining(['built-in', ORG, 'sdk-short-lived']));

      const org = recordOf(await sdk.getOrganization(ORG));
      expect(org).toMatchObject({ owner: 'admin', name: ORG, displayName: 'SDK Corp', websiteUrl: 'https://corp.example' });

      expectAffected(
        await sdk.updateOrganization(sdkRecord({ ...org, owner: 'admin', name: ORG, displayName: 'SDK Corporation' })),
      );
      expect(recordOf(await sdk.getOrganization(ORG))).toMatchObject({ displayName: 'SDK Corporation' });

      expectAffected(await sdk.deleteOrganization(sdkRecord({ owner: 'admin', name: 'sdk-short-lived' })), 'deleteOrganization');
      expect(recordOf(await sdk.getOrganization('sdk-short-lived'))).toBeNull();
      expect(namesOf(await sdk.getOrganizations())).not.toContain('sdk-short-lived');
    });
  });

  describe('users', () => {
    it('adds, lists, reads, updates and deletes users of the organization (owner = orgName)', async () => {
      // modifyUser forces owner = orgName, whatever the record says.
      expectAffected(
        await sdk.addUser(
          sdkRecord({
            owner: 'ignored',
            name: 'alice',
            displayName: 'Alice',
            email: 'alice@corp.example',
            password: 'alice-pass-1',
          }),
        ),
        'addUser',
      );
      expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'bob', displayName: 'Bob', password: 'bob-pass-1' })));
      expect(namesOf(await sdk.getUsers()).sort()).toEqual(['alice', 'bob']);

      const alice = recordOf(await sdk.getUser('alice'));
      expect(alice).toMatchObject({ owner: ORG, name: 'alice', displayName: 'Alice', email: 'alice@corp.example' });
      // The password never comes back, as in Casdoor (masked).
      expect(alice?.password).toBe('***');

      // The whole record back with a change, as an application does; "***" keeps the password.
      expectAffected(
        await sdk.updateUser(sdkRecord({ ...alice, owner: ORG, name: 'alice', displayName: 'Alice A.', tag: 'staff' })),
      );
      expect(recordOf(await sdk.getUser('alice'))).toMatchObject({ displayName: 'Alice A.', tag: 'staff' });
      const signIn = new ApiClient(server().url);
      expect((await signIn.login('alice', 'alice-pass-1', ORG)).status).toBe('ok');

      expectAffected(await sdk.deleteUser(sdkRecord({ owner: ORG, name: 'bob' })), 'deleteUser');
      expect(recordOf(await sdk.getUser('bob'))).toBeNull();
      expect(namesOf(await sdk.getUsers())).toEqual(['alice']);
    });

    it('counts users with getUserCount(isOnline) as true and false (the booleans the SDK sends)', async () => {
      expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'carol', password: 'carol-pass-1' })));
      // Deliberate difference (docs/casdoor-compatibility.md): Casdoor fails on "true"/"false" (it
      // parses an integer); Gatehouse counts users with a live session as online.
      const countOf = async (isOnline: boolean) => {
        const answer = answerOf(await sdk.getUserCount(isOnline));
        expect(answer.status, answer.msg).toBe('ok');
        return answer.data;
      };
      const offlineBefore = await countOf(false);
      const onlineBefore = await countOf(true);
      expect(typeof offlineBefore).toBe('number');
      const carol = new ApiClient(server().url);
      expect((await carol.login('carol', 'carol-pass-1', ORG)).status).toBe('ok');
      expect(await countOf(true)).toBe(Number(onlineBefore) + 1);
      expect(await countOf(false)).toBe(Number(offlineBefore) - 1);
    });

    it('sets a password with setPassword (multipart userOwner, userName, newPassword) without the old one', async () => {
      expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'dave', password: 'dave-old-pass' })));
      const answer = answerOf(await sdk.setPassword({ owner: ORG, name: 'dave', oldPassword: '', newPassword: 'dave-new-pass' }));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      const client = new ApiClient(server().url);
      expect((await client.login('dave', 'dave-old-pass', ORG)).status).toBe('error');
      expect((await client.login('dave', 'dave-new-pass', ORG)).status).toBe('ok');
    });

    it('refuses a password change through updateUser: only setPassword changes it', async () => {
      const dave = recordOf(await sdk.getUser('dave'));
      const answer = answerOf(await sdk.updateUser(sdkRecord({ ...dave, owner: ORG, name: 'dave', password: 'sneaked-in' })));
      expect(answer.status).toBe('error');
      expect((await new ApiClient(server().url).login('dave', 'sneaked-in', ORG)).status).toBe('error');
    });
  });

  describe('groups', () => {
    it('adds, lists (also as a tree), reads, updates and deletes groups', async () => {
      expectAffected(
        await sdk.addGroup(sdkRecord({ owner: ORG, name: 'eng', displayName: 'Engineering', type: 'Virtual', parentId: ORG })),
        'addGroup',
      );
      expectAffected(
        await sdk.addGroup(sdkRecord({ owner: ORG, name: 'eng-web', displayName: 'Web', type: 'Virtual', parentId: 'eng' })),
      );
      expect(namesOf(await sdk.getGroups()).sort()).toEqual(['eng', 'eng-web']);

      const group = recordOf(await sdk.getGroup('eng'));
      expect(group).toMatchObject({ owner: ORG, name: 'eng', displayName: 'Engineering', parentId: ORG });
      expectAffected(await sdk.updateGroup(sdkRecord({ ...group, owner: ORG, name: 'eng', displayName: 'R&D' })));
      expect(recordOf(await sdk.getGroup('eng'))).toMatchObject({ displayName: 'R&D' });

      expectAffected(await sdk.deleteGroup(sdkRecord({ owner: ORG, name: 'eng-web' })), 'deleteGroup');
      expect(recordOf(await sdk.getGroup('eng-web'))).toBeNull();
      expect(namesOf(await sdk.getGroups())).toEqual(['eng']);
    });
  });

  describe('applications', () => {
    it('adds, lists, reads (with its client credentials), updates and deletes an application (owner admin)', async () => {
      expectAffected(
        await sdk.addApplication(
          sdkRecord({
            owner: 'admin',
            name: 'corp-portal',
            displayName: 'Corp Portal',
            organization: ORG,
            cert: 'cert-built-in',
            redirectUris: ['https://portal.corp.example/callback'],
            enablePassword: true,
          }),
        ),
        'addApplication',
      );
      expect(namesOf(await sdk.getApplications())).toEqual(expect.arrayContaining(['app-built-in', 'corp-portal']));

      const app = recordOf(await sdk.getApplication('corp-portal'));
      expect(app).toMatchObject({ owner: 'admin', name: 'corp-portal', organization: ORG, displayName: 'Corp Portal' });
      // A global administrator reads the credentials it hands to the new application.
      expect(app?.clientId).toMatch(/^[0-9a-f]{20}$/);
      expect(app?.clientSecret).toMatch(/^[0-9a-f]{40}$/);

      expectAffected(
        await sdk.updateApplication(sdkRecord({ ...app, owner: 'admin', name: 'corp-portal', displayName: 'Corp Portal 2' })),
      );
      const updated = recordOf(await sdk.getApplication('corp-portal'));
      expect(updated).toMatchObject({ displayName: 'Corp Portal 2', clientId: app?.clientId, clientSecret: app?.clientSecret });

      expectAffected(await sdk.deleteApplication(sdkRecord({ owner: 'admin', name: 'corp-portal' })), 'deleteApplication');
      expect(recordOf(await sdk.getApplication('corp-portal'))).toBeNull();
    });
  });

  describe('certs', () => {
    it("adds, lists, reads, updates and deletes a cert of the organization, generating its keys as Casdoor's Add does", async () => {
      expectAffected(
        await sdk.addCert(
          sdkRecord({
            owner: ORG,
            name: 'corp-cert',
            displayName: 'Corp Cert',
            scope: 'JWT',
            type: 'x509',
            cryptoAlgorithm: 'RS256',
            bitSize: 2048,
            expireInYears: 1,
          }),
        ),
        'addCert',
      );
      expect(namesOf(await sdk.getCerts())).toContain('corp-cert');

      const cert = recordOf(await sdk.getCert('corp-cert'));
      expect(cert).toMatchObject({ owner: ORG, name: 'corp-cert', displayName: 'Corp Cert', cryptoAlgorithm: 'RS256' });
      expect(String(cert?.certificate)).toContain('-----BEGIN CERTIFICATE-----');

      expectAffected(await sdk.updateCert(sdkRecord({ ...cert, owner: ORG, name: 'corp-cert', displayName: 'Corp Signing' })));
      expect(recordOf(await sdk.getCert('corp-cert'))).toMatchObject({
        displayName: 'Corp Signing',
        certificate: cert?.certificate,
      });

      expectAffected(await sdk.deleteCert(sdkRecord({ owner: ORG, name: 'corp-cert' })), 'deleteCert');
      expect(recordOf(await sdk.getCert('corp-cert'))).toBeNull();
    });
  });

  describe('providers', () => {
    it('adds, lists, reads, updates and deletes a provider of the organization; its secret is kept by "***"', async () => {
      expectAffected(
        await sdk.addProvider(
          sdkRecord({
            owner: ORG,
            name: 'corp-mail',
            displayName: 'Corp Mail',
            category: 'Email',
            type: 'Default',
            host: 'smtp.corp.example',
            port: 587,
            clientId: 'mailer@corp.example',
            clientSecret: 'smtp-secret',
          }),
        ),
        'addProvider',
      );
      const listed = rowsOf(await sdk.getProviders());
      expect(listed.map((p) => p.name)).toContain('corp-mail');

      const provider = recordOf(await sdk.getProvider('corp-mail'));
      expect(provider).toMatchObject({ owner: ORG, name: 'corp-mail', category: 'Email', host: 'smtp.corp.example', port: 587 });

      expectAffected(
        await sdk.updateProvider(sdkRecord({ ...provider, owner: ORG, name: 'corp-mail', clientSecret: '***', port: 465 })),
      );
      const updated = recordOf(await sdk.getProvider('corp-mail')) as Row;
      expect(updated).toMatchObject({ port: 465 });
      // The secret is masked unless the read asks withSecret=1, as Casdoor's (IsMaskedEnabled), and
      // the stored one is kept ("***" means keep).
      expect(updated.clientSecret).toBe('***');
      const withSecret = await admin.get('/api/get-provider', { id: `${ORG}/corp-mail`, withSecret: 1 });
      expect(withSecret.data.clientSecret).toBe('smtp-secret');

      expectAffected(await sdk.deleteProvider(sdkRecord({ owner: ORG, name: 'corp-mail' })), 'deleteProvider');
      expect(recordOf(await sdk.getProvider('corp-mail'))).toBeNull();
    });
  });
  describe('URLs', () => {
    it('builds a sign-in URL whose parameters the server accepts, and the sign-up and profile URLs', async () => {
      const app = await createOAuthApplication(admin, 'sdk-url-app');
      const urls = sdkFor(server().url, app, 'built-in');
      const signIn = new URL(urls.getSignInUrl(`${REDIRECT_URI}?ignored=1`));
      expect(signIn.pathname).toBe('/login/oauth/authorize');
      const q = signIn.searchParams;
      expect(Object.fromEntries(q)).toMatchObject({ client_id: app.clientId, response_type: 'code', redirect_uri: REDIRECT_URI });
      const login = await admin.get('/api/get-app-login', {
        clientId: q.get('client_id') ?? '',
        responseType: q.get('response_type') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        scope: q.get('scope') ?? '',
        state: q.get('state') ?? '',
      });
      expect(login, login.msg).toMatchObject({ status: 'ok', data: { name: 'sdk-url-app' } });
      expect(urls.getSignUpUrl(true, REDIRECT_URI)).toBe(`${server().url}/signup/sdk-url-app`);
      expect(new URL(urls.getSignUpUrl(false, REDIRECT_URI)).pathname).toBe('/signup/oauth/authorize');
      expect(urls.getUserProfileUrl('admin')).toBe(`${server().url}/users/built-in/admin`);
      expect(urls.getMyProfileUrl('t0ken')).toBe(`${server().url}/account?access_token=t0ken`);
    });
  });
});
