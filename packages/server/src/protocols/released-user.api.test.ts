import { TOKEN_FIELD_OPTIONS, TOKEN_FORMATS } from '@gatehouse/entities';
import { SAML } from '@node-saml/node-saml';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import { CookieBrowser } from '../test-support/browser.js';
import type { ApiClient } from '../test-support/client.js';
import { createOAuthApplication, postOAuthForm, REDIRECT_URI, refreshGrant } from '../test-support/oidc.js';
import { addSecretKeeper, keeperLogin, type SecretKeeper, secretKeysIn, secretsIn } from '../test-support/planted-secrets.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * What a relying party learns of a user, whatever the user holds: a user with every kind of secret
 * set signs in to applications of every token format and to a SAML and a CAS application; no token
 * (access, ID, refresh; code, implicit, password and refresh grants), userinfo, introspection,
 * SAML assertion or CAS validation answer carries any of the secrets, nor a secret field's name.
 */
describeEachDatabase('What relying parties learn of a user', (server) => {
  let admin: ApiClient;
  let keeper: SecretKeeper;
  const apps: Record<string, { clientId: string; clientSecret: string }> = {};
  const SCOPE = 'openid profile email phone address offline_access';

  /** Fails, naming them, on any planted secret in `text` and any secret field in `decoded`. */
  function expectNothingSecret(what: string, text: string, decoded: unknown = undefined) {
    expect(secretsIn(text, keeper), `${what} carries`).toEqual([]);
    if (decoded !== undefined) expect(secretKeysIn(decoded), `${what} names`).toEqual([]);
  }

  /** Each JWT of a token response, decoded, checked. */
  function expectTokensClean(what: string, body: Record<string, unknown>) {
    for (const key of ['access_token', 'id_token', 'refresh_token']) {
      const token = body[key];
      if (typeof token !== 'string' || token === '') continue;
      const claims = decodeJwt(token);
      expectNothingSecret(`${what}: ${key}`, JSON.stringify(claims), claims);
    }
  }

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    keeper = await addSecretKeeper(server(), admin);
    for (const format of TOKEN_FORMATS) {
      const fields = format === 'JWT-Custom' ? { tokenFields: [...TOKEN_FIELD_OPTIONS] } : {};
      apps[format] = await createOAuthApplication(admin, `rp-${format.toLowerCase()}`, { tokenFormat: format, ...fields });
    }
  });

  /** What the sign-in page does for an authorization request: answers the code or the token. */
  async function authorize(app: { clientId: string }, responseType: string, who = keeper): Promise<string> {
    const query = {
      clientId: app.clientId,
      responseType,
      redirectUri: REDIRECT_URI,
      scope: SCOPE,
      state: 's',
      nonce: 'n',
    };
    const browser = new CookieBrowser(server().url);
    const checked = await browser.get('/api/get-app-login', query);
    expect(checked.status, checked.msg).toBe('ok');
    const login = await keeperLogin(
      server(),
      browser,
      who,
      { type: responseType, organization: 'built-in', autoSignin: true },
      query,
    );
    expect(login.status, login.msg).toBe('ok');
    return String(login.data);
  }

  async function codeFlowTokens(format: string) {
    const app = apps[format];
    if (!app) throw new Error(format);
    const code = await authorize(app, 'code');
    const response = await postOAuthForm(server().url, '/api/login/oauth/access_token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return { app, text, body: JSON.parse(text) as Record<string, string> };
  }

  for (const format of TOKEN_FORMATS) {
    it(`${format}: the code grant's tokens, userinfo, introspection and the refresh grant carry no secret`, async () => {
      const { app, text, body } = await codeFlowTokens(format);
      expectNothingSecret(`${format} token response`, text);
      expectTokensClean(`${format} code grant`, body);

      const info = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${body.access_token}` } });
      const infoText = await info.text();
      expect(info.status, infoText).toBe(200);
      expectNothingSecret(`${format} userinfo`, infoText, JSON.parse(infoText));

      for (const token of [body.access_token, body.refresh_token]) {
        const introspected = await postOAuthForm(server().url, '/api/login/oauth/introspect', {
          token: String(token),
          client_id: app.clientId,
          client_secret: app.clientSecret,
        });
        const introspectedText = await introspected.text();
        expect(JSON.parse(introspectedText).active, introspectedText).toBe(true);
        expectNothingSecret(`${format} introspection`, introspectedText, JSON.parse(introspectedText));
      }

      const refreshed = await refreshGrant(server().url, app, String(body.refresh_token));
      const refreshedText = await refreshed.text();
      expect(refreshed.status, refreshedText).toBe(200);
      expectNothingSecret(`${format} refresh response`, refreshedText);
      expectTokensClean(`${format} refresh grant`, JSON.parse(refreshedText));
    });
  }

  it('the default format still carries the profile Casdoor applications read, and the released properties only', async () => {
    const { body } = await codeFlowTokens('JWT');
    const claims = decodeJwt(String(body.access_token));
    expect(claims).toMatchObject({
      owner: 'built-in',
      name: keeper.name,
      displayName: 'Secret Keeper',
      email: `${keeper.name}@example.com`,
      email_verified: true,
      phone: '5550123',
      properties: { department: 'released-property-ok' },
      roles: [],
      permissions: [],
      groups: [],
    });
    expect(claims.properties).not.toHaveProperty('oauth_GitHub_accessToken');
    const custom = decodeJwt(String((await codeFlowTokens('JWT-Custom')).body.access_token));
    expect(custom).toMatchObject({ name: keeper.name, email: `${keeper.name}@example.com`, isAdmin: false });
    // Every field an administrator may choose for JWT-Custom is one a relying party may learn.
    for (const field of TOKEN_FIELD_OPTIONS) expect(custom).toHaveProperty(field === 'emailVerified' ? 'email_verified' : field);
  });

  it('the password grant (for a user without MFA) and the implicit flows carry no secret', async () => {
    const app = apps.JWT;
    if (!app) throw new Error('JWT application');
    const withoutMfa = await addSecretKeeper(server(), admin, { name: 'keeper-without-mfa', mfa: false });
    const password = await postOAuthForm(server().url, '/api/login/oauth/access_token', {
      grant_type: 'password',
      username: withoutMfa.name,
      password: withoutMfa.password,
      scope: SCOPE,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    const passwordText = await password.text();
    expect(password.status, passwordText).toBe(200);
    expect(secretsIn(passwordText, withoutMfa), 'password grant carries').toEqual([]);
    for (const token of [JSON.parse(passwordText).access_token, JSON.parse(passwordText).refresh_token]) {
      const claims = decodeJwt(String(token));
      expect(secretsIn(JSON.stringify(claims), withoutMfa), 'password grant token carries').toEqual([]);
      expect(secretKeysIn(claims), 'password grant token names').toEqual([]);
    }

    for (const responseType of ['token', 'id_token']) {
      const claims = decodeJwt(await authorize(app, responseType));
      expectNothingSecret(`implicit ${responseType}`, JSON.stringify(claims), claims);
    }
  });

  describe('SAML and CAS', () => {
    const SP = 'https://sp.example.com/released';
    const ACS = 'https://sp.example.com/released/acs';
    const SERVICE = 'https://cas.example.com/released';

    beforeAll(async () => {
      const placeholders = ['owner', 'name', 'email', 'id', 'phone', 'displayName', 'firstName', 'lastName'];
      const saml = await admin.post('/api/add-application', {
        owner: 'admin',
        name: 'released-saml',
        organization: 'built-in',
        cert: 'cert-built-in',
        enablePassword: true,
        redirectUris: [SP, SERVICE],
        samlReplyUrl: ACS,
        samlAttributes: [
          ...['roles', 'permissions', 'groups'].map((list) => ({ name: list, nameFormat: '', value: `$user.${list}` })),
          ...placeholders.map((field) => ({ name: field, nameFormat: '', value: `$user.${field}` })),
        ],
      });
      expect(saml.status, saml.msg).toBe('ok');
    });

    it('the SAML response carries no secret', async () => {
      const sp = new SAML({
        entryPoint: `${server().url}/api/saml/redirect/admin/released-saml`,
        issuer: SP,
        callbackUrl: ACS,
        idpCert: 'unused: the response is only read here',
        wantAssertionsSigned: false,
      });
      const message = (await sp.getAuthorizeMessageAsync('')) as Record<string, string>;
      const sso = await fetch(`${server().url}/api/saml/redirect/admin/released-saml`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sp.example.com' },
        body: new URLSearchParams(message),
        redirect: 'manual',
      });
      const page = new URL(String(sso.headers.get('location')), server().url);
      const params: Record<string, string> = {};
      for (const name of ['samlRequest', 'relayState', 'samlQuery', 'signature']) {
        const value = page.searchParams.get(name);
        if (value !== null) params[name] = value;
      }
      const login = await keeperLogin(server(), new CookieBrowser(server().url), keeper, {
        type: 'saml',
        application: 'released-saml',
        organization: 'built-in',
        autoSignin: true,
        ...params,
      });
      expect(login.status, login.msg).toBe('ok');
      const xml = Buffer.from(String(login.data), 'base64').toString('utf8');
      expect(xml).toContain(`${keeper.name}@example.com`);
      expectNothingSecret('SAML response', xml);
    });

    it('every CAS validation answer carries no secret', async () => {
      const ticket = async () => {
        const login = await keeperLogin(
          server(),
          new CookieBrowser(server().url),
          keeper,
          { type: 'cas', application: 'released-saml', organization: 'built-in', autoSignin: true },
          { service: SERVICE },
        );
        expect(login.status, login.msg).toBe('ok');
        return String(login.data);
      };
      const base = `${server().url}/cas/built-in/released-saml`;
      for (const path of ['serviceValidate', 'p3/serviceValidate', 'p3/serviceValidate?format=JSON', 'validate']) {
        const url = new URL(`${base}/${path}`);
        url.searchParams.set('service', SERVICE);
        url.searchParams.set('ticket', await ticket());
        const text = await (await fetch(url)).text();
        expect(text).toContain(keeper.name);
        expectNothingSecret(`CAS ${path}`, text, path.includes('JSON') ? JSON.parse(text) : undefined);
      }
      const soap =
        `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>` +
        `<samlp:Request xmlns:samlp="urn:oasis:names:tc:SAML:1.0:protocol" MajorVersion="1" MinorVersion="1" RequestID="_r" IssueInstant="2024-01-01T00:00:00Z">` +
        `<samlp:AssertionArtifact>${await ticket()}</samlp:AssertionArtifact></samlp:Request></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
      const saml11 = await fetch(`${base}/samlValidate?TARGET=${encodeURIComponent(SERVICE)}`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        body: soap,
      });
      const saml11Text = await saml11.text();
      expect(saml11Text).toContain(`${keeper.name}@example.com`);
      expectNothingSecret('CAS samlValidate', saml11Text);
    });
  });
});
