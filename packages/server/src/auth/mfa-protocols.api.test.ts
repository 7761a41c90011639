import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { CookieBrowser } from '../test-support/browser.js';
import { ApiClient } from '../test-support/client.js';
import { enrolApp, expectOk, totpCode } from '../test-support/mfa.js';
import { createOAuthApplication, REDIRECT_URI, signInThroughPage } from '../test-support/oidc.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * The second factor inside every sign-in type: an OAuth authorization (the code comes after the
 * second step, and exchanges for tokens), a CAS ticket, a SAML response (validated by node-saml),
 * and a sign-in through an identity provider continued after its second step. The password grant,
 * which cannot ask for a second factor, refuses users who have one.
 */

const ORG = 'acme';
const SERVICE = 'http://127.0.0.1:9/service';
const SP = 'https://sp.example.com/saml/metadata';
const ACS = 'https://sp.example.com/saml/acs';

describeEachDatabase('MFA in the protocols', (server) => {
  let team: Team;
  let oauth: { name: string; clientId: string; clientSecret: string };
  /** Each test signs in its own user: an app's code is accepted once. */
  const secrets: Record<string, string> = {};
  const code = (name: string) => totpCode(secrets[name] ?? '');

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    oauth = await createOAuthApplication(team.admin, 'mfa-oauth', { organization: ORG });
    for (const [name, fields] of [
      ['mfa-cas', { redirectUris: [SERVICE] }],
      ['mfa-saml', { redirectUris: [SP], samlReplyUrl: ACS }],
    ] as const) {
      expectOk(
        await team.admin.post('/api/add-application', {
          owner: 'admin',
          name,
          organization: ORG,
          cert: 'cert-built-in',
          enablePassword: true,
          ...fields,
        }),
      );
    }
    for (const name of ['alice', 'bob', 'carol', 'dave', 'hank']) {
      expectOk(
        await team.admin.post('/api/add-user', { owner: ORG, name, password: `${name}-pass`, email: `${name}@acme.test` }),
      );
      if (name === 'hank') continue;
      const client = new ApiClient(server().url);
      expectOk(await client.login(name, `${name}-pass`, ORG));
      secrets[name] = (await enrolApp(client, ORG, name)).secret;
    }
  });

  describe('OAuth 2.0 authorization', () => {
    const query = () => ({
      clientId: oauth.clientId,
      responseType: 'code',
      redirectUri: REDIRECT_URI,
      scope: 'openid',
      state: 'xyz',
    });

    async function exchange(code: string) {
      const response = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: oauth.clientId,
          client_secret: oauth.clientSecret,
          redirect_uri: REDIRECT_URI,
        }),
      });
      expect(response.status).toBe(200);
      const token = (await response.json()) as { access_token: string };
      return JSON.parse(Buffer.from(token.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    }

    it('answers NextMfa, then the code after the second step (Casdoor posts the whole request again)', async () => {
      const b = new CookieBrowser(server().url);
      expectOk(await b.get('/api/get-app-login', query()));
      const first = await b.post(
        '/api/login',
        { type: 'code', organization: ORG, username: 'alice', password: 'alice-pass' },
        query(),
      );
      expectOk(first);
      expect(first.data).toBe('NextMfa');
      const second = await b.post(
        '/api/login',
        { type: 'code', organization: ORG, username: '', password: '', mfaType: 'app', passcode: code('alice') },
        query(),
      );
      expectOk(second);
      expect(String(second.data)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(await exchange(String(second.data))).toMatchObject({ owner: ORG, name: 'alice' });
    });

    it('the second step alone continues the request the first step started', async () => {
      const b = new CookieBrowser(server().url);
      expect(
        (await b.post('/api/login', { type: 'code', organization: ORG, username: 'bob', password: 'bob-pass' }, query())).data,
      ).toBe('NextMfa');
      const second = await b.post('/api/login', { mfaType: 'app', passcode: code('bob') });
      expectOk(second);
      expect(await exchange(String(second.data))).toMatchObject({ name: 'bob' });
    });

    it("a session stands in only when the organization's Required method is enabled (else RequiredMfa)", async () => {
      const hank = new CookieBrowser(server().url);
      expectOk(await hank.login('hank', 'hank-pass', ORG));
      expectOk(
        await team.admin.post(
          '/api/update-organization',
          { mfaItems: [{ name: 'app', rule: 'Required' }] },
          { id: `admin/${ORG}`, columns: 'mfaItems' },
        ),
      );
      const standing = await hank.post('/api/login', { type: 'code', organization: ORG }, query());
      expect(standing).toMatchObject({ status: 'ok', data: 'RequiredMfa' });
      expectOk(await team.admin.post('/api/update-organization', { mfaItems: [] }, { id: `admin/${ORG}`, columns: 'mfaItems' }));
      expect(String((await hank.post('/api/login', { type: 'code', organization: ORG }, query())).data)).toMatch(
        /^[A-Za-z0-9_-]{20,}$/,
      );
    });

    it('the password grant refuses a user with a second factor', async () => {
      const grant = (username: string) =>
        fetch(`${server().url}/api/login/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'password',
            username,
            password: `${username}-pass`,
            client_id: oauth.clientId,
            client_secret: oauth.clientSecret,
          }),
        });
      const refused = await grant('alice');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'invalid_grant',
        error_description:
          'Multi-factor authentication is enabled for this user: sign in through the authorization endpoint instead of the password grant',
      });
      expect((await grant('hank')).status).toBe(200);
    });
  });

  it('CAS: the service ticket comes after the second step, and validates', async () => {
    const b = new CookieBrowser(server().url);
    const body = { type: 'cas', application: 'mfa-cas', organization: ORG };
    const first = await b.post(
      '/api/login',
      { ...body, username: 'carol', password: 'carol-pass' },
      { service: SERVICE, renew: 'true' },
    );
    expect(first.data).toBe('NextMfa');
    const second = await b.post(
      '/api/login',
      { ...body, mfaType: 'app', passcode: code('carol') },
      { service: SERVICE, renew: 'true' },
    );
    expectOk(second);
    const ticket = String(second.data);
    expect(second.data2).toBe(`${SERVICE}?ticket=${ticket}`);
    const validated = await fetch(
      `${server().url}/cas/${ORG}/mfa-cas/serviceValidate?${new URLSearchParams({ ticket, service: SERVICE })}`,
    );
    expect(await validated.text()).toContain('<cas:user>carol</cas:user>');
  });

  it('SAML: the signed response comes after the second step (ForceAuthn accepts it), and node-saml validates it', async () => {
    const idpCert = String((await team.admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data.certificate);
    const sp = new SAML({
      entryPoint: `${server().url}/api/saml/redirect/admin/mfa-saml`,
      issuer: SP,
      callbackUrl: ACS,
      idpCert,
      idpIssuer: server().url,
      audience: SP,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.never,
      forceAuthn: true,
      // node-saml asks for the e-mail address by default; this SP wants the user name.
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    });
    const sso = await fetch(await sp.getAuthorizeUrlAsync('relay-1', undefined, {}), { redirect: 'manual' });
    expect(sso.status).toBe(303);
    const page = new URL(String(sso.headers.get('location')), server().url);
    const params = {
      samlRequest: page.searchParams.get('samlRequest') ?? '',
      relayState: page.searchParams.get('relayState') ?? '',
    };
    const b = new CookieBrowser(server().url);
    const body = { type: 'saml', application: 'mfa-saml', organization: ORG, ...params };
    expect((await b.post('/api/login', { ...body, username: 'dave', password: 'dave-pass' })).data).toBe('NextMfa');
    const second = await b.post('/api/login', { ...body, mfaType: 'app', passcode: code('dave') });
    expectOk(second);
    expect(second.data2).toMatchObject({ redirectUrl: ACS, method: 'POST', relayState: 'relay-1' });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: String(second.data), RelayState: 'relay-1' });
    expect(profile?.nameID).toBe('dave');
  });

  describe('through an identity provider', () => {
    let upstream: TestServer;

    beforeAll(async () => {
      upstream = await startTestServer('sqlite');
      const upAdmin = new ApiClient(upstream.url);
      await upAdmin.login('admin', ADMIN_PASSWORD);
      const client = await createOAuthApplication(upAdmin, 'downstream', { redirectUris: [`${server().url}/callback`] });
      expectOk(await upAdmin.post('/api/add-user', { owner: 'built-in', name: 'ivy', password: 'ivy-pass', displayName: 'Ivy' }));
      expectOk(
        await team.admin.post('/api/add-provider', {
          owner: ORG,
          name: 'upstream',
          category: 'OAuth',
          type: 'Custom',
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          customAuthUrl: `${upstream.url}/login/oauth/authorize`,
          customTokenUrl: `${upstream.url}/api/login/oauth/access_token`,
          customUserInfoUrl: `${upstream.url}/api/userinfo`,
          scopes: 'openid profile email',
          userMapping: { id: 'sub', username: 'preferred_username', displayName: 'name', email: 'email', avatarUrl: 'picture' },
          enableSignUp: true,
        }),
      );
      const app = (await team.admin.get('/api/get-application', { id: `admin/${oauth.name}` })).data;
      const row = { name: 'upstream', canSignUp: true, canSignIn: true, canUnlink: true, signupGroup: '' };
      expectOk(
        await team.admin.post(
          '/api/update-application',
          { ...app, enableSignUp: true, providers: [row] },
          { id: `admin/${oauth.name}` },
        ),
      );
    });
    afterAll(() => upstream.close());

    /** A sign-in through the upstream provider in `b`, as far as what /callback posts. */
    async function viaUpstream(b: CookieBrowser, start: Record<string, unknown>) {
      const started = await b.post('/api/provider-auth-url', { provider: 'upstream', method: 'signup', ...start });
      expectOk(started);
      const back = await signInThroughPage(upstream.url, new URL(String(started.data)), 'ivy', 'ivy-pass');
      if (!back.url) throw new Error(String(back.error));
      return b.post('/api/login', {
        type: 'login',
        application: oauth.name,
        provider: 'upstream',
        code: back.url.searchParams.get('code'),
        state: back.url.searchParams.get('state'),
        redirectUri: `${server().url}/callback`,
        method: 'signup',
      });
    }

    it('asks the second factor after the provider, then continues the sign-in the state carried', async () => {
      const consoleSignin = { type: 'login', body: { application: oauth.name, organization: ORG } };
      const b = new CookieBrowser(server().url);
      // Signed up through the provider, the new user sets the app up.
      expectOk(await viaUpstream(b, consoleSignin));
      const enrolled = await enrolApp(b, ORG, 'ivy');
      const c = new CookieBrowser(server().url);
      const first = await viaUpstream(c, consoleSignin);
      expect(first.data).toBe('NextMfa');
      expect(c.cookies.has('gatehouse_session')).toBe(false);
      // Casdoor's callback page posts the form again with the provider cleared (providerBack).
      const second = await c.post('/api/login', {
        type: 'login',
        application: oauth.name,
        provider: '',
        providerBack: 'upstream',
        mfaType: 'app',
        passcode: totpCode(enrolled.secret),
      });
      expect(second).toMatchObject({ status: 'ok', data: `${ORG}/ivy` });

      // An authorization request through the provider: the code comes after the second step.
      const d = new CookieBrowser(server().url);
      const request = { clientId: oauth.clientId, responseType: 'code', redirectUri: REDIRECT_URI, scope: 'openid', state: 's' };
      expect((await viaUpstream(d, { type: 'code', query: request, body: { organization: ORG } })).data).toBe('NextMfa');
      const code = await d.post('/api/login', { mfaType: 'app', passcode: totpCode(enrolled.secret, 1) });
      expectOk(code);
      expect(String(code.data)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });
  });
});
