import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { enrolApp, expectOk, totpCode } from '../test-support/mfa.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * Setting up multi-factor authentication over the API (Casdoor's paths and forms): the authenticator
 * app by its user, an administrator enabling e-mail or phone for another user, who may do what, the
 * user's methods as get-user and get-account show them (never a secret), deleting and preferring,
 * and the organization's MFA items rule.
 */

function refused(envelope: { status: string; msg: string; code?: string }, code: string, msg?: string) {
  expect(envelope.status, JSON.stringify(envelope)).toBe('error');
  expect(envelope.code).toBe(code);
  if (msg !== undefined) expect(envelope.msg).toBe(msg);
}

describeEachDatabase('MFA setup', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'acme');
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      expectOk(await team.admin.post('/api/add-user', { owner: 'acme', name, password: `${name}-pass`, email: '', phone: '' }));
    }
  });

  async function userClient(name: string) {
    const client = new ApiClient(server().url);
    expectOk(await client.login(name, `${name}-pass`, 'acme'), `sign-in of ${name}`);
    return client;
  }

  const stored = async (name: string) => (await team.admin.get('/api/get-user', { id: `acme/${name}` })).data;

  describe('the authenticator app', () => {
    it('initiates with a secret, its otpauth URL and a recovery code, verifies a code and enables it', async () => {
      const alice = await userClient('alice');
      const form = new FormData();
      for (const [key, value] of Object.entries({ owner: 'acme', name: 'alice', mfaType: 'app' })) form.append(key, value);
      // Casdoor's console and SDKs post multipart forms.
      const initiated = await alice.postForm('/api/mfa/setup/initiate', form);
      expectOk(initiated);
      const { secret, url, recoveryCodes } = initiated.data;
      expect(initiated.data).toMatchObject({ enabled: false, isPreferred: false, mfaType: 'app', mfaRememberInHours: 0 });
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(url).toMatch(/^otpauth:\/\/totp\/acme:acme%2Falice\?/);
      expect(new URL(url).searchParams.get('secret')).toBe(secret);
      expect(new URL(url).searchParams.get('issuer')).toBe('acme');
      expect(recoveryCodes).toHaveLength(1);

      refused(
        await alice.post('/api/mfa/setup/verify', { owner: 'acme', name: 'alice', mfaType: 'app', secret, passcode: '000000' }),
        'mfaPasscodeWrong',
      );
      refused(
        await alice.post('/api/mfa/setup/enable', { owner: 'acme', name: 'alice', mfaType: 'app', secret }),
        'mfaSetupNotVerified',
        'Please verify the code of the multi-factor authentication setup first',
      );
      refused(await alice.post('/api/mfa/setup/verify', { mfaType: 'app', secret, passcode: '' }), 'verificationCodeEmpty');
      refused(
        await alice.post('/api/mfa/setup/verify', { mfaType: 'app', passcode: totpCode(secret) }),
        'mfaTotpSecretMissing',
        'totp secret is missing',
      );
      // Only the secret the server issued can be enabled.
      refused(
        await alice.post('/api/mfa/setup/verify', {
          mfaType: 'app',
          secret: 'JBSWY3DPEHPK3PXP',
          passcode: totpCode('JBSWY3DPEHPK3PXP'),
        }),
        'mfaSetupMissing',
      );
      // owner and name default to the caller.
      const verified = await alice.post('/api/mfa/setup/verify', { mfaType: 'app', secret, passcode: totpCode(secret) });
      expectOk(verified);
      expect(verified.data).toBe('OK');
      refused(
        await alice.post('/api/mfa/setup/enable', { owner: 'acme', name: 'alice', mfaType: 'app', secret: 'JBSWY3DPEHPK3PXP' }),
        'mfaSetupMissing',
      );
      const enabled = await alice.post('/api/mfa/setup/enable', {
        owner: 'acme',
        name: 'alice',
        mfaType: 'app',
        secret,
        recoveryCodes: recoveryCodes[0],
      });
      expectOk(enabled);
      expect(enabled.data).toBe('OK');

      const user = await stored('alice');
      expect(user.preferredMfaType).toBe('app');
      expect(user.multiFactorAuths).toEqual([
        { enabled: false, isPreferred: false, mfaType: 'sms', mfaRememberInHours: 0 },
        { enabled: false, isPreferred: false, mfaType: 'email', mfaRememberInHours: 0 },
        { enabled: true, isPreferred: true, mfaType: 'app', mfaRememberInHours: 0 },
      ]);
      // No secret of the method reaches any client.
      for (const answer of [await alice.get('/api/get-account'), await alice.get('/api/get-user', { id: 'acme/alice' })]) {
        expectOk(answer);
        expect(JSON.stringify(answer)).not.toContain(secret);
        expect(answer.data).not.toHaveProperty('totpSecret');
        expect(answer.data).not.toHaveProperty('recoveryCodes');
        expect(answer.data).not.toHaveProperty('mfaSetup');
        expect(answer.data.multiFactorAuths[2]).toEqual({
          enabled: true,
          isPreferred: true,
          mfaType: 'app',
          mfaRememberInHours: 0,
        });
      }
      // A finished setup cannot be enabled twice.
      refused(await alice.post('/api/mfa/setup/enable', { mfaType: 'app', secret }), 'mfaSetupMissing');
    });

    it('is set up by the user only: another member and even an administrator are refused', async () => {
      const bob = await userClient('bob');
      refused(await bob.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'carol', mfaType: 'app' }), 'unauthorized');
      refused(
        await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'carol', mfaType: 'app' }),
        'mfaSetupSelfOnly',
        'Only the user themself can set up this multi-factor authentication type',
      );
      refused(await bob.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'bob', mfaType: 'radius' }), 'mfaTypeInvalid');
      refused(
        await new ApiClient(server().url).post('/api/mfa/setup/initiate', { owner: 'acme', name: 'bob', mfaType: 'app' }),
        'pleaseLogin',
      );
      refused(await bob.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'nobody', mfaType: 'app' }), 'unauthorized');
      refused(
        await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'nobody', mfaType: 'email' }),
        'userNotExist',
        "The user: acme/nobody doesn't exist",
      );
    });
  });

  describe('an administrator enabling e-mail or phone for another user', () => {
    it('needs the address: "Please input your Email!" / "Please input your phone number!"', async () => {
      refused(
        await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'dave', mfaType: 'email' }),
        'mfaEmailRequired',
        'Please input your Email!',
      );
      refused(
        await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'dave', mfaType: 'sms' }),
        'mfaPhoneRequired',
        'Please input your phone number!',
      );
      refused(
        await team.orgAdmin.post('/api/mfa/setup/enable', { owner: 'acme', name: 'dave', mfaType: 'sms' }),
        'mfaPhoneRequired',
        'Please input your phone number!',
      );
      expect((await stored('dave')).mfaEmailEnabled).toBe(false);
    });

    it('first initiates (no recovery code for the administrator to read), then enables', async () => {
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { email: 'Dave@Acme.test', phone: '2025550123', countryCode: 'US' },
          { id: 'acme/dave', columns: 'email,phone,countryCode' },
        ),
      );
      refused(
        await team.orgAdmin.post('/api/mfa/setup/enable', { owner: 'acme', name: 'dave', mfaType: 'email' }),
        'mfaSetupMissing',
      );
      const initiated = await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'dave', mfaType: 'email' });
      expectOk(initiated);
      expect(initiated.data).toEqual({ enabled: false, isPreferred: false, mfaType: 'email', mfaRememberInHours: 0 });
      // The administrator confirms; no code is asked of them (verify is the user's proof).
      refused(
        await team.orgAdmin.post('/api/mfa/setup/verify', { owner: 'acme', name: 'dave', mfaType: 'email', passcode: '123456' }),
        'mfaSetupSelfOnly',
      );
      expectOk(await team.orgAdmin.post('/api/mfa/setup/enable', { owner: 'acme', name: 'dave', mfaType: 'email' }));

      expectOk(await team.orgAdmin.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'dave', mfaType: 'sms' }));
      expectOk(await team.orgAdmin.post('/api/mfa/setup/enable', { owner: 'acme', name: 'dave', mfaType: 'sms' }));
      const dave = await stored('dave');
      expect(dave.mfaEmailEnabled).toBe(true);
      expect(dave.mfaPhoneEnabled).toBe(true);
      expect(dave.emailVerified).toBe(true);
      expect(dave.preferredMfaType).toBe('email');
      // Addresses are masked as Casdoor masks them.
      expect(dave.multiFactorAuths).toEqual([
        { enabled: true, isPreferred: false, mfaType: 'sms', secret: '202****0123', countryCode: 'US', mfaRememberInHours: 0 },
        { enabled: true, isPreferred: true, mfaType: 'email', secret: 'D**e@A**e.test', mfaRememberInHours: 0 },
        { enabled: false, isPreferred: false, mfaType: 'app', mfaRememberInHours: 0 },
      ]);
    });

    it('chooses the preferred method among the enabled ones, and Disable removes every method', async () => {
      const preferred = await team.orgAdmin.post('/api/set-preferred-mfa', { owner: 'acme', name: 'dave', mfaType: 'sms' });
      expectOk(preferred);
      expect(preferred.data.map((m: { isPreferred: boolean }) => m.isPreferred)).toEqual([true, false, false]);
      refused(
        await team.orgAdmin.post('/api/set-preferred-mfa', { owner: 'acme', name: 'dave', mfaType: 'app' }),
        'mfaTypeNotEnabled',
        'The multi-factor authentication type "app" is not enabled for this user',
      );
      // Another member may not touch dave's methods.
      const bob = await userClient('bob');
      refused(await bob.post('/api/delete-mfa', { owner: 'acme', name: 'dave' }), 'unauthorized');
      refused(await bob.post('/api/set-preferred-mfa', { owner: 'acme', name: 'dave', mfaType: 'email' }), 'unauthorized');

      const deleted = await team.orgAdmin.post('/api/delete-mfa', { owner: 'acme', name: 'dave' });
      expectOk(deleted);
      expect(deleted.data.every((m: { enabled: boolean }) => !m.enabled)).toBe(true);
      const dave = await stored('dave');
      expect(dave).toMatchObject({ preferredMfaType: '', mfaEmailEnabled: false, mfaPhoneEnabled: false });
    });

    it('a user removes their own methods too', async () => {
      const erin = await userClient('erin');
      await enrolApp(erin, 'acme', 'erin');
      expect((await stored('erin')).preferredMfaType).toBe('app');
      expectOk(await erin.post('/api/delete-mfa', { owner: 'acme', name: 'erin' }));
      expect((await stored('erin')).multiFactorAuths[2].enabled).toBe(false);
    });
  });

  describe('the need-update-password flag', () => {
    it('cannot be set on a user without e-mail, phone or MFA; clearing it is always possible', async () => {
      refused(
        await team.admin.post(
          '/api/update-user',
          { needUpdatePassword: true },
          { id: 'acme/frank', columns: 'needUpdatePassword' },
        ),
        'fieldLocked',
      );
      expect((await stored('frank')).needUpdatePassword).toBe(false);
      // With an address in the same save it is accepted.
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { email: 'frank@acme.test', needUpdatePassword: true },
          { id: 'acme/frank', columns: 'email,needUpdatePassword' },
        ),
      );
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { email: '', needUpdatePassword: false },
          { id: 'acme/frank', columns: 'email,needUpdatePassword' },
        ),
      );
      // A user with MFA but no address.
      const frank = await userClient('frank');
      await enrolApp(frank, 'acme', 'frank');
      expectOk(
        await team.admin.post(
          '/api/update-user',
          { needUpdatePassword: true },
          { id: 'acme/frank', columns: 'needUpdatePassword' },
        ),
      );
      // Ordinary users never set it.
      refused(
        await frank.post('/api/update-user', { needUpdatePassword: false }, { id: 'acme/frank', columns: 'needUpdatePassword' }),
        'fieldLocked',
      );
    });
  });
});

describeEachDatabase('Organization MFA items', (server) => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = (await organizationTeam(server().url, 'items')).admin;
  });

  const save = (mfaItems: unknown) =>
    admin.post('/api/update-organization', { mfaItems }, { id: 'admin/items', columns: 'mfaItems' });

  it('keeps each method once with its rule, and at most one Required', async () => {
    const items = [
      { name: 'app', rule: 'Required' },
      { name: 'email', rule: 'Prompted' },
      { name: 'sms', rule: 'Optional' },
    ];
    expectOk(await save(items));
    expect((await admin.get('/api/get-organization', { id: 'admin/items' })).data.mfaItems).toEqual(items);

    refused(
      await save([
        { name: 'app', rule: 'Required' },
        { name: 'sms', rule: 'Required' },
      ]),
      'mfaItemsOneRequired',
      'Only 1 MFA methods can be required',
    );
    refused(
      await save([
        { name: 'app', rule: 'Optional' },
        { name: 'app', rule: 'Prompted' },
      ]),
      'mfaItemsDuplicate',
      'The MFA method "app" is listed more than once',
    );
    // The console's "Prompt" is Casdoor's stored "Prompted".
    expectOk(await save([{ name: 'sms', rule: 'Prompt' }]));
    expect((await admin.get('/api/get-organization', { id: 'admin/items' })).data.mfaItems).toEqual([
      { name: 'sms', rule: 'Prompted' },
    ]);
    expectOk(await save(items));
    refused(await save([{ name: 'push', rule: 'Optional' }]), 'invalidField');
    refused(await save([{ name: 'app', rule: 'Sometimes' }]), 'invalidField');
    // Nothing of a refused save was kept.
    expect((await admin.get('/api/get-organization', { id: 'admin/items' })).data.mfaItems).toEqual(items);
  });

  it('answers the rule in Chinese too', async () => {
    const zh = new ApiClient(server().url, 'zh-CN');
    const { ADMIN_PASSWORD } = await import('../test-support/server.js');
    expectOk(await zh.login('admin', ADMIN_PASSWORD));
    const answer = await zh.post(
      '/api/update-organization',
      {
        mfaItems: [
          { name: 'app', rule: 'Required' },
          { name: 'email', rule: 'Required' },
        ],
      },
      { id: 'admin/items', columns: 'mfaItems' },
    );
    refused(answer, 'mfaItemsOneRequired', '只能有 1 种多因素认证方式设为必需');
  });
});
