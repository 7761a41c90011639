import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { CookieBrowser } from '../test-support/browser.js';
import { ApiClient } from '../test-support/client.js';
import { enrolApp, expectOk, totpCode } from '../test-support/mfa.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * The sign-in of a user with multi-factor authentication (POST /api/login, Casdoor's answers): the
 * first step answers NextMfa with the methods, the second step carries the app's code or a
 * recovery code; wrong codes count as wrong passwords (refused in words about the code); an app's
 * code signs in once (used again: refused as used, not counted); a recovery code signs in once and is
 * replaced; an organization's Required method answers RequiredMfa; a password that must change
 * answers RequiredUpdatePassword. Each step is checked for what it must not give (a session, a
 * credential).
 */

const APP = 'acme-app';

function refused(envelope: { status: string; msg: string; code?: string }, code: string, msg?: string) {
  expect(envelope.status, JSON.stringify(envelope)).toBe('error');
  expect(envelope.code).toBe(code);
  if (msg !== undefined) expect(envelope.msg).toBe(msg);
}

describeEachDatabase('MFA sign-in', (server) => {
  let team: Team;
  const secrets: Record<string, { secret: string; recoveryCode: string }> = {};

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'acme');
    expectOk(
      await team.admin.post('/api/add-application', {
        owner: 'admin',
        name: APP,
        organization: 'acme',
        cert: 'cert-built-in',
        enablePassword: true,
        failedSigninLimit: 3,
        failedSigninFrozenTime: 15,
      }),
    );
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'gina']) {
      expectOk(
        await team.admin.post('/api/add-user', { owner: 'acme', name, password: `${name}-pass`, email: `${name}@acme.test` }),
      );
      if (name === 'gina') continue;
      const client = new ApiClient(server().url);
      expectOk(await client.login(name, `${name}-pass`, 'acme'));
      secrets[name] = await enrolApp(client, 'acme', name);
    }
  });

  const browser = () => new CookieBrowser(server().url);
  const firstStep = (b: CookieBrowser, name: string, password = `${name}-pass`) => b.login(name, password, 'acme', APP);
  const secondStep = (b: CookieBrowser, body: Record<string, unknown>) =>
    b.post('/api/login', { type: 'login', application: APP, organization: 'acme', username: '', password: '', ...body });

  describe('the first step', () => {
    it('answers NextMfa with the enabled methods and opens no session', async () => {
      const b = browser();
      const first = await firstStep(b, 'alice');
      expectOk(first);
      expect(first.data).toBe('NextMfa');
      expect(first.data2).toEqual([{ enabled: true, isPreferred: true, mfaType: 'app', mfaRememberInHours: 0 }]);
      expect(b.cookies.has('gatehouse_session')).toBe(false);
      expect(b.cookies.has('gatehouse_mfa')).toBe(true);
      refused(await b.get('/api/get-account'), 'pleaseLogin');
    });

    it('a wrong password is refused as before, without asking for a second factor', async () => {
      refused(await firstStep(browser(), 'alice', 'wrong'), 'wrongPasswordChances');
      // Forget that failure: a right password does not (MFA follows), the complete sign-in does.
      const b = browser();
      await firstStep(b, 'alice');
      expectOk(await secondStep(b, { mfaType: 'app', passcode: totpCode(secrets.alice?.secret ?? '') }));
    });
  });

  describe('the second step', () => {
    it("signs in with the app's code and continues the first step's sign-in", async () => {
      const b = browser();
      await firstStep(b, 'bob');
      // Casdoor's console posts the sign-in form again, without username and password.
      const second = await secondStep(b, { mfaType: 'app', passcode: totpCode(secrets.bob?.secret ?? '') });
      expectOk(second);
      expect(second.data).toBe('acme/bob');
      expect(second.recoveryCodes).toBeUndefined();
      expect(b.cookies.has('gatehouse_mfa')).toBe(false);
      const account = await b.get('/api/get-account');
      expectOk(account);
      expect(account.name).toBe('bob');
    });

    it('a code is accepted once; the wait ends with the sign-in', async () => {
      const secret = secrets.carol?.secret ?? '';
      const code = totpCode(secret);
      const b = browser();
      await firstStep(b, 'carol');
      expectOk(await secondStep(b, { mfaType: 'app', passcode: code }));
      // The same browser again: its wait is over.
      refused(
        await secondStep(b, { mfaType: 'app', passcode: code }),
        'mfaSigninExpired',
        'The multi-factor sign-in has expired or was already completed, please sign in again',
      );
      // Another sign-in replaying the code seen: refused as used, in words that say to wait for the next code.
      const other = browser();
      await firstStep(other, 'carol');
      refused(
        await secondStep(other, { mfaType: 'app', passcode: code }),
        'mfaCodeUsed',
        'This code was already used to sign in. Wait for your authenticator app to show the next code and enter that one.',
      );
      const inChinese = new CookieBrowser(server().url, 'zh-CN');
      await firstStep(inChinese, 'carol');
      refused(
        await secondStep(inChinese, { mfaType: 'app', passcode: code }),
        'mfaCodeUsed',
        '此验证码已用于登录。请等待身份验证器应用显示下一个验证码，再输入新的验证码。',
      );
      // The next period's code is a new one (window of one period either side).
      expectOk(await secondStep(other, { mfaType: 'app', passcode: totpCode(secret, 1) }));
    });

    it('refuses a method the user has not enabled, a missing code and a browser with no sign-in waiting', async () => {
      const b = browser();
      await firstStep(b, 'carol');
      refused(
        await secondStep(b, { mfaType: 'email', passcode: '123456' }),
        'mfaTypeInvalid',
        'Invalid multi-factor authentication type',
      );
      refused(await secondStep(b, { mfaType: 'push', passcode: '123456' }), 'mfaTypeInvalid');
      refused(await secondStep(browser(), { mfaType: 'app', passcode: '123456' }), 'mfaSigninExpired');
      // No passcode and no recovery code: not a second step (and no session stands in).
      refused(await secondStep(b, { mfaType: 'app' }), 'missingParameter');
    });

    it('counts wrong codes as wrong passwords: entering the password again buys no more tries', async () => {
      const b = browser();
      refused(
        await firstStep(b, 'dave', 'wrong'),
        'wrongPasswordChances',
        'password or code is incorrect, you have 2 remaining chances',
      );
      await firstStep(b, 'dave');
      // The refusal of the second step names the code, not the password.
      refused(
        await secondStep(b, { mfaType: 'app', passcode: '000000' }),
        'mfaCodeWrong',
        'The code is wrong, you have 1 remaining chances',
      );
      expectOk(await firstStep(b, 'dave'));
      refused(await secondStep(b, { mfaType: 'app', passcode: '000000' }), 'signinFrozen');
      // Frozen: neither a password nor a right code gets in.
      refused(await firstStep(browser(), 'dave'), 'signinFrozen');
      refused(await secondStep(b, { mfaType: 'app', passcode: totpCode(secrets.dave?.secret ?? '') }), 'signinFrozen');
    });
  });

  describe('recovery codes', () => {
    it('sign in once each; the answer carries the new code, which signs in next time', async () => {
      const first = secrets.erin?.recoveryCode ?? '';
      const b = browser();
      await firstStep(b, 'erin');
      refused(
        await secondStep(b, { recoveryCode: 'not-a-code' }),
        'mfaRecoveryCodeWrong',
        'The recovery code is wrong, you have 2 remaining chances',
      );
      const recovered = await secondStep(b, { recoveryCode: first });
      expectOk(recovered);
      expect(recovered.data).toBe('acme/erin');
      expect(recovered.recoveryCodes).toHaveLength(1);
      const replacement = String(recovered.recoveryCodes?.[0]);
      expect(replacement).not.toBe(first);
      expect(replacement).toMatch(/^[0-9a-f-]{36}$/);

      const again = browser();
      await firstStep(again, 'erin');
      refused(await secondStep(again, { recoveryCode: first }), 'mfaRecoveryCodeWrong');
      expectOk(await secondStep(again, { recoveryCode: replacement }));
      // Stored as hashes only, never answered.
      const stored = await team.admin.get('/api/get-user', { id: 'acme/erin' });
      expect(JSON.stringify(stored)).not.toContain(replacement);
    });
  });

  describe("the organization's rules", () => {
    it('a Required method the user has not enabled answers RequiredMfa with a session to enable it', async () => {
      expectOk(
        await team.admin.post(
          '/api/update-organization',
          { mfaItems: [{ name: 'app', rule: 'Required' }] },
          { id: 'admin/acme', columns: 'mfaItems' },
        ),
      );
      const b = browser();
      const first = await firstStep(b, 'gina');
      expectOk(first);
      expect(first.data).toBe('RequiredMfa');
      expect(b.cookies.has('gatehouse_session')).toBe(true);
      // With the session: set the app up, then sign in with both factors.
      const enrolled = await enrolApp(b, 'acme', 'gina');
      const next = browser();
      expect((await firstStep(next, 'gina')).data).toBe('NextMfa');
      expect((await secondStep(next, { mfaType: 'app', passcode: totpCode(enrolled.secret) })).data).toBe('acme/gina');
      expectOk(await team.admin.post('/api/update-organization', { mfaItems: [] }, { id: 'admin/acme', columns: 'mfaItems' }));
    });

    it('a password that must change answers RequiredUpdatePassword (data3 true) after the second factor', async () => {
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { needUpdatePassword: true },
          { id: 'acme/bob', columns: 'needUpdatePassword' },
        ),
      );
      const b = browser();
      expect((await firstStep(b, 'bob')).data).toBe('NextMfa');
      const second = await secondStep(b, { mfaType: 'app', passcode: totpCode(secrets.bob?.secret ?? '', 1) });
      expectOk(second);
      expect(second.data).toBe('RequiredUpdatePassword');
      expect(second.data3).toBe(true);
      // The console sign-in keeps its session (the console then goes to the forgotten-password page).
      expectOk(await b.get('/api/get-account'));
      // A user without MFA gets the same answer at once.
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { email: 'worker@acme.test', needUpdatePassword: true },
          { id: 'acme/worker', columns: 'email,needUpdatePassword' },
        ),
      );
      const worker = await browser().login('worker', 'worker-pass', 'acme', APP);
      expect(worker).toMatchObject({ status: 'ok', data: 'RequiredUpdatePassword', data3: true });
    });
  });
});
