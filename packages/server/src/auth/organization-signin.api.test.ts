import { user as userDef } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { obfuscatePassword } from '../crypto/password-obfuscator.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication } from '../test-support/oidc.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { setPasswordWithCode, verifyCode } from '../test-support/verification.js';

const ORG = 'signin-org';
const APP = 'signin-org-app';
const AES_KEY = 'abcdef123456789abcdef123456789ab';
const DES_KEY = '123456789abcdef1';

/** What the organization's settings do at sign-in: the password obfuscator, password expiry, the master codes. */
describeEachDatabase('organization settings at sign-in', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    await createOAuthApplication(team.admin, APP, { organization: ORG });
  });

  const stored = async () => (await team.admin.get('/api/get-organization', { id: `admin/${ORG}` })).data;
  const configure = async (changes: Record<string, unknown>) => {
    const answer = await team.admin.post('/api/update-organization', { ...(await stored()), ...changes }, { id: `admin/${ORG}` });
    expect(answer.status).toBe('ok');
  };
  /** Signs in through the organization's application, as its sign-in page does. */
  const signIn = (password: string, username = 'worker', client = new ApiClient(server().url)) =>
    client.post('/api/login', { type: 'login', application: APP, organization: ORG, username, password, autoSignin: true });

  describe('password obfuscator', () => {
    it('reverses AES and DES passwords encrypted with the key, and refuses anything else with a clear message', async () => {
      for (const [type, key] of [
        ['AES', AES_KEY],
        ['DES', DES_KEY],
      ] as const) {
        await configure({ passwordObfuscatorType: type, passwordObfuscatorKey: key });
        expect(await signIn(obfuscatePassword(type, key, 'worker-pass'))).toMatchObject({ status: 'ok', data: `${ORG}/worker` });
        const refusal = {
          status: 'error',
          code: 'passwordCipherInvalid',
          msg: `The password is not encrypted with the ${type} password obfuscator of the organization "${ORG}": sign in through its sign-in page, which encrypts it`,
        };
        // Sent as typed, or encrypted under another key.
        expect(await signIn('worker-pass')).toMatchObject(refusal);
        const otherKey = type === 'AES' ? '9'.repeat(32) : '9'.repeat(16);
        const wrong = await signIn(obfuscatePassword(type, otherKey, 'worker-pass'));
        expect(wrong.status).toBe('error');
        expect(['passwordCipherInvalid', 'wrongPasswordChances']).toContain(wrong.code);
        // The right password under the key, but a wrong one: the usual refusal.
        expect(await signIn(obfuscatePassword(type, key, 'not-the-pass'))).toMatchObject({ code: 'wrongPasswordChances' });
      }
      await configure({ passwordObfuscatorType: 'Plain' });
      expect((await signIn('worker-pass')).status).toBe('ok');
    });

    it('takes encrypted passwords at set-password too, and plain ones from API callers', async () => {
      await configure({ passwordObfuscatorType: 'AES', passwordObfuscatorKey: AES_KEY });
      const worker = new ApiClient(server().url);
      expect((await signIn(obfuscatePassword('AES', AES_KEY, 'worker-pass'), 'worker', worker)).status).toBe('ok');
      const change = (oldPassword: string, newPassword: string) =>
        worker.post('/api/set-password', { userOwner: ORG, userName: 'worker', oldPassword, newPassword });
      expect(
        await change(obfuscatePassword('AES', AES_KEY, 'worker-pass'), obfuscatePassword('AES', AES_KEY, 'worker-pass-2')),
      ).toMatchObject({
        status: 'ok',
      });
      expect((await signIn(obfuscatePassword('AES', AES_KEY, 'worker-pass-2'))).status).toBe('ok');
      expect((await change('worker-pass-2', 'worker-pass')).status).toBe('ok');
      expect((await signIn(obfuscatePassword('AES', AES_KEY, 'worker-pass'))).status).toBe('ok');
      await configure({ passwordObfuscatorType: 'Plain' });
    });
  });

  describe('password expiry', () => {
    it('refuses a password older than passwordExpireDays after checking it, and counts from the last change', async () => {
      const users = server().ctx.repo(userDef);
      const longAgo = '2000-01-01T00:00:00Z';
      await users.update(ORG, 'worker', { lastChangePasswordTime: longAgo });
      // 0: passwords never expire.
      expect((await signIn('worker-pass')).status).toBe('ok');
      await configure({ passwordExpireDays: 30 });
      expect(await signIn('worker-pass')).toMatchObject({
        status: 'error',
        code: 'passwordExpired',
        msg: 'Your password has expired. Please reset your password by clicking "Forgot password"',
      });
      // A wrong password is refused as such, expired or not.
      expect(await signIn('nope')).toMatchObject({ code: 'wrongPasswordChances' });
      // Without a change recorded, the account's creation counts.
      await users.update(ORG, 'worker', { lastChangePasswordTime: '', createdTime: longAgo });
      expect(await signIn('worker-pass')).toMatchObject({ code: 'passwordExpired' });
      // A new password starts a new period.
      expect(
        (
          await team.admin.post('/api/set-password', {
            userOwner: ORG,
            userName: 'worker',
            oldPassword: '',
            newPassword: 'worker-pass',
          })
        ).status,
      ).toBe('ok');
      expect((await signIn('worker-pass')).status).toBe('ok');
      await configure({ passwordExpireDays: 0 });
    });
  });

  describe('master verification code', () => {
    it("stands in for the code sent to a member's address when a forgotten password is reset", async () => {
      const worker = (await team.admin.get('/api/get-user', { id: `${ORG}/worker` })).data;
      await team.admin.post('/api/update-user', { ...worker, email: 'worker@signin.test' }, { id: `${ORG}/worker` });
      const browser = new ApiClient(server().url);
      const verify = (code: string) =>
        verifyCode(browser, { organization: ORG, username: 'worker@signin.test', name: 'worker', code });
      // No code was ever sent, and there is no master code yet.
      expect((await verify('424242')).envelope).toMatchObject({
        status: 'error',
        msg: 'The verification code has not been sent yet!',
      });
      await configure({ masterVerificationCode: '424242' });
      expect((await verify('111111')).envelope.status).toBe('error');
      const verified = await verify('424242');
      expect(verified.envelope).toMatchObject({ status: 'ok' });
      const form = { userOwner: ORG, userName: 'worker', newPassword: 'reset-by-master', code: '424242' };
      expect(await setPasswordWithCode(browser, form, verified.cookie)).toMatchObject({ status: 'ok' });
      expect((await signIn('reset-by-master')).status).toBe('ok');
      // Once per verification, like any code.
      expect((await setPasswordWithCode(browser, { ...form, newPassword: 'again-pass' }, verified.cookie)).status).toBe('error');
      await team.admin.post('/api/set-password', {
        userOwner: ORG,
        userName: 'worker',
        oldPassword: '',
        newPassword: 'worker-pass',
      });
      await configure({ masterVerificationCode: '' });
      expect((await verify('424242')).envelope.status).toBe('error');
    });

    it('is a secret of those who may edit the organization', async () => {
      await configure({ masterVerificationCode: '135790', defaultPassword: 'default-pass' });
      // The member signs in again (the password changes above ended their sessions).
      const member = new ApiClient(server().url);
      expect((await signIn('worker-pass', 'worker', member)).status).toBe('ok');
      expect((await member.get('/api/get-organization', { id: `admin/${ORG}` })).data).toMatchObject({
        masterVerificationCode: '***',
        defaultPassword: '***',
      });
      expect((await team.orgAdmin.get('/api/get-organization', { id: `admin/${ORG}` })).data).toMatchObject({
        masterVerificationCode: '135790',
        defaultPassword: 'default-pass',
      });
      await configure({ masterVerificationCode: '', defaultPassword: '' });
    });
  });
});
