import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../auth/session.js';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { CookieBrowser } from '../../test-support/browser.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { signedWeb3Token } from '../../test-support/web3.js';
import { WEB3_MAX_AGE_SECONDS } from './verify.js';

const ORG = 'web3org';
const APP = 'app-wallet';
const WALLET = 'wallet';

/**
 * Sign-in with a wallet over HTTP, as the console does it: POST /api/provider-auth-url answers the
 * console's /callback address with a state and (data2) the nonce to sign; the wallet (here a viem
 * private-key account) signs the EIP-712 request; /callback posts the token as the code.
 */
describeEachDatabase('sign-in with a Web3 wallet', (server) => {
  let team: Team;
  const callback = () => `${server().url}/callback`;
  const consoleSignin = { type: 'login', body: { application: APP, organization: ORG } };

  /** Starts a sign-in (or a link) in `browser`: the state and the nonce to sign. */
  async function start(browser: CookieBrowser, fields: Record<string, unknown> = consoleSignin) {
    const started = await browser.post('/api/provider-auth-url', { provider: WALLET, method: 'signup', ...fields });
    expect(started.status, started.msg).toBe('ok');
    const url = new URL(String(started.data));
    expect(`${url.origin}${url.pathname}`).toBe(callback());
    const state = url.searchParams.get('state') ?? '';
    expect(typeof started.data2).toBe('string');
    return { state, nonce: String(started.data2) };
  }

  /** What the /callback page posts: the token, as JSON text, is the code (Casdoor's body). */
  const finish = (browser: CookieBrowser, state: string, token: object, fields: Record<string, unknown> = {}) =>
    browser.post('/api/login', {
      type: 'login',
      application: APP,
      provider: WALLET,
      code: JSON.stringify(token),
      state,
      redirectUri: callback(),
      method: 'signup',
      ...fields,
    });

  const usersNamed = async (name: string) =>
    (await team.admin.get('/api/get-users', { owner: ORG, field: 'name', value: name })).data as { name: string }[];

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    for (const [name, type] of [
      [WALLET, 'MetaMask'],
      ['onboard', 'Web3Onboard'],
    ]) {
      const added = await team.admin.post('/api/add-provider', {
        owner: ORG,
        name,
        displayName: name === WALLET ? 'MetaMask' : 'Web3-Onboard',
        category: 'Web3',
        type,
        enableSignUp: true,
      });
      expect(added.status, added.msg).toBe('ok');
    }
    const row = (name: string, fields: Record<string, unknown> = {}) => ({
      name,
      canSignUp: true,
      canSignIn: true,
      canUnlink: true,
      signupGroup: '',
      ...fields,
    });
    const apps: [string, Record<string, unknown>][] = [
      [APP, { enableSignUp: true, providers: [row(WALLET, { signupGroup: `${ORG}/wallets` }), row('onboard')] }],
      ['app-wallet-signin-only', { enableSignUp: true, providers: [row(WALLET, { canSignUp: false })] }],
    ];
    for (const [name, fields] of apps) {
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

  it('signs a new wallet up (the lower-case address, a short display name), then signs it in again', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const address = wallet.address.toLowerCase();
    const browser = new CookieBrowser(server().url);
    const app = await browser.get('/api/get-app-login', { id: `admin/${APP}` });
    expect(app.data.providers[0]).toMatchObject({
      name: WALLET,
      canSignIn: true,
      provider: { owner: ORG, name: WALLET, displayName: 'MetaMask', category: 'Web3', type: 'MetaMask' },
    });

    const { state, nonce } = await start(browser);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = await signedWeb3Token(wallet, { nonce, claim: wallet.address });
    expect(await finish(browser, state, token)).toMatchObject({ status: 'ok', data: `${ORG}/${address}` });
    const account = await browser.get('/api/get-account');
    expect(account.data).toMatchObject({
      owner: ORG,
      name: address,
      displayName: `${address.slice(0, 6)}…${address.slice(-4)}`,
      email: '',
      signupApplication: APP,
      groups: [`${ORG}/wallets`],
    });
    expect((await browser.get('/api/get-user-identities')).data).toEqual([
      expect.objectContaining({ providerName: WALLET, providerType: 'MetaMask', subject: address, username: address }),
    ]);

    // Again, in another browser and on another chain: the same account.
    const again = new CookieBrowser(server().url);
    const second = await start(again);
    expect(second.nonce).not.toBe(nonce);
    const token2 = await signedWeb3Token(wallet, { nonce: second.nonce, chainId: '0x38' });
    expect(await finish(again, second.state, token2)).toMatchObject({ status: 'ok', data: `${ORG}/${address}` });
    expect((await usersNamed(address)).map((u) => u.name)).toEqual([address]);
  });

  it('refuses a token signed by another wallet than the address it names, and creates nothing', async () => {
    const [victim, thief] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    const browser = new CookieBrowser(server().url);
    const { state, nonce } = await start(browser);
    const forged = await signedWeb3Token(thief, { nonce, claim: victim.address.toLowerCase() });
    expect(await finish(browser, state, forged)).toMatchObject({
      status: 'error',
      code: 'web3WrongSigner',
      msg: `The request was signed by ${thief.address.toLowerCase()}, not by the address ${victim.address.toLowerCase()}`,
    });
    expect((await browser.get('/api/get-account')).status).toBe('error');
    expect(await usersNamed(victim.address.toLowerCase())).toEqual([]);
    expect(await usersNamed(thief.address.toLowerCase())).toEqual([]);
  });

  it('spends a nonce once: the same signed token, or another one with its nonce, is refused afterwards', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const browser = new CookieBrowser(server().url);
    const { state, nonce } = await start(browser);
    const token = await signedWeb3Token(wallet, { nonce });
    expect(await finish(browser, state, token)).toMatchObject({ status: 'ok' });

    // The same browser (its state cookie) without the session the first sign-in opened.
    const replay = new CookieBrowser(server().url);
    for (const [name, value] of browser.cookies) if (name !== SESSION_COOKIE) replay.cookies.set(name, value);
    const used = 'The nonce of this signed request has already been used or has expired: please sign in again';
    expect(await finish(replay, state, token)).toMatchObject({ status: 'error', code: 'web3NonceUsed', msg: used });
    const resigned = await signedWeb3Token(wallet, { nonce });
    expect(await finish(replay, state, resigned)).toMatchObject({ status: 'error', code: 'web3NonceUsed' });
    expect((await replay.get('/api/get-account')).status).toBe('error');

    // A nonce of another sign-in (issued to this browser, unspent) does not fit this state.
    const other = await start(replay);
    const third = await start(replay);
    const crossed = await signedWeb3Token(wallet, { nonce: other.nonce });
    expect(await finish(replay, third.state, crossed)).toMatchObject({
      status: 'error',
      msg: 'The signed request does not carry the nonce of this sign-in: please sign in again',
    });
  });

  it('of concurrent sign-ins with one signed token, signs exactly one in', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const browser = new CookieBrowser(server().url);
    const { state, nonce } = await start(browser);
    const token = await signedWeb3Token(wallet, { nonce });
    // Tabs of the same browser (its state cookie), posting at once.
    const tabs = [1, 2, 3, 4].map(() => {
      const tab = new CookieBrowser(server().url);
      for (const [name, value] of browser.cookies) tab.cookies.set(name, value);
      return tab;
    });
    const answers = await Promise.all(tabs.map((tab) => finish(tab, state, token)));
    expect(answers.filter((answer) => answer.status === 'ok')).toEqual([
      expect.objectContaining({ data: `${ORG}/${wallet.address.toLowerCase()}` }),
    ]);
    expect(answers.filter((answer) => answer.status !== 'ok').map((answer) => answer.code)).toEqual(
      Array(3).fill('web3NonceUsed'),
    );
    expect((await usersNamed(wallet.address.toLowerCase())).length).toBe(1);
  });

  it('refuses a request signed too long ago, changing nothing: a fresh signature with the same nonce still signs in', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const address = wallet.address.toLowerCase();
    const browser = new CookieBrowser(server().url, 'zh');
    const { state, nonce } = await start(browser);
    const createAt = new Date(Date.now() - (WEB3_MAX_AGE_SECONDS + 60) * 1000);
    const stale = await signedWeb3Token(wallet, { nonce, createAt });
    expect(await finish(browser, state, stale)).toMatchObject({
      status: 'error',
      code: 'web3Stale',
      msg: `该请求签名于 ${createAt.toISOString()}，不在最近 10 分钟内：请重新登录`,
    });
    expect(await usersNamed(address)).toEqual([]);
    expect(await finish(browser, state, await signedWeb3Token(wallet, { nonce }))).toMatchObject({
      status: 'ok',
      data: `${ORG}/${address}`,
    });
  });

  it('refuses what is not a signed token, and sign-ups the application row does not allow', async () => {
    const browser = new CookieBrowser(server().url);
    const { state } = await start(browser);
    expect(
      await browser.post('/api/login', {
        type: 'login',
        application: APP,
        provider: WALLET,
        code: 'a-code-from-somewhere',
        state,
        method: 'signup',
      }),
    ).toMatchObject({ status: 'error', msg: 'The Web3 sign-in token is invalid: the token is not JSON' });

    // Web3-Onboard is not implemented: refused before any nonce is issued.
    expect(
      await browser.post('/api/provider-auth-url', { provider: 'onboard', method: 'signup', ...consoleSignin }),
    ).toMatchObject({
      status: 'error',
      code: 'providerTypeUnsupported',
    });

    const wallet = privateKeyToAccount(generatePrivateKey());
    const signinOnly = { type: 'login', body: { application: 'app-wallet-signin-only', organization: ORG } };
    const started = await start(browser, signinOnly);
    const answer = await finish(browser, started.state, await signedWeb3Token(wallet, { nonce: started.nonce }), {
      application: 'app-wallet-signin-only',
    });
    const short = `${wallet.address.toLowerCase().slice(0, 6)}…${wallet.address.slice(-4).toLowerCase()}`;
    expect(answer).toMatchObject({
      status: 'error',
      msg: `The account for provider: MetaMask and username: ${wallet.address.toLowerCase()} (${short}) does not exist and is not allowed to sign up as new account via MetaMask, please use another way to sign up`,
    });
    expect(await usersNamed(wallet.address.toLowerCase())).toEqual([]);
  });

  it('links a wallet to the signed-in user, who then signs in with it, and unlinks it', async () => {
    const wallet: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());
    const address = wallet.address.toLowerCase();
    const worker = new CookieBrowser(server().url);
    expect((await worker.login('worker', 'worker-pass', ORG)).status).toBe('ok');
    const link = { method: 'link', from: '/account' };
    const { state, nonce } = await start(worker, link);
    const linked = await finish(worker, state, await signedWeb3Token(wallet, { nonce }), { method: 'link' });
    expect(linked).toMatchObject({ status: 'ok', data: true, data2: '/account' });
    expect((await worker.get('/api/get-user-identities')).data).toEqual([
      expect.objectContaining({ providerName: WALLET, providerType: 'MetaMask', subject: address }),
    ]);

    const browser = new CookieBrowser(server().url);
    const signin = await start(browser);
    expect(await finish(browser, signin.state, await signedWeb3Token(wallet, { nonce: signin.nonce }))).toMatchObject({
      status: 'ok',
      data: `${ORG}/worker`,
    });

    expect(
      await worker.post('/api/unlink', { providerType: 'MetaMask', providerName: WALLET, user: `${ORG}/worker` }),
    ).toMatchObject({ status: 'ok' });
    expect((await worker.get('/api/get-user-identities')).data).toEqual([]);
  });
});
