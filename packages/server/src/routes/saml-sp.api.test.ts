import { deflateRawSync } from 'node:zlib';
import { application, noAccess, releasedUser, user } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../crypto/certs.js';
import { signingKeyOf } from '../integrations/saml/signing.js';
import { buildSamlResponse } from '../protocols/saml/response.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { CookieBrowser } from '../test-support/browser.js';
import { ApiClient } from '../test-support/client.js';
import { addRsaCert } from '../test-support/oidc.js';
import { recordOf } from '../test-support/records.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

const ORG = 'acme';
const APP = 'app-saml-sp';
const PROVIDER = 'corp-saml';
const IDP_APP = 'downstream-saml';
const OTHER_SP = 'https://other-sp.example/saml';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const decodeXml = (encoded: string) => Buffer.from(encoded, 'base64').toString('utf8');
const encodeXml = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

/** What the upstream IdP answered: the response its sign-in page posts to our ACS. */
interface Posted {
  samlResponse: string;
  relayState: string;
}

/**
 * Sign-in through a SAML provider, Gatehouse as the service provider, end to end over HTTP: a
 * second Gatehouse on loopback is the identity provider (its SAML IdP: SSO endpoint, sign-in page
 * and signed responses); this server's get-saml-login, ACS and /api/login (as the callback page
 * posts it) do the rest. Every refusal leaves the response unspent and nothing created.
 */
describeEachDatabase('sign-in through SAML providers', (server) => {
  let upstream: TestServer;
  let upAdmin: ApiClient;
  let team: Team;
  let idpCert: { certificate: string; privateKey: string; name: string };
  let stranger: { certificate: string; privateKey: string };
  const acs = () => `${server().url}/api/acs`;
  const callback = () => `${server().url}/callback`;
  const consoleSignin = { method: 'signup', type: 'login', body: { application: APP, organization: ORG } };

  /** get-saml-login in `browser`: the AuthnRequest on its way to the IdP, by the answered binding. */
  async function startAt(browser: CookieBrowser, relay: unknown = consoleSignin) {
    const started = await browser.get('/api/get-saml-login', { id: `${ORG}/${PROVIDER}`, relayState: b64(relay) });
    expect(started.status, started.msg).toBe('ok');
    return started as { data: string; data2: 'GET' | 'POST' };
  }

  /** The state's payload (what the callback page reads). */
  const flowOf = (state: string) => JSON.parse(Buffer.from(state.split('.')[0] ?? '', 'base64url').toString('utf8'));

  /** The IdP's SSO endpoint and sign-in page: `person` signs in; the signed response comes back. */
  async function signInAtIdp(started: { data: string; data2: string }, person: string): Promise<Posted> {
    let response: Response;
    if (started.data2 === 'GET') {
      response = await fetch(started.data, { redirect: 'manual' });
    } else {
      const action = /action="([^"]+)"/.exec(started.data)?.[1] ?? '';
      const fields = new URLSearchParams();
      for (const [, name, value] of started.data.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
        fields.set(name as string, (value as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
      }
      response = await fetch(action, {
        method: 'POST',
        body: fields.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    }
    if (response.status !== 303) throw new Error(`IdP SSO endpoint: ${response.status} ${await response.text()}`);
    const page = new URL(response.headers.get('location') ?? '', upstream.url);
    expect(page.pathname).toBe(`/login/saml/authorize/admin/${IDP_APP}`);
    const signed = await new ApiClient(upstream.url).post('/api/login', {
      type: 'saml',
      application: IDP_APP,
      username: person,
      password: `${person}-pass`,
      samlRequest: page.searchParams.get('samlRequest') ?? '',
      relayState: page.searchParams.get('relayState') ?? '',
    });
    if (signed.status !== 'ok') throw new Error(`IdP sign-in: ${signed.msg}`);
    expect(signed.data2).toMatchObject({ redirectUrl: acs(), method: 'POST' });
    return { samlResponse: String(signed.data), relayState: String(signed.data2.relayState) };
  }

  /** The IdP's page posts the response to our ACS: answers where the browser is sent. */
  async function postToAcs(posted: Posted, origin = upstream.url) {
    const response = await fetch(acs(), {
      method: 'POST',
      body: new URLSearchParams({ SAMLResponse: posted.samlResponse, RelayState: posted.relayState }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      redirect: 'manual',
    });
    return response;
  }

  /** The callback page's post to /api/login (Casdoor's body). */
  const finish = (browser: CookieBrowser, posted: Posted, fields: Record<string, unknown> = {}) =>
    browser.post('/api/login', {
      type: 'login',
      application: APP,
      provider: PROVIDER,
      samlResponse: posted.samlResponse,
      state: posted.relayState,
      redirectUri: callback(),
      method: 'signup',
      ...fields,
    });

  async function throughIdp(browser: CookieBrowser, person: string, relay: unknown = consoleSignin): Promise<Posted> {
    return signInAtIdp(await startAt(browser, relay), person);
  }

  const updateProvider = async (fields: Record<string, unknown>) => {
    const stored = (await team.admin.get('/api/get-provider', { id: `${ORG}/${PROVIDER}` })).data;
    const saved = await team.admin.post('/api/update-provider', { ...stored, ...fields }, { id: `${ORG}/${PROVIDER}` });
    expect(saved.status, saved.msg).toBe('ok');
    return stored;
  };
  const usersNamed = async (name: string) =>
    (await team.admin.get('/api/get-users', { owner: ORG, field: 'name', value: name })).data as { name: string }[];

  beforeAll(async () => {
    upstream = await startTestServer('sqlite');
    upAdmin = new ApiClient(upstream.url);
    await upAdmin.login('admin', ADMIN_PASSWORD);
    await addRsaCert(upAdmin, 'idp-cert');
    const stored = (await upAdmin.get('/api/get-cert', { id: 'admin/idp-cert' })).data;
    idpCert = { certificate: stored.certificate, privateKey: stored.privateKey, name: 'idp-cert' };
    stranger = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Stranger IdP' });
    const idpApp = await upAdmin.post('/api/add-application', {
      owner: 'admin',
      name: IDP_APP,
      organization: 'built-in',
      cert: 'idp-cert',
      enablePassword: true,
      enableSigninSession: false,
      samlReplyUrl: acs(),
      redirectUris: [OTHER_SP],
    });
    expect(idpApp.status, idpApp.msg).toBe('ok');
    for (const [name, fields] of [
      ['alice', { displayName: 'Alice Upstream', email: 'alice@up.example' }],
      ['bob', { displayName: 'Bob Upstream' }],
      ['dave', { displayName: 'Dave Upstream' }],
    ] as const) {
      const added = await upAdmin.post('/api/add-user', { owner: 'built-in', name, password: `${name}-pass`, ...fields });
      expect(added.status, added.msg).toBe('ok');
    }

    team = await organizationTeam(server().url, ORG);
    const provider = await team.admin.post('/api/add-provider', {
      owner: ORG,
      name: PROVIDER,
      displayName: 'Corp SAML',
      category: 'SAML',
      type: 'Custom',
      endpoint: `${upstream.url}/api/saml/redirect/admin/${IDP_APP}`,
      idP: idpCert.certificate,
      issuerUrl: upstream.url,
      enableSignUp: true,
    });
    expect(provider.status, provider.msg).toBe('ok');
    const row = { name: PROVIDER, canSignUp: true, canSignIn: true, canUnlink: true, prompted: false, signupGroup: '', rule: '' };
    for (const [name, fields] of [
      [APP, { enableSignUp: true, providers: [row] }],
      ['app-signin-only', { enableSignUp: true, providers: [{ ...row, canSignUp: false }] }],
    ] as const) {
      const added = await team.admin.post('/api/add-application', {
        owner: 'admin',
        name,
        organization: ORG,
        cert: 'cert-built-in',
        enablePassword: true,
        ...fields,
      });
      expect(added.status, added.msg).toBe('ok');
    }
    const org = (await team.admin.get('/api/get-organization', { id: `admin/${ORG}` })).data;
    await team.admin.post('/api/update-organization', { ...org, defaultApplication: APP }, { id: `admin/${ORG}` });
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('signs a new user up through a SAML identity provider (another Gatehouse), then signs them in again', async () => {
    const browser = new CookieBrowser(server().url);
    const app = await browser.get('/api/get-app-login', { id: `admin/${APP}` });
    expect(app.data.providers[0]).toMatchObject({
      name: PROVIDER,
      provider: { owner: ORG, name: PROVIDER, category: 'SAML', type: 'Custom', displayName: 'Corp SAML' },
    });
    const started = await startAt(browser);
    // Unsigned requests go over HTTP-Redirect, with the sign-in's state as RelayState.
    expect(started.data2).toBe('GET');
    const sso = new URL(started.data);
    expect(`${sso.origin}${sso.pathname}`).toBe(`${upstream.url}/api/saml/redirect/admin/${IDP_APP}`);
    const state = sso.searchParams.get('RelayState') ?? '';
    expect(flowOf(state)).toMatchObject({ provider: PROVIDER, method: 'signup', type: 'login', redirectUri: callback() });
    expect(flowOf(state).requestId).toMatch(/^_[0-9a-f-]{36}$/);

    const posted = await signInAtIdp(started, 'alice');
    expect(posted.relayState).toBe(state);
    // The ACS sends the browser to the callback page, the response in the fragment.
    const sent = await postToAcs(posted);
    expect(sent.status).toBe(303);
    const location = new URL(sent.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(callback());
    expect(location.searchParams.get('state')).toBe(posted.relayState);
    expect(new URLSearchParams(location.hash.slice(1)).get('SAMLResponse')).toBe(posted.samlResponse);

    expect(await finish(browser, posted)).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    expect((await browser.get('/api/get-account')).data).toMatchObject({
      owner: ORG,
      name: 'alice',
      displayName: 'Alice Upstream',
      email: 'alice@up.example',
      signupApplication: APP,
    });
    expect((await browser.get('/api/get-user-identities')).data).toEqual([
      expect.objectContaining({
        providerName: PROVIDER,
        providerType: 'Custom',
        username: 'alice',
        displayName: 'Alice Upstream',
      }),
    ]);

    // Again, in another browser: the same account.
    const again = new CookieBrowser(server().url);
    expect(await finish(again, await throughIdp(again, 'alice'))).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    expect((await usersNamed('alice')).map((u) => u.name)).toEqual(['alice']);
  });

  it("refuses to sign up when the provider or the application's row does not allow it, and creates nobody", async () => {
    const signinOnly = new CookieBrowser(server().url);
    const start = { method: 'signup', type: 'login', body: { application: 'app-signin-only', organization: ORG } };
    expect(
      await finish(signinOnly, await throughIdp(signinOnly, 'dave', start), { application: 'app-signin-only' }),
    ).toMatchObject({
      status: 'error',
      msg: 'The account for provider: Custom and username: dave (Dave Upstream) does not exist and is not allowed to sign up as new account via Custom, please use another way to sign up',
    });
    const before = await updateProvider({ enableSignUp: false });
    try {
      const browser = new CookieBrowser(server().url);
      expect(await finish(browser, await throughIdp(browser, 'dave'))).toMatchObject({
        status: 'error',
        msg: 'The account for provider: Custom and username: dave (Dave Upstream) does not exist and is not allowed to sign up as new account, please contact your IT support',
      });
      expect((await browser.get('/api/get-account')).status).toBe('error');
      // Someone who has an account still signs in.
      const alice = new CookieBrowser(server().url);
      expect(await finish(alice, await throughIdp(alice, 'alice'))).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    } finally {
      await updateProvider({ enableSignUp: before.enableSignUp });
    }
    expect(await usersNamed('dave')).toEqual([]);
  });

  it('refuses a replayed response, in the same browser or in another one', async () => {
    const browser = new CookieBrowser(server().url);
    const posted = await throughIdp(browser, 'alice');
    expect(await finish(browser, posted)).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    expect(await finish(browser, posted)).toMatchObject({
      status: 'error',
      code: 'samlResponseReplayed',
      msg: 'This SAML response has already been used: please sign in again',
    });
    // Someone else's browser, with a state of its own: the response answers another request.
    const thief = new CookieBrowser(server().url);
    const own = new URL((await startAt(thief)).data).searchParams.get('RelayState') ?? '';
    const stolen = await finish(thief, { samlResponse: posted.samlResponse, relayState: own });
    expect(stolen).toMatchObject({ status: 'error', code: 'samlInResponseToMismatch' });
    expect(stolen.msg).toMatch(
      /^The SAML response answers another sign-in request \(_[0-9a-f-]+\): please start signing in again$/,
    );
    // The state itself is bound to the browser that started the sign-in.
    expect(await finish(new CookieBrowser(server().url), posted)).toMatchObject({ code: 'providerStateInvalid' });
    expect((await thief.get('/api/get-account')).status).toBe('error');
  });

  it('of concurrent sign-ins with one response, signs exactly one in', async () => {
    const browser = new CookieBrowser(server().url);
    const posted = await throughIdp(browser, 'alice');
    // Tabs of the same browser (its state cookie), posting at once.
    const tabs = [1, 2, 3, 4].map(() => {
      const tab = new CookieBrowser(server().url);
      for (const [name, value] of browser.cookies) tab.cookies.set(name, value);
      return tab;
    });
    const answers = await Promise.all(tabs.map((tab) => finish(tab, posted)));
    expect(answers.filter((answer) => answer.status === 'ok')).toEqual([expect.objectContaining({ data: `${ORG}/alice` })]);
    expect(answers.filter((answer) => answer.status !== 'ok').map((answer) => answer.code)).toEqual(
      Array(3).fill('samlResponseReplayed'),
    );
  });

  it('refuses a tampered response or one signed with another key, and accepts the untouched one after', async () => {
    const browser = new CookieBrowser(server().url);
    const posted = await throughIdp(browser, 'bob');
    const signatureInvalid = {
      status: 'error',
      code: 'samlResponseSignatureInvalid',
      msg: 'The signature of the SAML response is invalid: it does not verify with the IdP certificate of Corp SAML',
    };
    const xml = decodeXml(posted.samlResponse);
    expect(xml).toContain('>bob</saml:NameID>');
    const tampered = encodeXml(xml.replace('>bob</saml:NameID>', '>alice</saml:NameID>'));
    expect(await finish(browser, { ...posted, samlResponse: tampered })).toMatchObject(signatureInvalid);
    // The same assertion under a removed Response signature still fails: the assertion's own covers the NameID.
    const unsignedResponse = xml.replace(/<ds:Signature [\s\S]*?<\/ds:Signature>/, '');
    expect(
      await finish(browser, {
        ...posted,
        samlResponse: encodeXml(unsignedResponse.replace('>bob</saml:NameID>', '>alice</saml:NameID>')),
      }),
    ).toMatchObject(signatureInvalid);

    // A response a stranger's key signed (its certificate in KeyInfo is not the provider's).
    const strangerXml = buildSamlResponse({
      app: recordOf(application, {}),
      user: releasedUser(
        recordOf(user, { owner: 'built-in', name: 'alice', email: 'alice@up.example', displayName: 'Alice Upstream' }),
        noAccess(),
      ),
      issuer: upstream.url,
      request: {
        id: flowOf(posted.relayState).requestId,
        issuer: acs(),
        acsUrl: acs(),
        relayState: '',
        forceAuthn: false,
        deflated: '',
      },
      key: signingKeyOf({ name: 'stranger', ...stranger }),
    });
    expect(await finish(browser, { ...posted, samlResponse: encodeXml(strangerXml) })).toMatchObject(signatureInvalid);

    // The provider trusting another certificate refuses the IdP's genuine response.
    const before = await updateProvider({ idP: stranger.certificate });
    try {
      expect(await finish(browser, posted)).toMatchObject(signatureInvalid);
    } finally {
      await updateProvider({ idP: before.idP });
    }
    expect(await usersNamed('bob')).toEqual([]);
    // Nothing was spent by the refusals.
    expect(await finish(browser, posted)).toMatchObject({ status: 'ok', data: `${ORG}/bob` });
  });

  it('refuses an expired response and one meant for another service provider', async () => {
    const browser = new CookieBrowser(server().url);
    const started = await startAt(browser);
    const state = new URL(started.data).searchParams.get('RelayState') ?? '';
    const requestId = flowOf(state).requestId as string;

    // Issued ten minutes ago by the IdP's own code and key: its five minutes are over.
    const expired = buildSamlResponse({
      app: recordOf(application, {}),
      user: releasedUser(
        recordOf(user, { owner: 'built-in', name: 'alice', email: 'alice@up.example', displayName: 'Alice Upstream' }),
        noAccess(),
      ),
      issuer: upstream.url,
      request: { id: requestId, issuer: acs(), acsUrl: acs(), relayState: state, forceAuthn: false, deflated: '' },
      key: signingKeyOf(idpCert),
      now: Date.now() - 10 * 60 * 1000,
    });
    const answer = await finish(browser, { samlResponse: encodeXml(expired), relayState: state });
    expect(answer).toMatchObject({ status: 'error', code: 'samlResponseExpired' });
    expect(answer.msg).toMatch(
      /^The SAML response has expired \(it was valid until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\): please sign in again$/,
    );

    // The IdP answers a request of another SP (its audience), sent to our ACS with our request's ID.
    const xml =
      `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
      `ID="${requestId}" Version="2.0" IssueInstant="${new Date().toISOString()}" AssertionConsumerServiceURL="${acs()}">` +
      `<saml:Issuer>${OTHER_SP}</saml:Issuer></samlp:AuthnRequest>`;
    const sso = new URL(`${upstream.url}/api/saml/redirect/admin/${IDP_APP}`);
    sso.searchParams.set('SAMLRequest', deflateRawSync(Buffer.from(xml)).toString('base64'));
    sso.searchParams.set('RelayState', state);
    const other = await signInAtIdp({ data: sso.toString(), data2: 'GET' }, 'alice');
    expect(await finish(browser, other)).toMatchObject({
      status: 'error',
      code: 'samlAudienceMismatch',
      msg: `The SAML assertion is meant for ${OTHER_SP}, not for this service provider (${acs()})`,
    });
    expect((await browser.get('/api/get-account')).status).toBe('error');
  });

  it('signs AuthnRequests over HTTP-POST when the provider says so, which the IdP checks with our certificate', async () => {
    const ours = (await team.admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data;
    const idpApp = (await upAdmin.get('/api/get-application', { id: `admin/${IDP_APP}` })).data;
    await updateProvider({ enableSignAuthnRequest: true });
    try {
      const browser = new CookieBrowser(server().url);
      const started = await startAt(browser);
      expect(started.data2).toBe('POST');
      expect(started.data).toContain(`<form method="post" action="${upstream.url}/api/saml/redirect/admin/${IDP_APP}"`);
      const request = decodeXml(/name="SAMLRequest" value="([^"]+)"/.exec(started.data)?.[1] ?? '');
      expect(request).toContain('<ds:SignatureValue>');
      expect(request).toContain(`<saml:Issuer>${acs()}</saml:Issuer>`);

      // The IdP that knows our certificate accepts the request; with another certificate it refuses it.
      const withCert = (cert: string) =>
        upAdmin.post('/api/update-application', { ...idpApp, samlSpCert: cert }, { id: `admin/${IDP_APP}` });
      expect((await withCert(stranger.certificate)).status).toBe('ok');
      await expect(signInAtIdp(started, 'alice')).rejects.toThrow(/signature is invalid/);
      expect((await withCert(ours.certificate)).status).toBe('ok');
      const posted = await signInAtIdp(await startAt(browser), 'alice');
      expect(await finish(browser, posted)).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    } finally {
      await updateProvider({ enableSignAuthnRequest: false });
      await upAdmin.post('/api/update-application', { ...idpApp, samlSpCert: '' }, { id: `admin/${IDP_APP}` });
    }
  });

  it('links a SAML identity to the signed-in user', async () => {
    const worker = new CookieBrowser(server().url);
    expect((await worker.login('worker', 'worker-pass', ORG)).status).toBe('ok');
    const posted = await throughIdp(worker, 'dave', { method: 'link', from: '/account' });
    expect(await finish(worker, posted, { method: 'link' })).toMatchObject({ status: 'ok', data: true, data2: '/account' });
    expect((await worker.get('/api/get-user-identities')).data).toEqual([
      expect.objectContaining({ providerName: PROVIDER, username: 'dave', displayName: 'Dave Upstream' }),
    ]);
    // dave now signs in as worker.
    const dave = new CookieBrowser(server().url);
    expect(await finish(dave, await throughIdp(dave, 'dave'))).toMatchObject({ status: 'ok', data: `${ORG}/worker` });
  });

  describe('refusals before the identity provider is visited', () => {
    it('answers the CORS preflight of the ACS and refuses a post without a response or with a foreign RelayState', async () => {
      const preflight = await fetch(acs(), { method: 'OPTIONS', headers: { origin: 'https://idp.example' } });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://idp.example');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS, DELETE');

      const missing = await postToAcs({ samlResponse: '', relayState: 'x' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ status: 'error', msg: 'Missing parameter: SAMLResponse' });
      const foreign = await postToAcs({ samlResponse: encodeXml('<x/>'), relayState: 'https://sp.example/after' });
      expect(foreign.status).toBe(400);
      expect(foreign.headers.get('access-control-allow-origin')).toBe(upstream.url);
      expect(await foreign.json()).toMatchObject({ status: 'error', code: 'samlUnsolicited' });
    });

    it('refuses unknown providers, malformed relay states and a provider without an SSO URL or certificate', async () => {
      const browser = new CookieBrowser(server().url);
      expect(await browser.get('/api/get-saml-login', { id: PROVIDER })).toMatchObject({ code: 'badId' });
      const oauth = await team.admin.post('/api/add-provider', { owner: ORG, name: 'gh', category: 'OAuth', type: 'GitHub' });
      expect(oauth.status, oauth.msg).toBe('ok');
      expect(await browser.get('/api/get-saml-login', { id: `${ORG}/gh`, relayState: b64(consoleSignin) })).toMatchObject({
        msg: "provider gh's category is not SAML",
      });
      expect(await browser.get('/api/get-saml-login', { id: `${ORG}/nope`, relayState: b64(consoleSignin) })).toMatchObject({
        msg: 'The provider: nope is not enabled for the application',
      });
      expect(await browser.get('/api/get-saml-login', { id: `admin/${PROVIDER}`, relayState: b64(consoleSignin) })).toMatchObject(
        { msg: `The provider: admin/${PROVIDER} is not enabled for the application` },
      );
      expect(await browser.get('/api/get-saml-login', { id: `${ORG}/${PROVIDER}`, relayState: '%%%' })).toMatchObject({
        code: 'invalidField',
      });
      const before = await updateProvider({ endpoint: '' });
      try {
        expect(
          await browser.get('/api/get-saml-login', { id: `${ORG}/${PROVIDER}`, relayState: b64(consoleSignin) }),
        ).toMatchObject({
          msg: `The SAML provider "${PROVIDER}" has no valid single sign-on URL (Endpoint): ""`,
        });
        await updateProvider({ endpoint: before.endpoint, idP: 'not a certificate' });
        expect(
          await browser.get('/api/get-saml-login', { id: `${ORG}/${PROVIDER}`, relayState: b64(consoleSignin) }),
        ).toMatchObject({
          code: 'samlIdpCertInvalid',
        });
      } finally {
        await updateProvider({ endpoint: before.endpoint, idP: before.idP });
      }
    });
  });
});
