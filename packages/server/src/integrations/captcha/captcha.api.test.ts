import {
  ADMIN_OWNER,
  type Application,
  type ApplicationProvider,
  application as applicationDef,
  BUILT_IN_CAPTCHA_PROVIDER,
  providerRow,
} from '@gatehouse/entities';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { checkApplicationCaptcha } from '../../auth/captcha.js';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { ApiClient } from '../../test-support/client.js';
import { type HttpPeer, startHttpPeer } from '../../test-support/messaging-peers.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { RECAPTCHA_V3_MIN_SCORE } from './remote.js';
import { answerHash } from './store.js';

const ANSWER = 'AC3XY';
const GOOD_TOKEN = 'good-token';
/** The secret key of each remote provider, by the path of its verifier on the loopback peer. */
const REMOTE = [
  { name: 'recaptcha2', type: 'reCAPTCHA v2', path: '/recaptcha2', secret: 'recaptcha2-secret' },
  { name: 'recaptcha3', type: 'reCAPTCHA v3', path: '/recaptcha3', secret: 'recaptcha3-secret' },
  { name: 'hcaptcha', type: 'hCaptcha', path: '/hcaptcha', secret: 'hcaptcha-secret' },
  { name: 'turnstile', type: 'Cloudflare Turnstile', path: '/turnstile', secret: 'turnstile-secret' },
] as const;

describeEachDatabase('captcha (get-captcha, verify-captcha, get-captcha-status, sign-in rules)', (server) => {
  let team: Team;
  let peer: HttpPeer;

  /** A challenge of the application's (or provider's) image captcha whose answer is ANSWER. */
  async function knownChallenge(applicationId: string, isCurrentProvider = false, client = team.admin): Promise<string> {
    const got = await client.get('/api/get-captcha', { applicationId, isCurrentProvider: isCurrentProvider || undefined });
    expect(got.status, got.msg).toBe('ok');
    const id = String(got.data.captchaId);
    // The real answer is only in the picture: the test replaces the stored hash with one of its own.
    await server()
      .ctx.database.db.updateTable('captcha')
      .set({ answerHash: answerHash(id, ANSWER) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  async function addApplication(name: string, providers: ApplicationProvider[]) {
    const added = await team.admin.post('/api/add-application', {
      owner: 'admin',
      name,
      organization: 'acme',
      cert: 'cert-built-in',
      enablePassword: true,
      providers,
    });
    expect(added.status, added.msg).toBe('ok');
  }

  async function addUser(name: string) {
    const added = await team.admin.post('/api/add-user', { owner: 'acme', name, password: `${name}-pass` });
    expect(added.status, added.msg).toBe('ok');
  }

  function signIn(application: string, username: string, password: string, extra: Record<string, unknown> = {}, lang = 'en') {
    return new ApiClient(server().url, lang).post('/api/login', {
      type: 'login',
      application,
      organization: 'acme',
      username,
      password,
      ...extra,
    });
  }

  function status(application: string, userId: string) {
    return new ApiClient(server().url).get('/api/get-captcha-status', { organization: 'acme', userId, application });
  }

  beforeAll(async () => {
    team = await organizationTeam(server().url);
    peer = await startHttpPeer();
    for (const remote of REMOTE) {
      const added = await team.admin.post('/api/add-provider', {
        owner: 'acme',
        name: remote.name,
        category: 'Captcha',
        type: remote.type,
        clientId: `${remote.name}-site-key`,
        clientSecret: remote.secret,
        endpoint: `${peer.url}${remote.path}`,
      });
      expect(added.status, added.msg).toBe('ok');
    }
    const email = await team.admin.post('/api/add-provider', {
      owner: 'acme',
      name: 'not_captcha',
      category: 'Email',
      type: 'Default',
    });
    expect(email.status, email.msg).toBe('ok');
    await addApplication('captcha-none', [providerRow(BUILT_IN_CAPTCHA_PROVIDER, 'None')]);
    await addApplication('captcha-always', [providerRow('not_captcha', 'all'), providerRow(BUILT_IN_CAPTCHA_PROVIDER, 'Always')]);
    await addApplication('captcha-dynamic', [providerRow(BUILT_IN_CAPTCHA_PROVIDER, 'Dynamic')]);
    await addApplication('captcha-turnstile', [providerRow('turnstile', 'Always')]);
    await addApplication('captcha-plain', []);
    for (const name of ['nora', 'alwin', 'dyna', 'tina']) await addUser(name);
  });
  afterAll(async () => {
    await peer?.close();
  });
  beforeEach(() => {
    peer.requests.length = 0;
    // The vendors' answer: success for GOOD_TOKEN under the provider's secret key.
    peer.answer = (request) => {
      const remote = REMOTE.find((r) => r.path === request.path);
      const success = !!remote && request.fields.secret === remote.secret && request.fields.response !== 'bad-token';
      if (remote?.type === 'reCAPTCHA v3') {
        const score = request.fields.response === 'low-score' ? RECAPTCHA_V3_MIN_SCORE - 0.2 : 0.9;
        return { json: { success, score, action: 'login' } };
      }
      return { json: success ? { success } : { success, 'error-codes': ['invalid-input-response'] } };
    };
  });

  it("answers the application's image captcha in Casdoor's shape: a one-time id and a PNG in base64", async () => {
    const anonymous = new ApiClient(server().url);
    const got = await anonymous.get('/api/get-captcha', { applicationId: 'admin/app-built-in', isCurrentProvider: 'false' });
    expect(got.status, got.msg).toBe('ok');
    expect(got.data).toMatchObject({ type: 'Default', captchaId: expect.any(String), subType: '', clientSecret: '' });
    const png = Buffer.from(String(got.data.captchaImage), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const again = await anonymous.get('/api/get-captcha', { applicationId: 'admin/app-built-in' });
    expect(again.data.captchaId).not.toBe(got.data.captchaId);
  });

  it('answers type none without a captcha provider, and refuses unknown applications', async () => {
    const anonymous = new ApiClient(server().url);
    expect((await anonymous.get('/api/get-captcha', { applicationId: 'admin/captcha-plain' })).data).toEqual({ type: 'none' });
    const missing = await anonymous.get('/api/get-captcha', { applicationId: 'admin/no-such-app' });
    expect(missing).toMatchObject({ status: 'error', code: 'applicationMissing' });
    const bad = await anonymous.get('/api/get-captcha', { applicationId: 'app-built-in' });
    expect(bad).toMatchObject({ status: 'error', code: 'badId' });
  });

  it('gives a remote captcha its site key and masks the secret keys', async () => {
    const got = await new ApiClient(server().url).get('/api/get-captcha', { applicationId: 'admin/captcha-turnstile' });
    expect(got.data).toMatchObject({
      type: 'Cloudflare Turnstile',
      appKey: 'turnstile-site-key',
      clientId: 'turnstile-site-key',
      clientSecret: '***',
      captchaId: '',
      captchaImage: null,
    });
    expect(JSON.stringify(got)).not.toContain('turnstile-secret');
  });

  it("previews a provider's own captcha (isCurrentProvider) for administrators who may read it", async () => {
    const id = `${ADMIN_OWNER}/${BUILT_IN_CAPTCHA_PROVIDER}`;
    const anonymous = await new ApiClient(server().url).get('/api/get-captcha', { applicationId: id, isCurrentProvider: 'true' });
    expect(anonymous).toMatchObject({ status: 'error', code: 'unauthorized' });
    const member = await team.member.get('/api/get-captcha', { applicationId: id, isCurrentProvider: 'true' });
    expect(member).toMatchObject({ status: 'error', code: 'unauthorized' });
    const boss = await team.orgAdmin.get('/api/get-captcha', { applicationId: id, isCurrentProvider: 'true' });
    expect(boss.data).toMatchObject({ type: 'Default', captchaId: expect.any(String) });
    const hcaptcha = await team.orgAdmin.get('/api/get-captcha', { applicationId: 'acme/hcaptcha', isCurrentProvider: 'true' });
    expect(hcaptcha.data).toMatchObject({ type: 'hCaptcha', clientId: 'hcaptcha-site-key', clientSecret: '***' });
    const email = await team.admin.get('/api/get-captcha', { applicationId: 'acme/not_captcha', isCurrentProvider: 'true' });
    expect(email).toMatchObject({ status: 'error', code: 'providerWrongCategory' });
  });

  it('verifies an image captcha once (form fields), case-blind, and refuses a wrong answer', async () => {
    const anonymous = new ApiClient(server().url);
    const verify = (fields: Record<string, string>) =>
      anonymous.raw('POST', '/api/verify-captcha', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const id = await knownChallenge(`${ADMIN_OWNER}/${BUILT_IN_CAPTCHA_PROVIDER}`, true);
    const fields = {
      captchaType: 'Default',
      captchaToken: ANSWER.toLowerCase(),
      clientSecret: id,
      applicationId: 'admin/app-built-in',
    };
    expect(await (await verify(fields)).json()).toMatchObject({ status: 'ok', data: true });
    expect(await (await verify(fields)).json()).toMatchObject({ status: 'ok', data: false });
    const other = await knownChallenge('admin/app-built-in');
    expect(await (await verify({ ...fields, clientSecret: other, captchaToken: 'XXXXX' })).json()).toMatchObject({ data: false });
    expect(await (await verify({ ...fields, captchaToken: '' })).json()).toMatchObject({
      status: 'error',
      msg: 'Missing parameter: captchaToken',
    });
    const noProvider = await (await verify({ ...fields, applicationId: 'admin/captcha-plain' })).json();
    expect(noProvider).toMatchObject({ status: 'error', msg: 'Invalid captcha provider.' });
  });

  for (const remote of REMOTE) {
    it(`verifies ${remote.type} tokens against its siteverify endpoint (secret, response, remoteip)`, async () => {
      const anonymous = new ApiClient(server().url);
      const body = {
        captchaType: remote.type,
        captchaToken: GOOD_TOKEN,
        clientSecret: '***',
        applicationId: `acme/${remote.name}`,
      };
      expect(await anonymous.post('/api/verify-captcha', body)).toMatchObject({ status: 'ok', data: true });
      const request = peer.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: remote.path });
      expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(request?.fields).toMatchObject({ secret: remote.secret, response: GOOD_TOKEN, remoteip: '127.0.0.1' });
      if (remote.type === 'hCaptcha') expect(request?.fields.sitekey).toBe('hcaptcha-site-key');
      expect(await anonymous.post('/api/verify-captcha', { ...body, captchaToken: 'bad-token' })).toMatchObject({ data: false });
      if (remote.type === 'reCAPTCHA v3') {
        expect(await anonymous.post('/api/verify-captcha', { ...body, captchaToken: 'low-score' })).toMatchObject({
          data: false,
        });
      }
      // Another type's answer never counts.
      expect(await anonymous.post('/api/verify-captcha', { ...body, captchaType: 'Default' })).toMatchObject({ data: false });
    });
  }

  it('reports a verifier that does not answer JSON', async () => {
    peer.answer = () => ({ status: 500, text: 'oops' });
    const answer = await new ApiClient(server().url).post('/api/verify-captcha', {
      captchaType: 'hCaptcha',
      captchaToken: GOOD_TOKEN,
      applicationId: 'acme/hcaptcha',
    });
    expect(answer).toMatchObject({ status: 'error', code: 'captchaServiceFailed' });
    expect(answer.msg).toContain('HTTP 500');
  });

  it('rule None: signs in without a captcha', async () => {
    expect(await signIn('captcha-none', 'nora', 'nora-pass')).toMatchObject({ status: 'ok', data: 'acme/nora' });
    expect((await status('captcha-none', 'nora')).data).toBe(false);
  });

  it('rule Always: asks for a captcha, refuses a wrong one, accepts the right one', async () => {
    expect((await status('captcha-always', '')).data).toBe(true);
    const missing = await signIn('captcha-always', 'alwin', 'alwin-pass');
    expect(missing).toMatchObject({
      status: 'error',
      code: 'captchaRequired',
      msg: 'Please complete the captcha first (missing parameter: captchaToken)',
    });
    const zh = await signIn('captcha-always', 'alwin', 'alwin-pass', {}, 'zh');
    expect(zh.msg).toBe('请先完成人机验证（缺少参数：captchaToken）');
    const wrongId = await knownChallenge('admin/captcha-always');
    const wrong = await signIn('captcha-always', 'alwin', 'alwin-pass', {
      captchaType: 'Default',
      captchaToken: 'XXXXX',
      clientSecret: wrongId,
    });
    expect(wrong).toMatchObject({ status: 'error', code: 'captchaFailed', msg: 'Turing test failed.' });
    // The wrong answer spent the challenge: the right answer to it no longer counts.
    const spent = await signIn('captcha-always', 'alwin', 'alwin-pass', { captchaToken: ANSWER, clientSecret: wrongId }, 'zh');
    expect(spent).toMatchObject({ code: 'captchaFailed', msg: '人机验证失败' });
    const id = await knownChallenge('admin/captcha-always');
    const right = await signIn('captcha-always', 'alwin', 'alwin-pass', {
      captchaType: 'Default',
      captchaToken: ANSWER,
      clientSecret: id,
    });
    expect(right).toMatchObject({ status: 'ok', data: 'acme/alwin' });
    // A captcha does not stand in for the password.
    const id2 = await knownChallenge('admin/captcha-always');
    const badPassword = await signIn('captcha-always', 'alwin', 'nope', { captchaToken: ANSWER, clientSecret: id2 });
    expect(badPassword).toMatchObject({ status: 'error', code: 'wrongPasswordChances' });
  });

  it('rule Always with a remote captcha: the token is checked with the provider', async () => {
    const missing = await signIn('captcha-turnstile', 'tina', 'tina-pass');
    expect(missing).toMatchObject({ code: 'captchaRequired' });
    const bad = await signIn('captcha-turnstile', 'tina', 'tina-pass', {
      captchaType: 'Cloudflare Turnstile',
      captchaToken: 'bad-token',
    });
    expect(bad).toMatchObject({ code: 'captchaFailed', msg: 'Turing test failed.' });
    const good = await signIn('captcha-turnstile', 'tina', 'tina-pass', {
      captchaType: 'Cloudflare Turnstile',
      captchaToken: GOOD_TOKEN,
      clientSecret: '***',
    });
    expect(good).toMatchObject({ status: 'ok', data: 'acme/tina' });
    expect(peer.requests.at(-1)?.fields).toMatchObject({ secret: 'turnstile-secret', response: GOOD_TOKEN });
  });

  it('rule Dynamic: no captcha until a wrong password, then one until the next successful sign-in', async () => {
    expect((await status('captcha-dynamic', 'dyna')).data).toBe(false);
    expect(await signIn('captcha-dynamic', 'dyna', 'dyna-pass')).toMatchObject({ status: 'ok' });
    expect(await signIn('captcha-dynamic', 'dyna', 'wrong')).toMatchObject({ code: 'wrongPasswordChances' });
    expect((await status('captcha-dynamic', 'dyna')).data).toBe(true);
    expect((await status('captcha-dynamic', 'nora')).data).toBe(false);
    const missing = await signIn('captcha-dynamic', 'dyna', 'dyna-pass');
    expect(missing).toMatchObject({ status: 'error', code: 'captchaRequired' });
    const wrongId = await knownChallenge('admin/captcha-dynamic');
    expect(await signIn('captcha-dynamic', 'dyna', 'dyna-pass', { captchaToken: 'XXXXX', clientSecret: wrongId })).toMatchObject({
      msg: 'Turing test failed.',
    });
    const id = await knownChallenge('admin/captcha-dynamic');
    const right = await signIn('captcha-dynamic', 'dyna', 'dyna-pass', {
      captchaType: 'Default',
      captchaToken: ANSWER,
      clientSecret: id,
    });
    expect(right).toMatchObject({ status: 'ok', data: 'acme/dyna' });
    expect((await status('captcha-dynamic', 'dyna')).data).toBe(false);
    // A login naming no account is told so and counts against nobody.
    expect(await signIn('captcha-dynamic', 'ghost', 'x')).toMatchObject({ code: 'userNotInOrganization' });
    expect((await status('captcha-dynamic', 'ghost')).data).toBe(false);
  });

  it('get-captcha-status needs an existing application', async () => {
    const anonymous = new ApiClient(server().url);
    expect(await anonymous.get('/api/get-captcha-status', { organization: 'acme', userId: 'x' })).toMatchObject({
      status: 'error',
      code: 'missingParameter',
    });
    expect(await status('no-such-app', 'x')).toMatchObject({ status: 'error', code: 'applicationMissing' });
  });

  it('checkApplicationCaptcha asks for a captcha whenever the rule is not None (verification codes)', async () => {
    const ctx = server().ctx;
    const app = async (name: string) => (await ctx.repo(applicationDef).get(ADMIN_OWNER, name)) as Application;
    await expect(checkApplicationCaptcha(ctx, await app('captcha-none'), {})).resolves.toBeUndefined();
    await expect(checkApplicationCaptcha(ctx, await app('captcha-plain'), {})).resolves.toBeUndefined();
    // Dynamic counts as required here, whatever the failures.
    await expect(checkApplicationCaptcha(ctx, await app('captcha-dynamic'), {})).rejects.toMatchObject({
      key: 'captchaRequired',
    });
    const id = await knownChallenge('admin/captcha-dynamic');
    await expect(
      checkApplicationCaptcha(ctx, await app('captcha-dynamic'), {
        captchaType: 'Default',
        captchaToken: 'XXXXX',
        clientSecret: id,
      }),
    ).rejects.toMatchObject({ key: 'captchaFailed' });
    const id2 = await knownChallenge('admin/captcha-dynamic');
    await expect(
      checkApplicationCaptcha(ctx, await app('captcha-dynamic'), { captchaToken: ANSWER, clientSecret: id2 }),
    ).resolves.toBeUndefined();
    await expect(
      checkApplicationCaptcha(ctx, await app('captcha-turnstile'), { captchaToken: GOOD_TOKEN, remoteIp: '192.0.2.1' }),
    ).resolves.toBeUndefined();
    expect(peer.requests.at(-1)?.fields.remoteip).toBe('192.0.2.1');
  });
});
