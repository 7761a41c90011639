import { X509Certificate } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../../crypto/certs.js';
import { NAMEID_FORMAT } from '../../integrations/saml/urns.js';
import { ApiClient } from '../../test-support/client.js';
import { addRsaCert } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * The SAML 2.0 identity provider driven by @node-saml/node-saml, a service-provider library nobody
 * here wrote: metadata, AuthnRequests over HTTP-Redirect and HTTP-POST, the sign-in page's calls
 * (GET /api/get-app-login type=saml, POST /api/login type=saml), the signed Response validated by
 * the SP (signature, audience, InResponseTo, NameID, attributes, RelayState), the NameID formats an
 * SP asks for, the application's SAML options, signed requests, and every refusal with its message.
 */

const SP = 'https://sp.example.com/saml/metadata';
const ACS = 'https://sp.example.com/saml/acs';
const OTHER_ACS = 'https://sp.example.com/saml/acs-2';
const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const HTTP_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const {
  email: EMAIL_FORMAT,
  unspecified: UNSPECIFIED_FORMAT,
  persistent: PERSISTENT_FORMAT,
  transient: TRANSIENT_FORMAT,
} = NAMEID_FORMAT;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });
type Xml = Record<string, any>;

/** The base64 DER body of a PEM certificate (how metadata and KeyInfo carry it). */
const derOf = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** An error envelope as the SSO endpoint or the API answers it: the message, never a stack. */
function expectRefusal(body: Xml, code: string, message?: string | RegExp) {
  expect(body.status, JSON.stringify(body)).toBe('error');
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.msg).toBe(message);
  else if (message) expect(body.msg).toMatch(message);
  expect(body.msg).not.toMatch(/\n\s+at |Error:|node_modules/);
}

describeEachDatabase('SAML identity provider with node-saml', (server) => {
  let admin: ApiClient;
  /** The PEM certificate the application "saml-app" signs with (its own cert, not cert-built-in). */
  let idpCert: string;
  /** The SP's own key pair, for signed AuthnRequests. */
  let spKeys: { certificate: string; privateKey: string };
  let strangerKeys: { certificate: string; privateKey: string };

  const ssoUrl = (app: string) => `${server().url}/api/saml/redirect/admin/${app}`;

  /** A service provider of `app` as an SP administrator would configure node-saml against us. */
  function sp(app = 'saml-app', options: Partial<SamlConfig> = {}) {
    return new SAML({
      entryPoint: ssoUrl(app),
      issuer: SP,
      callbackUrl: ACS,
      idpCert,
      idpIssuer: server().url,
      audience: SP,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.always,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      // node-saml asks for emailAddress unless told otherwise; the suites but 'NameID formats' are
      // about everything else, so their SP asks for unspecified (the user name, as without a policy).
      identifierFormat: UNSPECIFIED_FORMAT,
      ...options,
    });
  }

  async function addApplication(name: string, fields: Record<string, unknown> = {}) {
    const added = await admin.post('/api/add-application', {
      owner: 'admin',
      name,
      displayName: `SAML ${name}`,
      organization: 'built-in',
      cert: 'saml-cert',
      enablePassword: true,
      enableSigninSession: true,
      redirectUris: [SP, OTHER_ACS],
      samlReplyUrl: ACS,
      ...fields,
    });
    expect(added.status, added.msg).toBe('ok');
  }

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await addRsaCert(admin, 'saml-cert');
    idpCert = String((await admin.get('/api/get-cert', { id: 'admin/saml-cert' })).data.certificate);
    [spKeys, strangerKeys] = await Promise.all([
      generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Test SP' }),
      generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Stranger' }),
    ]);
    for (const user of [
      {
        name: 'saml-user',
        email: 'saml@example.com',
        displayName: 'Saml <User> & Co',
        groups: ['built-in/staff', 'built-in/ops'],
      },
      { name: 'no-mail', email: '', displayName: 'No Mail' },
    ]) {
      const added = await admin.post('/api/add-user', { owner: 'built-in', password: 'saml-user-pass', ...user });
      expect(added.status, added.msg).toBe('ok');
    }
    const north = await admin.post('/api/add-organization', { owner: 'admin', name: 'north', displayName: 'North' });
    expect(north.status, north.msg).toBe('ok');
    expect((await admin.post('/api/add-user', { owner: 'north', name: 'outsider', password: 'outsider-pass' })).status).toBe(
      'ok',
    );

    await addApplication('saml-app', {
      samlAttributes: [
        { name: 'Groups', nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic', value: '$user.groups' },
        { name: 'Login', nameFormat: '', value: '$user.owner/$user.name' },
        { name: '', nameFormat: '', value: 'rows without a name are skipped' },
      ],
    });
    await addApplication('saml-email', { useEmailAsSamlNameId: true });
    await addApplication('saml-compress', { enableSamlCompress: true });
    await addApplication('saml-c14n10', { enableSamlC14n10: true });
    await addApplication('saml-signed', { samlSpCert: spKeys.certificate });
    await addApplication('saml-no-reply', { samlReplyUrl: '', redirectUris: [SP] });
  });

  // ---------------------------------------------------------------------------------------------
  // What the browser and the sign-in page do.

  /** The SP's HTTP-Redirect step: the browser follows the SP's URL to our SSO endpoint. */
  async function redirectBinding(client: SAML, relayState = '') {
    return fetch(await client.getAuthorizeUrlAsync(relayState, undefined, {}), { redirect: 'manual' });
  }

  /** The SP's HTTP-POST step: the browser posts the SP's auto-submitting form to our SSO endpoint. */
  async function postBinding(client: SAML, relayState = '', app = 'saml-app') {
    const message = (await client.getAuthorizeMessageAsync(relayState)) as Record<string, string>;
    return fetch(ssoUrl(app), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sp.example.com' },
      body: new URLSearchParams(message),
      redirect: 'manual',
    });
  }

  /** The SSO endpoint's answer: a 303 to the sign-in page of the application. */
  function signinPage(response: Response, app = 'saml-app'): URL {
    expect(response.status).toBe(303);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = new URL(String(response.headers.get('location')), server().url);
    expect(page.origin).toBe(server().url);
    expect(page.pathname).toBe(`/login/saml/authorize/admin/${app}`);
    return page;
  }

  /** The AuthnRequest parameters the page forwards to the API, as its address carries them. */
  function requestParams(page: URL): Record<string, string> {
    const params: Record<string, string> = {};
    for (const name of ['samlRequest', 'relayState', 'samlQuery', 'signature']) {
      const value = page.searchParams.get(name);
      if (value !== null) params[name] = value;
    }
    return params;
  }

  /**
   * What /login/saml/authorize/:owner/:application does: checks the request with get-app-login
   * type=saml, then signs in with POST /api/login type=saml (the request's parameters in the body,
   * as Casdoor's page sends them). Without credentials the browser's session stands in.
   */
  async function signInAt(page: URL, credentials: { username: string; password: string } | null, browser?: ApiClient) {
    const client = browser ?? new ApiClient(server().url);
    const [owner, application] = page.pathname.split('/').slice(-2);
    const params = requestParams(page);
    const checked = await client.get('/api/get-app-login', { type: 'saml', id: `${owner}/${application}`, ...params });
    const login = await client.post('/api/login', {
      type: 'saml',
      application,
      organization: 'built-in',
      signinMethod: 'Password',
      autoSignin: true,
      ...(credentials ?? {}),
      ...params,
    });
    return { checked, login, browser: client };
  }

  const USER = { username: 'saml-user', password: 'saml-user-pass' };

  /** A complete sign-in: the SP's request over `binding`, the page, and the SP validating the answer. */
  async function fullFlow(client: SAML, binding: 'redirect' | 'post', relayState: string, app = 'saml-app') {
    const response =
      binding === 'redirect' ? await redirectBinding(client, relayState) : await postBinding(client, relayState, app);
    const page = signinPage(response, app);
    const { checked, login } = await signInAt(page, USER);
    expect(checked.status, checked.msg).toBe('ok');
    expect(login.status, login.msg).toBe('ok');
    expect(login.data2).toMatchObject({ redirectUrl: ACS, method: 'POST', relayState });
    return { page, login, ...(await client.validatePostResponseAsync({ SAMLResponse: login.data, RelayState: relayState })) };
  }

  // ---------------------------------------------------------------------------------------------

  describe('metadata', () => {
    it('names the origin, the SSO endpoint of each binding and the application cert', async () => {
      const response = await fetch(`${server().url}/api/saml/metadata?application=admin/saml-app`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/xml');
      const doc = parser.parse(await response.text()).EntityDescriptor;
      expect(doc['@_entityID']).toBe(server().url);
      const idp = doc.IDPSSODescriptor;
      expect(idp['@_protocolSupportEnumeration']).toBe('urn:oasis:names:tc:SAML:2.0:protocol');
      expect(idp['@_WantAuthnRequestsSigned']).toBeUndefined();
      expect(idp.SingleSignOnService).toEqual({ '@_Binding': HTTP_REDIRECT, '@_Location': ssoUrl('saml-app') });
      expect(idp.KeyDescriptor['@_use']).toBe('signing');
      const certificate = idp.KeyDescriptor.KeyInfo.X509Data.X509Certificate;
      expect(certificate).toBe(derOf(idpCert));
      // The application's own cert, not the shared built-in one.
      const builtIn = (await admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data.certificate;
      expect(certificate).not.toBe(derOf(builtIn));
      expect(idp.NameIDFormat).toEqual([EMAIL_FORMAT, UNSPECIFIED_FORMAT, PERSISTENT_FORMAT, TRANSIENT_FORMAT]);
      expect(idp.Attribute.map((a: Xml) => a['@_Name'])).toEqual(['Email', 'DisplayName', 'Name']);
    });

    it('adds the HTTP-POST endpoint with enablePostBinding and asks for signed requests with an SP cert', async () => {
      const post = parser.parse(
        await (await fetch(`${server().url}/api/saml/metadata?application=admin/saml-app&enablePostBinding=true`)).text(),
      ).EntityDescriptor.IDPSSODescriptor;
      expect(post.SingleSignOnService).toEqual([
        { '@_Binding': HTTP_REDIRECT, '@_Location': ssoUrl('saml-app') },
        { '@_Binding': HTTP_POST, '@_Location': ssoUrl('saml-app') },
      ]);
      const signed = parser.parse(await (await fetch(`${server().url}/api/saml/metadata?application=admin/saml-signed`)).text())
        .EntityDescriptor.IDPSSODescriptor;
      expect(signed['@_WantAuthnRequestsSigned']).toBe('true');
    });

    it('refuses a missing, malformed or unknown application', async () => {
      const cases: [string, number, string, string][] = [
        ['', 400, 'missingParameter', 'Missing parameter: application'],
        ['?application=saml-app', 400, 'badId', 'The id "saml-app" must have the form owner/name'],
        ['?application=admin/nope', 404, 'applicationMissing', 'The application "nope" does not exist'],
        ['?application=north/saml-app', 404, 'applicationMissing', 'The application "saml-app" does not exist'],
      ];
      for (const [query, status, code, message] of cases) {
        const response = await fetch(`${server().url}/api/saml/metadata${query}`);
        expect(response.status, query).toBe(status);
        expectRefusal(await response.json(), code, message || undefined);
      }
    });
  });

  describe('HTTP-Redirect binding', () => {
    it('signs the user in and the SP validates the signed response', async () => {
      const client = sp();
      const { page, login, profile, loggedOut } = await fullFlow(client, 'redirect', 'back-to/the page?x=1&y=2');
      expect(page.searchParams.get('relayState')).toBe('back-to/the page?x=1&y=2');
      expect(loggedOut).toBe(false);
      expect(profile).toMatchObject({
        issuer: server().url,
        nameID: 'saml-user',
        nameIDFormat: UNSPECIFIED_FORMAT,
        Email: 'saml@example.com',
        Name: 'saml-user',
        DisplayName: 'Saml <User> & Co',
        Groups: ['built-in/staff', 'built-in/ops'],
        Login: 'built-in/saml-user',
      });
      // Casdoor's three attributes, then the application's rows (those with a name).
      expect(Object.keys(profile?.attributes ?? {})).toEqual(['Email', 'Name', 'DisplayName', 'Groups', 'Login']);
      // The response is signed as a whole and its assertion too, by the application's cert.
      const xml = Buffer.from(String(login.data), 'base64').toString('utf8');
      const response = parser.parse(xml).Response;
      expect(response['@_Destination']).toBe(ACS);
      expect(response.Signature.KeyInfo.X509Data.X509Certificate).toBe(derOf(idpCert));
      expect(response.Assertion.Signature.KeyInfo.X509Data.X509Certificate).toBe(derOf(idpCert));
      expect(response.Assertion.Conditions.AudienceRestriction.Audience).toBe(SP);
      expect(response.Assertion.Subject.SubjectConfirmation.SubjectConfirmationData['@_Recipient']).toBe(ACS);
      // The SP accepts a response only once for its request (InResponseTo).
      await expect(client.validatePostResponseAsync({ SAMLResponse: login.data })).rejects.toThrow(/InResponseTo/);
    });

    it('is refused by an SP that trusts another certificate, or expects another audience', async () => {
      const { login } = await fullFlow(sp(), 'redirect', '');
      const builtIn = (await admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data.certificate;
      const wrongCert = sp('saml-app', { idpCert: builtIn, validateInResponseTo: ValidateInResponseTo.never });
      await expect(wrongCert.validatePostResponseAsync({ SAMLResponse: login.data })).rejects.toThrow(/signature/i);
      const wrongAudience = sp('saml-app', {
        audience: 'https://other.example.com',
        validateInResponseTo: ValidateInResponseTo.never,
      });
      await expect(wrongAudience.validatePostResponseAsync({ SAMLResponse: login.data })).rejects.toThrow(/audience/i);
    });

    it('carries username and login_hint on to the page, and ForceAuthn as forceAuthn', async () => {
      const url = new URL(await sp('saml-app', { forceAuthn: true }).getAuthorizeUrlAsync('', undefined, {}));
      url.searchParams.set('username', 'saml-user');
      url.searchParams.set('login_hint', 'saml@example.com');
      const page = signinPage(await fetch(url, { redirect: 'manual' }));
      expect(page.searchParams.get('username')).toBe('saml-user');
      expect(page.searchParams.get('login_hint')).toBe('saml@example.com');
      expect(page.searchParams.get('forceAuthn')).toBe('true');
    });

    it('uses the SAML reply URL when the request names no assertion consumer service', async () => {
      const client = sp('saml-app', { disableRequestAcsUrl: true });
      const { login, profile } = await fullFlow(client, 'redirect', 'r');
      expect(login.data2.redirectUrl).toBe(ACS);
      expect(profile?.nameID).toBe('saml-user');
      const refused = await redirectBinding(sp('saml-no-reply', { disableRequestAcsUrl: true }));
      expect(refused.status).toBe(400);
      expectRefusal(
        await refused.json(),
        'samlAcsMissing',
        'The SAML request has no AssertionConsumerServiceURL and the application has no SAML reply URL',
      );
    });

    it('accepts an assertion consumer service from the redirect URIs', async () => {
      const client = sp('saml-app', { callbackUrl: OTHER_ACS });
      const page = signinPage(await redirectBinding(client, 'relay'));
      const { login } = await signInAt(page, USER);
      expect(login.data2).toEqual({ redirectUrl: OTHER_ACS, method: 'POST', relayState: 'relay' });
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: login.data });
      expect(profile?.nameID).toBe('saml-user');
    });
  });

  describe('HTTP-POST binding', () => {
    it('signs the user in with an uncompressed request (the binding as specified)', async () => {
      const client = sp('saml-app', { authnRequestBinding: 'HTTP-POST', skipRequestCompression: true });
      const { page, profile } = await fullFlow(client, 'post', 'state-after-post');
      // The page's address carries the request compacted (DEFLATE) whatever binding brought it.
      expect(inflateRawSync(Buffer.from(String(page.searchParams.get('samlRequest')), 'base64')).toString()).toContain(
        'AuthnRequest',
      );
      expect(profile).toMatchObject({ nameID: 'saml-user', Email: 'saml@example.com', Login: 'built-in/saml-user' });
    });

    it('also reads a DEFLATEd request (node-saml compresses by default)', async () => {
      const client = sp('saml-app', { authnRequestBinding: 'HTTP-POST' });
      const { profile } = await fullFlow(client, 'post', '');
      expect(profile?.nameID).toBe('saml-user');
    });

    it('refuses a form without SAMLRequest', async () => {
      const response = await fetch(ssoUrl('saml-app'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'RelayState=x',
      });
      expect(response.status).toBe(400);
      expectRefusal(await response.json(), 'missingParameter', 'Missing parameter: SAMLRequest');
    });
  });

  describe('the sign-in', () => {
    it('continues with the session it opened, and ForceAuthn asks for the password again', async () => {
      const first = signinPage(await redirectBinding(sp(), ''));
      const { login, browser } = await signInAt(first, USER);
      expect(login.status, login.msg).toBe('ok');
      expect(browser.sessionCookie).not.toBe('');

      const client = sp();
      const again = signinPage(await redirectBinding(client, 'second'));
      const continued = await signInAt(again, null, browser);
      expect(continued.login.status, continued.login.msg).toBe('ok');
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: continued.login.data });
      expect(profile?.nameID).toBe('saml-user');

      const forced = signinPage(await redirectBinding(sp('saml-app', { forceAuthn: true }), ''));
      const withSession = await signInAt(forced, null, browser);
      expect(withSession.checked.status).toBe('ok');
      expectRefusal(
        withSession.login,
        'samlForceAuthn',
        'The service provider asks for a fresh sign-in: please enter your password',
      );
      const withPassword = await signInAt(forced, USER, browser);
      expect(withPassword.login.status, withPassword.login.msg).toBe('ok');
    });

    it('refuses without a password or session, a wrong password and a user of another organization', async () => {
      const page = signinPage(await redirectBinding(sp(), ''));
      expectRefusal((await signInAt(page, null)).login, 'missingParameter', 'Missing parameter: username');
      const wrong = await signInAt(page, { username: 'saml-user', password: 'nope' });
      expectRefusal(wrong.login, 'wrongPasswordChances', 'password or code is incorrect, you have 4 remaining chances');
      // A user of another organization: not found by a password sign-in in the application's
      // organization, and refused when their console session stands in.
      const outsider = new ApiClient(server().url);
      expect((await outsider.login('outsider', 'outsider-pass', 'north')).status).toBe('ok');
      const unknownHere = await signInAt(page, { username: 'outsider', password: 'outsider-pass' });
      // (told so, with where members of other organizations sign in; nothing is counted)
      expectRefusal(unknownHere.login, 'userNotInOrganization', /signs in at \/login\/<organization>$/);
      expectRefusal(
        (await signInAt(page, null, outsider)).login,
        'userNotInApplication',
        'The user does not belong to the organization of the application "saml-app"',
      );
    });

    it('DEFLATEs the response with enableSamlCompress (for SPs that inflate, as against Casdoor)', async () => {
      const client = sp('saml-compress', { entryPoint: ssoUrl('saml-compress') });
      const page = signinPage(await redirectBinding(client, 'z'), 'saml-compress');
      const { login } = await signInAt(page, USER);
      expect(login.status, login.msg).toBe('ok');
      const bytes = Buffer.from(String(login.data), 'base64');
      expect(bytes.toString('utf8')).not.toContain('Response');
      const xml = inflateRawSync(bytes).toString('utf8');
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: Buffer.from(xml).toString('base64') });
      expect(profile).toMatchObject({ nameID: 'saml-user', Email: 'saml@example.com' });
    });

    it('canonicalizes with C14N 1.0 under enableSamlC14n10', async () => {
      const client = sp('saml-c14n10', { entryPoint: ssoUrl('saml-c14n10') });
      const page = signinPage(await redirectBinding(client, ''), 'saml-c14n10');
      const { login } = await signInAt(page, USER);
      expect(login.status, login.msg).toBe('ok');
      const xml = Buffer.from(String(login.data), 'base64').toString('utf8');
      expect(xml).toContain('Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"');
      expect(xml).not.toContain('xml-exc-c14n');
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: login.data });
      expect(profile).toMatchObject({ nameID: 'saml-user', DisplayName: 'Saml <User> & Co' });
    });

    it('sends the e-mail address as NameID with useEmailAsSamlNameId, and refuses users without one', async () => {
      const client = sp('saml-email', { entryPoint: ssoUrl('saml-email') });
      const page = signinPage(await redirectBinding(client, ''), 'saml-email');
      const { login } = await signInAt(page, USER);
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: login.data });
      expect(profile).toMatchObject({ nameID: 'saml@example.com', nameIDFormat: EMAIL_FORMAT, Name: 'saml-user' });
      const noMail = await signInAt(page, { username: 'no-mail', password: 'saml-user-pass' });
      expectRefusal(
        noMail.login,
        'samlUserNoEmail',
        'The user has no email address, which this application sends as the SAML NameID',
      );
    });

    it('checks the request again at sign-in: a forged page address gets nothing', async () => {
      const page = signinPage(await redirectBinding(sp(), ''));
      const xml = inflateRawSync(Buffer.from(String(page.searchParams.get('samlRequest')), 'base64'))
        .toString('utf8')
        .replace(ACS, 'https://evil.example/acs');
      page.searchParams.set('samlRequest', deflateRawSync(Buffer.from(xml)).toString('base64'));
      const { checked, login } = await signInAt(page, USER);
      const message =
        'AssertionConsumerServiceURL: https://evil.example/acs is neither the SAML reply URL nor in the allowed Redirect URI list';
      expectRefusal(checked, 'samlAcsNotAllowed', message);
      expectRefusal(login, 'samlAcsNotAllowed', message);
      page.searchParams.delete('samlRequest');
      expectRefusal((await signInAt(page, USER)).login, 'missingParameter', 'Missing parameter: samlRequest');
    });
  });

  describe('NameID formats', () => {
    /** An SP of `app` asking for `format` in its NameIDPolicy (null: a policy without Format). */
    const asking = (format: string | null | undefined, app = 'saml-app') =>
      sp(app, { entryPoint: ssoUrl(app), identifierFormat: format });

    beforeAll(async () => {
      await addApplication('saml-second');
    });

    it('persistent: the same opaque identifier at every sign-in to an application, another at another', async () => {
      const first = (await fullFlow(asking(PERSISTENT_FORMAT), 'redirect', '')).profile;
      const again = (await fullFlow(asking(PERSISTENT_FORMAT), 'post', '')).profile;
      const second = (await fullFlow(asking(PERSISTENT_FORMAT, 'saml-second'), 'redirect', '', 'saml-second')).profile;
      expect(first).toMatchObject({
        nameIDFormat: PERSISTENT_FORMAT,
        nameQualifier: server().url,
        spNameQualifier: SP,
        // The attributes are as with any other format.
        Name: 'saml-user',
      });
      expect(first?.nameID).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again?.nameID).toBe(first?.nameID);
      expect(second?.nameIDFormat).toBe(PERSISTENT_FORMAT);
      expect(second?.nameID).not.toBe(first?.nameID);
    });

    it('transient: a new identifier at every sign-in', async () => {
      const first = (await fullFlow(asking(TRANSIENT_FORMAT), 'redirect', '')).profile;
      const again = (await fullFlow(asking(TRANSIENT_FORMAT), 'redirect', '')).profile;
      expect(first?.nameIDFormat).toBe(TRANSIENT_FORMAT);
      expect(first?.nameID).toMatch(/^_[A-Za-z0-9_-]{27}$/);
      expect(again?.nameIDFormat).toBe(TRANSIENT_FORMAT);
      expect(again?.nameID).not.toBe(first?.nameID);
    });

    it("emailAddress (node-saml's default): the e-mail address, and users without one are refused", async () => {
      const client = asking(undefined);
      const { profile } = await fullFlow(client, 'redirect', '');
      expect(profile).toMatchObject({ nameID: 'saml@example.com', nameIDFormat: EMAIL_FORMAT });
      const page = signinPage(await redirectBinding(client, ''));
      expectRefusal(
        (await signInAt(page, { username: 'no-mail', password: 'saml-user-pass' })).login,
        'samlNameIdEmailMissing',
        'The user has no email address, which the service provider asks for as the SAML NameID',
      );
    });

    it('unspecified or no Format: the user name, or the e-mail with useEmailAsSamlNameId, as before', async () => {
      for (const format of [UNSPECIFIED_FORMAT, null]) {
        const { profile } = await fullFlow(asking(format), 'redirect', '');
        expect(profile, String(format)).toMatchObject({ nameID: 'saml-user', nameIDFormat: UNSPECIFIED_FORMAT });
      }
      const { profile } = await fullFlow(asking(null, 'saml-email'), 'redirect', '', 'saml-email');
      expect(profile).toMatchObject({ nameID: 'saml@example.com', nameIDFormat: EMAIL_FORMAT });
    });

    it('refuses a format it does not support, before anyone signs in and again at sign-in', async () => {
      const kerberos = 'urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos';
      const message = `The SAML request asks for the NameID format ${kerberos}, which is not supported: ask for unspecified, emailAddress, persistent or transient`;
      const refused = await redirectBinding(asking(kerberos));
      expect(refused.status).toBe(400);
      expectRefusal(await refused.json(), 'samlNameIdFormatUnsupported', message);
      // A page address altered to ask for it gets the same answer from the page's check and the sign-in.
      const page = signinPage(await redirectBinding(asking(PERSISTENT_FORMAT), ''));
      const xml = inflateRawSync(Buffer.from(String(page.searchParams.get('samlRequest')), 'base64'))
        .toString('utf8')
        .replace(PERSISTENT_FORMAT, kerberos);
      page.searchParams.set('samlRequest', deflateRawSync(Buffer.from(xml)).toString('base64'));
      const { checked, login } = await signInAt(page, USER);
      expectRefusal(checked, 'samlNameIdFormatUnsupported', message);
      expectRefusal(login, 'samlNameIdFormatUnsupported', message);
      const zh = await new ApiClient(server().url, 'zh').get('/api/get-app-login', {
        type: 'saml',
        id: 'admin/saml-app',
        ...requestParams(page),
      });
      expectRefusal(
        zh,
        'samlNameIdFormatUnsupported',
        `SAML 请求要求的 NameID 格式 ${kerberos} 不受支持：请使用 unspecified、emailAddress、persistent 或 transient`,
      );
    });
  });

  describe('signed requests (the application has the SP certificate)', () => {
    const signedSp = (options: Partial<SamlConfig> = {}) =>
      sp('saml-signed', { entryPoint: ssoUrl('saml-signed'), privateKey: spKeys.privateKey, ...options });

    it('refuses an unsigned request on both bindings', async () => {
      const message = 'The application "saml-signed" requires signed SAML requests, but this request is not signed';
      const redirect = await redirectBinding(sp('saml-signed', { entryPoint: ssoUrl('saml-signed') }));
      expect(redirect.status).toBe(400);
      expectRefusal(await redirect.json(), 'samlRequestUnsigned', message);
      const post = await postBinding(
        sp('saml-signed', { entryPoint: ssoUrl('saml-signed'), authnRequestBinding: 'HTTP-POST' }),
        '',
        'saml-signed',
      );
      expect(post.status).toBe(400);
      expectRefusal(await post.json(), 'samlRequestUnsigned', message);
    });

    it('accepts a request signed in the query (HTTP-Redirect) and checks it again at sign-in', async () => {
      const client = signedSp();
      const page = signinPage(await redirectBinding(client, 'signed relay'), 'saml-signed');
      // node-saml signs the space of the relay state as "%20" but sends "+": the signature verifies
      // over the same parameters in either encoding.
      // The page carries the signed octets and the signature, not a re-encoded request.
      expect(page.searchParams.get('samlQuery')).toMatch(/^SAMLRequest=.+&RelayState=signed\+relay&SigAlg=/);
      expect(page.searchParams.get('signature')).toBeTruthy();
      expect(page.searchParams.has('samlRequest')).toBe(false);
      const { checked, login } = await signInAt(page, USER);
      expect(checked.status, checked.msg).toBe('ok');
      expect(login.status, login.msg).toBe('ok');
      expect(login.data2.relayState).toBe('signed relay');
      const { profile } = await client.validatePostResponseAsync({ SAMLResponse: login.data, RelayState: 'signed relay' });
      expect(profile?.nameID).toBe('saml-user');

      // Changing the signed octets on the page's address breaks the signature.
      const forged = new URL(page);
      forged.searchParams.set('samlQuery', String(page.searchParams.get('samlQuery')).replace('signed+relay', 'other'));
      const refused = await signInAt(forged, USER);
      const invalid = "The SAML request's signature is invalid: it does not verify with the SP certificate of the application";
      expectRefusal(refused.checked, 'samlSignatureInvalid', invalid);
      expectRefusal(refused.login, 'samlSignatureInvalid', invalid);
    });

    it('accepts a request with an enveloped XML signature (HTTP-POST)', async () => {
      const client = signedSp({ authnRequestBinding: 'HTTP-POST', skipRequestCompression: true });
      const message = (await client.getAuthorizeMessageAsync('')) as Record<string, string>;
      expect(Buffer.from(message.SAMLRequest as string, 'base64').toString()).toContain('SignatureValue');
      const { profile } = await fullFlow(client, 'post', 'posted', 'saml-signed');
      expect(profile?.nameID).toBe('saml-user');
    });

    it('refuses signatures by another key and SHA-1 signatures', async () => {
      const invalid = "The SAML request's signature is invalid: it does not verify with the SP certificate of the application";
      const stranger = await redirectBinding(signedSp({ privateKey: strangerKeys.privateKey }));
      expect(stranger.status).toBe(400);
      expectRefusal(await stranger.json(), 'samlSignatureInvalid', invalid);
      const strangerPost = await postBinding(
        signedSp({ privateKey: strangerKeys.privateKey, authnRequestBinding: 'HTTP-POST' }),
        '',
        'saml-signed',
      );
      expectRefusal(await strangerPost.json(), 'samlSignatureInvalid', invalid);
      const sha1 = await redirectBinding(signedSp({ signatureAlgorithm: 'sha1' }));
      expect(sha1.status).toBe(400);
      expectRefusal(
        await sha1.json(),
        'samlSigAlgUnsupported',
        'Unsupported signature algorithm of the SAML request: http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      );
      const half = new URL(await signedSp().getAuthorizeUrlAsync('', undefined, {}));
      half.searchParams.delete('Signature');
      const unsigned = await fetch(half, { redirect: 'manual' });
      expectRefusal(await unsigned.json(), 'samlSignatureInvalid', invalid);
    });

    it('refuses an SP certificate that cannot be read', async () => {
      const refused = await admin.post('/api/add-application', {
        owner: 'admin',
        name: 'saml-bad-cert',
        organization: 'built-in',
        samlSpCert: 'not a certificate',
      });
      expectRefusal(
        refused,
        'samlSpCertInvalid',
        "The SAML SP certificate cannot be read: paste the service provider's signing certificate as PEM (or its base64 body)",
      );
      // The base64 body alone, as SP metadata carries it, is accepted.
      await addApplication('saml-bare-cert', { samlSpCert: derOf(spKeys.certificate) });
      const client = signedSp({ entryPoint: ssoUrl('saml-bare-cert') });
      signinPage(await redirectBinding(client, ''), 'saml-bare-cert');
    });
  });

  describe('refused requests', () => {
    async function sso(query: string, app = 'saml-app') {
      const response = await fetch(`${ssoUrl(app)}?${query}`, { redirect: 'manual' });
      expect(response.status, query).toBe(400);
      return (await response.json()) as Xml;
    }
    const encode = (xml: string, deflate = true) =>
      encodeURIComponent((deflate ? deflateRawSync(Buffer.from(xml)) : Buffer.from(xml)).toString('base64'));
    const authnRequest = (attrs: string, issuer = SP) =>
      `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ${attrs}><saml:Issuer>${issuer}</saml:Issuer></samlp:AuthnRequest>`;
    const VALID = 'ID="_r1" Version="2.0" IssueInstant="2024-01-01T00:00:00Z"';

    it('answers a malformed SAMLRequest with the envelope, never a stack trace', async () => {
      const malformed =
        'The SAMLRequest cannot be read: it must be a base64 SAML message (DEFLATE-compressed for the HTTP-Redirect binding)';
      for (const value of [
        'not%20base64!!',
        encodeURIComponent(Buffer.from('hello, this is not XML').toString('base64')),
        encodeURIComponent(deflateRawSync(Buffer.from('still not XML')).toString('base64')),
        encode(`<!DOCTYPE x [<!ENTITY e "boom">]>${authnRequest(VALID)}`),
      ]) {
        expectRefusal(await sso(`SAMLRequest=${value}`), 'samlRequestMalformed', malformed);
      }
      expectRefusal(await sso('RelayState=x'), 'missingParameter', 'Missing parameter: SAMLRequest');
      expectRefusal(await sso(`SAMLRequest=${encode(authnRequest(VALID))}&SAMLRequest=x`), 'samlRequestMalformed', malformed);
      // The same at sign-in and on the page's check.
      const login = await new ApiClient(server().url).post('/api/login', {
        type: 'saml',
        application: 'saml-app',
        username: 'saml-user',
        password: 'saml-user-pass',
        samlRequest: '%%%',
      });
      expectRefusal(login, 'samlRequestMalformed', malformed);
      const checked = await new ApiClient(server().url).get('/api/get-app-login', {
        type: 'saml',
        id: 'admin/saml-app',
        samlRequest: '%%%',
      });
      expectRefusal(checked, 'samlRequestMalformed', malformed);
    });

    it('answers in the caller language', async () => {
      const zh = await new ApiClient(server().url, 'zh').get('/api/get-app-login', {
        type: 'saml',
        id: 'admin/saml-app',
        samlRequest: '%%%',
      });
      expectRefusal(zh, 'samlRequestMalformed', /^无法读取 SAMLRequest/);
    });

    it('refuses messages that are not schema-valid AuthnRequests', async () => {
      const invalid = await sso(`SAMLRequest=${encode(authnRequest('Version="2.0"'))}`);
      expectRefusal(invalid, 'samlRequestInvalid', /^The SAML request is not valid against the SAML 2\.0 schema: .+/);
      const logout = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ${VALID}><saml:Issuer>${SP}</saml:Issuer><saml:NameID>x</saml:NameID></samlp:LogoutRequest>`;
      expectRefusal(
        await sso(`SAMLRequest=${encode(logout)}`),
        'samlRequestNotAuthn',
        'The SAML message must be an AuthnRequest, not LogoutRequest',
      );
    });

    it('refuses an unknown issuer, a missing issuer and another Destination', async () => {
      const unknown = await sso(`SAMLRequest=${encode(authnRequest(VALID, 'https://stranger.example.com'))}`);
      expectRefusal(
        unknown,
        'samlIssuerUnknown',
        'Issuer URI: https://stranger.example.com doesn\'t exist in the allowed Redirect URI list of the application "saml-app"',
      );
      const noIssuer = `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ${VALID}/>`;
      expectRefusal(await sso(`SAMLRequest=${encode(noIssuer)}`), 'samlIssuerMissing', 'The SAML request has no Issuer');
      // A request addressed to another application of this IdP, sent to this one.
      const meant = new URL(await sp('saml-app', { entryPoint: ssoUrl('saml-email') }).getAuthorizeUrlAsync('', undefined, {}));
      const elsewhere = await fetch(`${ssoUrl('saml-app')}${meant.search}`, { redirect: 'manual' });
      expect(elsewhere.status).toBe(400);
      expectRefusal(
        await elsewhere.json(),
        'samlDestinationMismatch',
        `The SAML request is addressed to ${ssoUrl('saml-email')}, not to this identity provider (${ssoUrl('saml-app')})`,
      );
    });

    it('refuses an assertion consumer service that is not registered', async () => {
      const response = await redirectBinding(sp('saml-app', { callbackUrl: 'https://evil.example/acs' }));
      expect(response.status).toBe(400);
      expectRefusal(
        await response.json(),
        'samlAcsNotAllowed',
        'AssertionConsumerServiceURL: https://evil.example/acs is neither the SAML reply URL nor in the allowed Redirect URI list',
      );
    });

    it('refuses an unknown application on every endpoint', async () => {
      const request = await sp().getAuthorizeUrlAsync('', undefined, {});
      const query = request.slice(request.indexOf('?') + 1);
      for (const path of ['admin/nope', 'north/saml-app']) {
        const response = await fetch(`${server().url}/api/saml/redirect/${path}?${query}`, { redirect: 'manual' });
        expect(response.status).toBe(400);
        expectRefusal(await response.json(), 'applicationMissing', `The application "${path.split('/')[1]}" does not exist`);
      }
      const page = signinPage(await redirectBinding(sp(), ''));
      const params = requestParams(page);
      const browser = new ApiClient(server().url);
      expectRefusal(
        await browser.get('/api/get-app-login', { type: 'saml', id: 'admin/nope', ...params }),
        'applicationMissing',
        'The application "nope" does not exist',
      );
      expectRefusal(
        await browser.post('/api/login', { type: 'saml', application: 'nope', ...USER, ...params }),
        'applicationMissing',
        'The application "nope" does not exist',
      );
      expectRefusal(await browser.post('/api/login', { type: 'saml', ...USER, ...params }), 'missingParameter');
    });
  });
});
