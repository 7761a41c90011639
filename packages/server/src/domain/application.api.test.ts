import { application, defaultSigninMethods, defaultSignupItems, nowRfc3339, randomId } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('application rules', (server) => {
  let admin: ApiClient;
  let adminZh: ApiClient;
  let counter = 0;

  /** Adds an application of built-in with the given fields; answers the add's envelope and its id. */
  const add = async (fields: object = {}) => {
    const name = `app_${++counter}`;
    const defaults = application.newRecord({
      organization: 'built-in',
      viewer: { owner: 'built-in', name: 'admin', level: 'globalAdmin' },
      random: randomId,
      now: nowRfc3339,
    });
    const envelope = await admin.post('/api/add-application', { ...defaults, name, ...fields });
    return { envelope, name, id: `admin/${name}` };
  };
  const get = async (id: string) => (await admin.get('/api/get-application', { id })).data;
  const update = async (id: string, fields: object, client = admin) =>
    client.post('/api/update-application', { ...(await get(id)), ...fields }, { id });

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    adminZh = new ApiClient(server().url, 'zh-CN');
    await adminZh.login('admin', ADMIN_PASSWORD);
  });

  describe('sign-in session and auto sign-in', () => {
    const message = 'Please enable "Signin session" first before enabling "Auto signin"';

    it('refuses auto sign-in without the sign-in session, on add and on update', async () => {
      expect((await add({ enableAutoSignin: true })).envelope).toMatchObject({ status: 'error', msg: message });
      const { id } = await add({ enableSigninSession: true, enableAutoSignin: true });
      expect(await update(id, { enableSigninSession: false })).toMatchObject({ status: 'error', msg: message });
      expect(await update(id, { enableSigninSession: false }, adminZh)).toMatchObject({
        status: 'error',
        msg: '请先启用"保持登录会话"，再启用"自动登录"',
      });
      expect((await update(id, { enableSigninSession: false, enableAutoSignin: false })).status).toBe('ok');
      expect(await get(id)).toMatchObject({ enableSigninSession: false, enableAutoSignin: false });
    });
  });

  describe('sign-in methods', () => {
    it('needs at least one', async () => {
      expect((await add({ signinMethods: [] })).envelope).toMatchObject({
        status: 'error',
        msg: 'An application needs at least one sign-in method',
      });
    });

    it('refuses a method listed twice', async () => {
      const methods = [...defaultSigninMethods(), { name: 'Password', displayName: 'Again', rule: 'All' }];
      expect((await add({ signinMethods: methods })).envelope).toMatchObject({
        status: 'error',
        msg: 'The sign-in method "Password" is listed more than once',
      });
    });

    it('refuses a method that does not exist', async () => {
      const { envelope } = await add({ signinMethods: [{ name: 'Carrier pigeon', displayName: '', rule: '' }] });
      expect(envelope).toMatchObject({ status: 'error', code: 'invalidField' });
      expect(envelope.msg).toMatch(/^Invalid value of signinMethods: /);
    });

    it('refuses a rule of another method', async () => {
      const { envelope } = await add({ signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'Email only' }] });
      expect(envelope).toMatchObject({
        status: 'error',
        msg: 'The rule "Email only" is not valid for the sign-in method "Password"; choose one of: All, Non-LDAP, Hide password',
      });
    });

    it('accepts the rules of each method', async () => {
      const methods = [
        { name: 'Verification code', displayName: 'Code', rule: 'Phone only' },
        { name: 'Password', displayName: 'Password', rule: 'Non-LDAP' },
        { name: 'LDAP', displayName: 'LDAP', rule: 'None' },
      ];
      const { envelope, id } = await add({ signinMethods: methods });
      expect(envelope.status).toBe('ok');
      expect((await get(id)).signinMethods).toEqual(methods);
    });
  });

  describe('sign-up items', () => {
    it('keeps the Password item required', async () => {
      const items = defaultSignupItems().map((item) => (item.name === 'Password' ? { ...item, required: false } : item));
      expect((await add({ signupItems: items })).envelope).toMatchObject({
        status: 'error',
        msg: 'The Password sign-up item cannot be optional',
      });
      // Without a Password item at all, nothing is optional.
      const withoutPassword = defaultSignupItems().filter((item) => !item.name.includes('assword'));
      expect((await add({ signupItems: withoutPassword })).envelope.status).toBe('ok');
    });

    it('keeps the Signup button item', async () => {
      const { id } = await add();
      const items = defaultSignupItems().filter((item) => item.name !== 'Signup button');
      expect(await update(id, { signupItems: items })).toMatchObject({
        status: 'error',
        msg: 'The sign-up items must include the "Signup button" item',
      });
    });

    it('allows only the rules of each item', async () => {
      const withRule = (name: string, rule: string) =>
        defaultSignupItems().map((item) => (item.name === name ? { ...item, rule } : item));
      expect((await add({ signupItems: withRule('ID', 'Normal') })).envelope).toMatchObject({
        status: 'error',
        msg: 'The rule "Normal" is not valid for the sign-up item "ID"; choose one of: Random, Incremental',
      });
      expect((await add({ signupItems: withRule('Username', 'Random') })).envelope).toMatchObject({
        status: 'error',
        msg: 'The rule "Random" is not valid for the sign-up item "Username"; choose one of: None',
      });
      const { envelope, id } = await add({ signupItems: withRule('Agreement', 'Signin (Default True)') });
      expect(envelope.status).toBe('ok');
      expect((await get(id)).signupItems.find((item: { name: string }) => item.name === 'Agreement').rule).toBe(
        'Signin (Default True)',
      );
    });

    it('refuses an item type outside Input, Single Choice and Multiple Choices', async () => {
      const items = defaultSignupItems().map((item) => (item.name === 'Username' ? { ...item, type: 'Slider' } : item));
      expect((await add({ signupItems: items })).envelope).toMatchObject({ status: 'error', code: 'invalidField' });
    });
  });

  describe('redirect URLs', () => {
    it.each([
      'callback',
      '/callback',
      'http://',
      'https://example.com/cb#fragment',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://exa mple.com/cb',
      'http://localhost:.*',
    ])('refuses %s', async (uri) => {
      const { envelope } = await add({ redirectUris: ['https://ok.example.com/cb', uri] });
      expect(envelope).toMatchObject({
        status: 'error',
        msg: `The redirect URL "${uri}" is not valid: use an absolute http(s) URL or a custom-scheme URI, without a fragment`,
      });
    });

    it('accepts absolute http(s) URLs and custom-scheme URIs', async () => {
      const uris = [
        'http://localhost:9000/callback',
        'https://app.example.com/auth/callback?x=1',
        'com.example.app:/oauth2redirect',
        'myapp://callback',
      ];
      const { envelope, id } = await add({ redirectUris: uris });
      expect(envelope.status).toBe('ok');
      expect((await get(id)).redirectUris).toEqual(uris);
    });
  });

  describe('token settings', () => {
    it('takes token fields only with the JWT-Custom format', async () => {
      expect((await add({ tokenFormat: 'JWT', tokenFields: ['email'] })).envelope).toMatchObject({
        status: 'error',
        msg: 'You are not allowed to change tokenFields',
      });
      const { id } = await add({ tokenFormat: 'JWT' });
      expect(await update(id, { tokenFields: ['email'] })).toMatchObject({ status: 'error', code: 'fieldLocked' });
      // Choosing JWT-Custom in the same save unlocks them.
      expect((await update(id, { tokenFormat: 'JWT-Custom', tokenFields: ['email', 'phone'] })).status).toBe('ok');
      expect(await get(id)).toMatchObject({ tokenFormat: 'JWT-Custom', tokenFields: ['email', 'phone'] });
    });

    it('keeps expiry and sign-in limits at 1 or more', async () => {
      for (const field of ['expireInHours', 'refreshExpireInHours', 'failedSigninLimit', 'failedSigninFrozenTime']) {
        expect((await add({ [field]: 0 })).envelope, field).toMatchObject({ status: 'error', code: 'invalidField' });
      }
    });

    it('saves empty grant types as authorization_code, on add and on update', async () => {
      const { id } = await add({ grantTypes: [] });
      expect((await get(id)).grantTypes).toEqual(['authorization_code']);
      expect((await update(id, { grantTypes: ['password', 'refresh_token'] })).status).toBe('ok');
      expect((await get(id)).grantTypes).toEqual(['password', 'refresh_token']);
      expect((await update(id, { grantTypes: [] })).status).toBe('ok');
      expect((await get(id)).grantTypes).toEqual(['authorization_code']);
    });
  });

  describe('signing cert', () => {
    it('refuses a cert that does not exist, on add and on update, changing nothing', async () => {
      expect((await add({ cert: 'no-such-cert' })).envelope).toMatchObject({
        status: 'error',
        code: 'applicationCertMissing',
        msg: 'The cert "no-such-cert" does not exist: choose a cert of the organization or a shared one',
      });
      const { id } = await add();
      expect(await update(id, { cert: 'no-such-cert' })).toMatchObject({ status: 'error', code: 'applicationCertMissing' });
      expect((await get(id)).cert).toBe('cert-built-in');
    });

    it('refuses a cert whose key cannot sign with the token signing method', async () => {
      await admin.post('/api/add-cert', { owner: 'admin', name: 'ec-cert', cryptoAlgorithm: 'ES256', expireInYears: 1 });
      expect((await add({ cert: 'ec-cert', tokenSigningMethod: 'RS256' })).envelope).toMatchObject({
        status: 'error',
        code: 'applicationCertWrongKey',
        msg: 'The key of the cert "ec-cert" cannot sign with RS256: choose another cert or token signing method',
      });
      expect((await add({ cert: 'ec-cert', tokenSigningMethod: 'ES256' })).envelope.status).toBe('ok');
    });

    it('refuses a cert without a private key', async () => {
      await admin.post('/api/add-cert', { owner: 'admin', name: 'public-only', cryptoAlgorithm: 'RS256', expireInYears: 1 });
      // A certificate imported without its key (the API always generates one; older data may lack it).
      await server().ctx.database.db.updateTable('cert').set({ privateKey: '' }).where('name', '=', 'public-only').execute();
      expect((await add({ cert: 'public-only' })).envelope).toMatchObject({
        status: 'error',
        code: 'applicationCertNoPrivateKey',
        msg: 'The cert "public-only" has no usable private key, so it cannot sign tokens',
      });
    });

    it('answers the token endpoint with unauthorized_client, not 500, when the cert went away after saving', async () => {
      await admin.post('/api/add-cert', { owner: 'admin', name: 'short-lived', cryptoAlgorithm: 'RS256', expireInYears: 1 });
      const { name, id } = await add({ cert: 'short-lived', grantTypes: ['client_credentials'] });
      const app = await get(id);
      expect((await admin.post('/api/delete-cert', { owner: 'admin', name: 'short-lived' })).status).toBe('ok');
      const response = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'unauthorized_client',
        error_description: `The application "${name}" cannot issue tokens: the cert "short-lived" does not exist`,
      });
    });
  });

  describe('organization and credentials', () => {
    it('refuses an organization that does not exist', async () => {
      expect((await add({ organization: 'ghost' })).envelope).toMatchObject({
        status: 'error',
        msg: 'The organization "ghost" does not exist',
      });
    });

    it('completes an application added with only its name into one that can be saved again', async () => {
      const id = 'admin/bare';
      const added = await admin.post('/api/add-application', { owner: 'admin', name: 'bare', organization: 'built-in' });
      expect(added.status).toBe('ok');
      expect(await get(id)).toMatchObject({
        expireInHours: 168,
        refreshExpireInHours: 168,
        failedSigninLimit: 5,
        failedSigninFrozenTime: 15,
        formOffset: 2,
        grantTypes: ['authorization_code'],
      });
      expect((await update(id, { displayName: 'Bare' })).status).toBe('ok');
    });

    it('generates the client credentials and masks the secret for readers who may not edit', async () => {
      const { id } = await add();
      const app = await get(id);
      expect(app.clientId).toMatch(/^[0-9a-f]{20}$/);
      expect(app.clientSecret).toMatch(/^[0-9a-f]{40}$/);
      expect((await new ApiClient(server().url).get('/api/get-application', { id })).data.clientSecret).toBe('***');
    });
  });
});
