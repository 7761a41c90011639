import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { CookieBrowser } from '../test-support/browser.js';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI, signInThroughPage } from '../test-support/oidc.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

const ORG = 'acme';
const APP = 'app-social';
const PROVIDER = 'upstream';

interface Row {
  name: string;
  canSignUp: boolean;
  canSignIn: boolean;
  canUnlink: boolean;
  signupGroup?: string;
}

const row = (fields: Partial<Row> = {}): Row => ({
  name: PROVIDER,
  canSignUp: true,
  canSignIn: true,
  canUnlink: true,
  signupGroup: '',
  ...fields,
});

/**
 * Sign-in through an OAuth identity provider, end to end over HTTP: a second Gatehouse on loopback
 * is the upstream "Custom" OpenID Connect provider (its own application, users and sign-in page).
 */
describeEachDatabase('sign-in through identity providers', (server) => {
  let upstream: TestServer;
  let team: Team;
  const callback = () => `${server().url}/callback`;

  /** Starts a sign-in in `browser`; signs in upstream as `person`; answers what /callback receives. */
  async function throughUpstream(browser: CookieBrowser, start: Record<string, unknown>, person: string) {
    const started = await browser.post('/api/provider-auth-url', { provider: PROVIDER, method: 'signup', ...start });
    if (started.status !== 'ok') throw new Error(`provider-auth-url: ${started.msg}`);
    const authorize = new URL(String(started.data));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${upstream.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(callback());
    const back = await signInThroughPage(upstream.url, authorize, person, `${person}-pass`);
    if (!back.url) throw new Error(`upstream sign-in failed: ${back.error}`);
    expect(`${back.url.origin}${back.url.pathname}`).toBe(callback());
    return { code: back.url.searchParams.get('code') ?? '', state: back.url.searchParams.get('state') ?? '' };
  }

  /** What the /callback page posts (Casdoor's body). */
  const finish = (browser: CookieBrowser, got: { code?: string; state?: string }, fields: Record<string, unknown> = {}) =>
    browser.post('/api/login', {
      type: 'login',
      application: APP,
      provider: PROVIDER,
      code: got.code,
      state: got.state,
      redirectUri: callback(),
      method: 'signup',
      ...fields,
    });

  const consoleSignin = { type: 'login', body: { application: APP, organization: ORG } };
  const updateApp = async (name: string, fields: Record<string, unknown>) => {
    const app = (await team.admin.get('/api/get-application', { id: `admin/${name}` })).data;
    const saved = await team.admin.post('/api/update-application', { ...app, ...fields }, { id: `admin/${name}` });
    expect(saved.status, saved.msg).toBe('ok');
  };

  beforeAll(async () => {
    upstream = await startTestServer('sqlite');
    const upAdmin = new ApiClient(upstream.url);
    await upAdmin.login('admin', ADMIN_PASSWORD);
    const client = await createOAuthApplication(upAdmin, 'downstream', { redirectUris: [callback()] });
    const people: [string, Record<string, unknown>][] = [
      ['alice', { displayName: 'Alice Upstream', email: 'alice@up.example', avatar: 'https://up.example/alice.png' }],
      ['bob', { displayName: 'Bob Upstream' }],
      ['carol', { displayName: 'Carol', email: 'carol@corp.example', emailVerified: true }],
      ['dave', { displayName: 'Dave Upstream' }],
      ['erin', { displayName: 'Erin', email: 'boss@acme.example', emailVerified: false }],
      ['worker', { displayName: 'Another Worker' }],
    ];
    for (const [name, fields] of people) {
      const added = await upAdmin.post('/api/add-user', { owner: 'built-in', name, password: `${name}-pass`, ...fields });
      expect(added.status, added.msg).toBe('ok');
    }

    team = await organizationTeam(server().url, ORG);
    const provider = await team.admin.post('/api/add-provider', {
      owner: ORG,
      name: PROVIDER,
      displayName: 'Upstream Gatehouse',
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
    });
    expect(provider.status, provider.msg).toBe('ok');
    const apps: [string, Record<string, unknown>][] = [
      [APP, { enableSignUp: true, enableLinkWithEmail: true, providers: [row({ signupGroup: `${ORG}/social` })] }],
      ['app-closed', { enableSignUp: false, providers: [row()] }],
      ['app-signin-only', { enableSignUp: true, providers: [row({ canSignUp: false })] }],
    ];
    for (const [name, fields] of apps) {
      const added = await team.admin.post('/api/add-application', {
        owner: 'admin',
        name,
        organization: ORG,
        cert: 'cert-built-in',
        enablePassword: true,
        redirectUris: [REDIRECT_URI],
        ...fields,
      });
      expect(added.status, added.msg).toBe('ok');
    }
    // The organization's users link the providers of its default application.
    const org = (await team.admin.get('/api/get-organization', { id: `admin/${ORG}` })).data;
    await team.admin.post('/api/update-organization', { ...org, defaultApplication: APP }, { id: `admin/${ORG}` });
    const boss = (await team.admin.get('/api/get-user', { id: `${ORG}/boss` })).data;
    await team.admin.post('/api/update-user', { ...boss, email: 'boss@acme.example' }, { id: `${ORG}/boss` });
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it('signs a new user up through a Custom OpenID Connect provider (another Gatehouse), then signs them in again', async () => {
    const browser = new CookieBrowser(server().url);
    const app = await browser.get('/api/get-app-login', { id: `admin/${APP}` });
    expect(app.data.providers).toEqual([
      expect.objectContaining({
        name: PROVIDER,
        canSignIn: true,
        provider: {
          owner: ORG,
          name: PROVIDER,
          displayName: 'Upstream Gatehouse',
          category: 'OAuth',
          type: 'Custom',
          subType: '',
          customLogo: '',
        },
      }),
    ]);
    const got = await throughUpstream(browser, consoleSignin, 'alice');
    expect(await finish(browser, got)).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    const account = await browser.get('/api/get-account');
    expect(account.data).toMatchObject({
      owner: ORG,
      name: 'alice',
      displayName: 'Alice Upstream',
      email: 'alice@up.example',
      avatar: 'https://up.example/alice.png',
      signupApplication: APP,
      groups: [`${ORG}/social`],
    });
    const identities = await browser.get('/api/get-user-identities');
    expect(identities.data).toEqual([
      expect.objectContaining({
        providerName: PROVIDER,
        providerType: 'Custom',
        username: 'alice',
        displayName: 'Alice Upstream',
      }),
    ]);
    // No password was given to the account: only the identity provider signs it in.
    expect((await new ApiClient(server().url).login('alice', '', ORG)).status).toBe('error');

    // The same person again, in another browser: the same account, no new one.
    const again = new CookieBrowser(server().url);
    expect(await finish(again, await throughUpstream(again, consoleSignin, 'alice'))).toMatchObject({
      status: 'ok',
      data: `${ORG}/alice`,
    });
    const users = await team.admin.get('/api/get-users', { owner: ORG, field: 'name', value: 'alice' });
    expect(users.data.map((u: { name: string }) => u.name)).toEqual(['alice']);
  });

  it('gives a new user a free name when the provider’s username is taken', async () => {
    const browser = new CookieBrowser(server().url);
    const answer = await finish(browser, await throughUpstream(browser, consoleSignin, 'worker'));
    expect(answer.status, answer.msg).toBe('ok');
    expect(answer.data).toMatch(/^acme\/worker_[a-z0-9]{6}$/);
    expect((await browser.get('/api/get-account')).data.displayName).toBe('Another Worker');
  });

  it('refuses a state that was altered, issued to another browser, or sent back to another address', async () => {
    const browser = new CookieBrowser(server().url);
    const got = await throughUpstream(browser, consoleSignin, 'alice');
    const invalid = 'The sign-in state is invalid or belongs to another browser: please start signing in again';

    const [payload, signature] = got.state.split('.');
    const flow = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...flow, body: { application: 'app-closed', organization: ORG } })).toString(
      'base64url',
    );
    expect(await finish(browser, { ...got, state: `${altered}.${signature}` })).toMatchObject({ status: 'error', msg: invalid });
    // The same state, from a browser that did not start the sign-in (login CSRF).
    expect(await finish(new CookieBrowser(server().url), got)).toMatchObject({ status: 'error', msg: invalid });
    expect(await finish(browser, got, { provider: 'other' })).toMatchObject({ status: 'error', msg: invalid });
    expect(await finish(browser, got, { redirectUri: 'https://evil.example/callback' })).toMatchObject({
      status: 'error',
      msg: 'The redirect URI "https://evil.example/callback" is not the one this sign-in started with',
    });
    // Untouched, it still works (the code was never spent on the refusals).
    expect(await finish(browser, got)).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    // A code is good once: the upstream provider refuses it the second time.
    expect((await finish(browser, got)).msg).toMatch(
      /^Failed to sign in with Upstream Gatehouse: the identity provider refused the code/,
    );
  });

  it("refuses to sign up when the application, the provider or the application's row does not allow it", async () => {
    const closed = new CookieBrowser(server().url);
    const start = (application: string) => ({ type: 'login', body: { application, organization: ORG } });
    expect(
      await finish(closed, await throughUpstream(closed, start('app-closed'), 'dave'), { application: 'app-closed' }),
    ).toMatchObject({
      status: 'error',
      msg: 'The account for provider: Custom and username: dave (Dave Upstream) does not exist and is not allowed to sign up as new account, please contact your IT support',
    });
    const signinOnly = new CookieBrowser(server().url);
    expect(
      await finish(signinOnly, await throughUpstream(signinOnly, start('app-signin-only'), 'dave'), {
        application: 'app-signin-only',
      }),
    ).toMatchObject({
      status: 'error',
      msg: 'The account for provider: Custom and username: dave (Dave Upstream) does not exist and is not allowed to sign up as new account via Custom, please use another way to sign up',
    });
    const provider = (await team.admin.get('/api/get-provider', { id: `${ORG}/${PROVIDER}` })).data;
    await team.admin.post('/api/update-provider', { ...provider, enableSignUp: false }, { id: `${ORG}/${PROVIDER}` });
    try {
      const browser = new CookieBrowser(server().url);
      expect((await finish(browser, await throughUpstream(browser, consoleSignin, 'dave'))).msg).toMatch(
        /^The account for provider: Custom and username: dave \(Dave Upstream\) does not exist and is not allowed to sign up as new account, please contact/,
      );
      // Someone who already has an account still signs in.
      const alice = new CookieBrowser(server().url);
      expect(await finish(alice, await throughUpstream(alice, consoleSignin, 'alice'))).toMatchObject({ status: 'ok' });
    } finally {
      await team.admin.post('/api/update-provider', { ...provider, enableSignUp: true }, { id: `${ORG}/${PROVIDER}` });
    }
    // A provider the application does not list cannot be used with it.
    expect(await closed.post('/api/provider-auth-url', { provider: 'nope', method: 'signup', ...consoleSignin })).toMatchObject({
      status: 'error',
      msg: 'The provider: nope is not enabled for the application',
    });
  });

  it('continues an OAuth authorization request: checked before leaving for the provider, answered with a code after', async () => {
    const app = (await team.admin.get('/api/get-application', { id: `admin/${APP}` })).data;
    const request = {
      clientId: app.clientId,
      responseType: 'code',
      redirectUri: REDIRECT_URI,
      scope: 'openid',
      state: 'rp-state',
    };
    const browser = new CookieBrowser(server().url);
    expect(
      await browser.post('/api/provider-auth-url', {
        provider: PROVIDER,
        method: 'signup',
        type: 'code',
        query: { ...request, redirectUri: 'https://evil.example/cb' },
        body: { organization: ORG },
      }),
    ).toMatchObject({ status: 'error', msg: expect.stringContaining('https://evil.example/cb') });

    const got = await throughUpstream(browser, { type: 'code', query: request, body: { organization: ORG } }, 'alice');
    // The page posts only Casdoor's fields: the request comes back from the state.
    const answer = await finish(browser, got, { type: 'code', application: '' });
    expect(answer.status, answer.msg).toBe('ok');
    const token = await new ApiClient(server().url).raw('POST', '/api/login/oauth/access_token', {
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: String(answer.data),
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: REDIRECT_URI,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBe(200);
    const claims = JSON.parse(Buffer.from(String((await token.json()).access_token).split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ owner: ORG, name: 'alice' });
  });

  it('continues a CAS sign-in (renew included: the identity provider signed the person in just now)', async () => {
    const browser = new CookieBrowser(server().url);
    const query = { service: REDIRECT_URI, renew: 'true' };
    const got = await throughUpstream(browser, { type: 'cas', query, body: { application: APP, organization: ORG } }, 'alice');
    const answer = await finish(browser, got, { type: 'cas' });
    expect(answer.status, answer.msg).toBe('ok');
    expect(answer.data2).toBe(`${REDIRECT_URI}?ticket=${answer.data}`);
    const validated = await new ApiClient(server().url).raw('GET', `/cas/${ORG}/${APP}/serviceValidate`, {
      query: { service: REDIRECT_URI, ticket: String(answer.data), renew: 'true' },
    });
    expect(await validated.text()).toContain('<cas:user>alice</cas:user>');
  });

  it('links the account with the same verified e-mail when the application allows it, never an unverified one', async () => {
    const added = await team.admin.post('/api/add-user', { owner: ORG, name: 'carol-main', email: 'carol@corp.example' });
    expect(added.status, added.msg).toBe('ok');
    const browser = new CookieBrowser(server().url);
    expect(await finish(browser, await throughUpstream(browser, consoleSignin, 'carol'))).toMatchObject({
      status: 'ok',
      data: `${ORG}/carol-main`,
    });
    expect((await browser.get('/api/get-user-identities')).data).toEqual([expect.objectContaining({ username: 'carol' })]);

    // erin's address is boss's, but the provider does not vouch for it: a new account, without the address.
    const erin = new CookieBrowser(server().url);
    expect(await finish(erin, await throughUpstream(erin, consoleSignin, 'erin'))).toMatchObject({
      status: 'ok',
      data: `${ORG}/erin`,
    });
    expect((await erin.get('/api/get-account')).data).toMatchObject({ name: 'erin', email: '' });
  });

  describe('linking and unlinking', () => {
    const link = { method: 'link', from: '/account' };

    it('links an identity to the signed-in user, once, and refuses it to anybody else', async () => {
      expect(await new CookieBrowser(server().url).post('/api/provider-auth-url', { provider: PROVIDER, ...link })).toMatchObject(
        { status: 'error', msg: 'Please login first' },
      );

      const worker = new CookieBrowser(server().url);
      expect((await worker.login('worker', 'worker-pass', ORG)).status).toBe('ok');
      const application = await worker.get('/api/get-user-application');
      expect(application.data).toMatchObject({
        name: APP,
        providers: [expect.objectContaining({ name: PROVIDER, canUnlink: true })],
      });
      const got = await throughUpstream(worker, link, 'bob');
      expect(await finish(worker, got, { method: 'link' })).toMatchObject({ status: 'ok', data: true, data2: '/account' });
      expect((await worker.get('/api/get-user-identities')).data).toEqual([
        expect.objectContaining({ providerName: PROVIDER, username: 'bob', displayName: 'Bob Upstream' }),
      ]);
      // bob now signs in as worker.
      const bob = new CookieBrowser(server().url);
      expect(await finish(bob, await throughUpstream(bob, consoleSignin, 'bob'))).toMatchObject({ data: `${ORG}/worker` });

      const boss = new CookieBrowser(server().url);
      await boss.login('boss', 'boss-pass', ORG);
      expect(await finish(boss, await throughUpstream(boss, link, 'bob'), { method: 'link' })).toMatchObject({
        status: 'error',
        msg: 'The account for provider: Custom and username: bob (Bob Upstream) is already linked to another account: worker ()',
      });
      // An administrator sees the user's linked accounts; another member does not.
      expect((await team.orgAdmin.get('/api/get-user-identities', { id: `${ORG}/worker` })).data).toHaveLength(1);
      expect(await team.member.get('/api/get-user-identities', { id: `${ORG}/boss` })).toMatchObject({ status: 'error' });
    });

    it("unlinks only where the user's application allows it; a global administrator always may", async () => {
      const unlink = (client: ApiClient, user?: string) =>
        client.post('/api/unlink', {
          providerType: 'Custom',
          providerName: PROVIDER,
          ...(user ? { user: { owner: ORG, name: user } } : {}),
        });
      expect(await unlink(team.member, 'boss')).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });

      await updateApp(APP, { providers: [row({ canUnlink: false, signupGroup: `${ORG}/social` })] });
      expect(await unlink(team.member)).toMatchObject({ status: 'error', msg: "This provider can't be unlinked" });
      expect(await unlink(team.orgAdmin, 'worker')).toMatchObject({ status: 'error', msg: "This provider can't be unlinked" });

      await updateApp(APP, { providers: [row({ signupGroup: `${ORG}/social` })] });
      expect(await unlink(team.member)).toMatchObject({ status: 'ok' });
      expect(await unlink(team.member)).toMatchObject({ status: 'error', msg: 'Please link first' });
      expect((await team.member.get('/api/get-user-identities')).data).toEqual([]);

      // alice's identity, with the row forbidding it: only the global administrator removes it.
      await updateApp(APP, { providers: [row({ canUnlink: false })] });
      expect(await unlink(team.orgAdmin, 'alice')).toMatchObject({ status: 'error' });
      expect(await team.admin.post('/api/unlink', { providerType: 'Custom', user: `${ORG}/alice` })).toMatchObject({
        status: 'ok',
      });
      await updateApp(APP, { providers: [row({ signupGroup: `${ORG}/social` })] });
    });

    it('lets identities follow a renamed user and go with a deleted one', async () => {
      const browser = new CookieBrowser(server().url);
      expect(await finish(browser, await throughUpstream(browser, consoleSignin, 'dave'))).toMatchObject({ data: `${ORG}/dave` });
      const dave = (await team.admin.get('/api/get-user', { id: `${ORG}/dave` })).data;
      expect((await team.admin.post('/api/update-user', { ...dave, name: 'david' }, { id: `${ORG}/dave` })).status).toBe('ok');
      const again = new CookieBrowser(server().url);
      expect(await finish(again, await throughUpstream(again, consoleSignin, 'dave'))).toMatchObject({ data: `${ORG}/david` });
      expect((await team.admin.post('/api/delete-user', { owner: ORG, name: 'david' })).status).toBe('ok');
      const third = new CookieBrowser(server().url);
      expect(await finish(third, await throughUpstream(third, consoleSignin, 'dave'))).toMatchObject({ data: `${ORG}/dave` });
    });
  });
});
