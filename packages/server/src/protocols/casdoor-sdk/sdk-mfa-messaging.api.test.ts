import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answerOf,
  type CasdoorSdk,
  expectAffected,
  mfaData,
  type Row,
  sdkFor,
  sdkRecord,
  sdkSuite,
} from '../../test-support/casdoor-sdk.js';
import { ApiClient } from '../../test-support/client.js';
import { type HttpPeer, type SmtpPeer, startHttpPeer, startSmtpPeer } from '../../test-support/messaging-peers.js';
import { totpCode } from '../../test-support/mfa.js';
import { createOAuthApplication } from '../../test-support/oidc.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-mfa';
const SENDER = 'noreply@corp.example';
const SMTP_PASS = 'smtp-pass';

/**
 * Multi-factor authentication and the messaging services (send-email, send-sms) through
 * casdoor-nodejs-sdk, with the client credentials of an application of the built-in organization.
 * E-mail and SMS go to loopback peers (an SMTP server, an HTTP SMS gateway).
 */
describeEachDatabase('casdoor-nodejs-sdk: MFA, e-mail and SMS', (server) => {
  let admin: ApiClient;
  let sdk: CasdoorSdk;
  let smtp: SmtpPeer;
  let gateway: HttpPeer;

  beforeAll(async () => {
    // The SDK's initiate logs its form (console.log(payload)): keep the test output readable.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    smtp = await startSmtpPeer({ auth: { user: SENDER, pass: SMTP_PASS } });
    gateway = await startHttpPeer();
    ({ admin, sdk } = await sdkSuite(server().url, ORG, 'sdk-mfa-app'));
    expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'mia', password: 'mia-pass-1', email: 'mia@corp.example' })));
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all([smtp?.close(), gateway?.close()]);
  });

  describe('MFA (authenticator app) for a user of the organization', () => {
    const mia = { owner: ORG, name: 'mia', mfaType: 'app' } as const;
    let secret = '';
    let recoveryCode = '';

    it('initiateMfa answers the new secret, its otpauth URL and a recovery code', async () => {
      const answer = answerOf(await sdk.initiateMfa(mfaData(ORG, 'mia', 'app')));
      expect(answer.status, answer.msg).toBe('ok');
      const props = answer.data as Row;
      expect(props).toMatchObject({ mfaType: 'app', enabled: false });
      secret = String(props.secret);
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(String(props.url)).toMatch(/^otpauth:\/\/totp\//);
      recoveryCode = String((props.recoveryCodes as string[])[0]);
      expect(recoveryCode).toBeTruthy();
    });

    it("verifyMfa and enableMfa are refused as Casdoor refuses them: the SDK's forms carry no secret", async () => {
      // Casdoor's MfaSetupVerify and MfaSetupEnable answer "totp secret is missing" for the app type.
      const verify = answerOf(await sdk.verifyMfa(mfaData(ORG, 'mia', 'app'), totpCode(secret)));
      expect(verify).toMatchObject({ status: 'error', code: 'mfaTotpSecretMissing' });
      const enable = answerOf(await sdk.enableMfa(mfaData(ORG, 'mia', 'app')));
      expect(enable.status).toBe('error');
    });

    it('completes the setup with the secret (the same forms plus secret), then setPreferredMfa and deleteMfa', async () => {
      const verify = answerOf(await sdk.postForm('mfa/setup/verify', { ...mia, secret, passcode: totpCode(secret) }));
      expect(verify, verify.msg).toMatchObject({ status: 'ok', data: 'OK' });
      const enable = answerOf(await sdk.postForm('mfa/setup/enable', { ...mia, secret, recoveryCodes: recoveryCode }));
      expect(enable, enable.msg).toMatchObject({ status: 'ok', data: 'OK' });

      const preferred = answerOf(await sdk.setPreferredMfa(mfaData(ORG, 'mia', 'app')));
      expect(preferred.status, preferred.msg).toBe('ok');
      expect((preferred.data as Row[]).find((p) => p.mfaType === 'app')).toMatchObject({ enabled: true, isPreferred: true });
      // The secret never comes back once enabled.
      expect(JSON.stringify(preferred.data)).not.toContain(secret);

      // Signing in now asks for the second factor.
      const signIn = await new ApiClient(server().url).login('mia', 'mia-pass-1', ORG);
      expect(signIn).toMatchObject({ status: 'ok', data: 'NextMfa' });

      const removed = answerOf(await sdk.deleteMfa(ORG, 'mia'));
      expect(removed.status, removed.msg).toBe('ok');
      expect((removed.data as Row[]).every((p) => p.enabled === false)).toBe(true);
      expect((await new ApiClient(server().url).login('mia', 'mia-pass-1', ORG)).status).toBe('ok');
    });

    it('answers a clear error for an unknown user or method', async () => {
      const unknownUser = answerOf(await sdk.initiateMfa(mfaData(ORG, 'nobody', 'app')));
      expect(unknownUser).toMatchObject({ status: 'error', code: 'userNotExist' });
      const unknownType = answerOf(await sdk.initiateMfa(mfaData(ORG, 'mia', 'carrier-pigeon')));
      expect(unknownType).toMatchObject({ status: 'error', code: 'mfaTypeInvalid' });
    });
  });

  describe('sendEmail and sendSms', () => {
    /** An application of the built-in organization whose providers are `providers` (shared ones). */
    async function appWithProviders(name: string, providers: string[]) {
      const app = await createOAuthApplication(admin, name, {
        providers: providers.map((provider) => ({
          name: provider,
          canSignUp: false,
          canSignIn: false,
          canUnlink: false,
          rule: '',
        })),
      });
      return sdkFor(server().url, app, 'built-in');
    }

    beforeAll(async () => {
      const mail = {
        owner: 'admin',
        name: 'sdk-mail',
        displayName: 'SDK Mail',
        category: 'Email',
        type: 'Default',
        host: '127.0.0.1',
        port: smtp.port,
        disableSsl: true,
        clientId: SENDER,
        clientSecret: SMTP_PASS,
      };
      expect((await admin.post('/api/add-provider', mail)).status).toBe('ok');
      const sms = {
        owner: 'admin',
        name: 'sdk-sms',
        category: 'SMS',
        type: 'Custom HTTP SMS',
        endpoint: `${gateway.url}/sms`,
        method: 'POST',
        title: 'code',
      };
      expect((await admin.post('/api/add-provider', sms)).status).toBe('ok');
    });

    it('sendEmail with no Email provider anywhere answers an error envelope', async () => {
      const none = await appWithProviders('sdk-no-mail', []);
      const answer = answerOf(
        await none.sendEmail({ title: 'Hi', content: 'Code %s', sender: 'Corp', receivers: ['ann@example.org'] }),
      );
      expect(answer).toMatchObject({ status: 'error', msg: 'No Email provider is found for the application "sdk-no-mail"' });
      expect(smtp.messages).toHaveLength(0);
    });

    it('sendEmail naming the provider (Casdoor\'s "provider" field, which the SDK passes through) sends it', async () => {
      const none = await appWithProviders('sdk-named-mail', []);
      const email = {
        title: 'Your code',
        content: 'Code %s',
        sender: 'Corp',
        receivers: ['ann@example.org'],
        provider: 'sdk-mail',
      };
      const answer = answerOf(await none.sendEmail(email));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      expect(smtp.messages.at(-1)).toMatchObject({ rcptTo: ['ann@example.org'] });
    });

    // Casdoor (controllers/service.go SendEmail): "called by Casdoor SDK via Client ID & Client
    // Secret, so the used Email provider will be the application's Email provider".
    it("sendEmail without a provider sends through the calling application's Email provider", async () => {
      const withMail = await appWithProviders('sdk-with-mail', ['sdk-mail']);
      const sent = smtp.messages.length;
      const answer = answerOf(
        await withMail.sendEmail({ title: 'Welcome', content: 'Code %s', sender: 'Corp', receivers: ['bea@example.org'] }),
      );
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      expect(smtp.messages).toHaveLength(sent + 1);
      expect(smtp.messages.at(-1)).toMatchObject({ rcptTo: ['bea@example.org'] });
    });

    // Casdoor (SendSms): always the calling application's SMS provider (its SmsForm has no provider).
    it("sendSms sends through the calling application's SMS provider", async () => {
      const withSms = await appWithProviders('sdk-with-sms', ['sdk-sms']);
      const answer = answerOf(await withSms.sendSms({ content: '123456', receivers: ['+12025550123'] }));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      expect(gateway.requests.at(-1)?.fields).toMatchObject({ code: '123456' });
    });

    it('sendSms with no SMS provider answers an error envelope and sends nothing', async () => {
      const none = await appWithProviders('sdk-no-sms', []);
      const before = gateway.requests.length;
      const answer = answerOf(await none.sendSms({ content: '123456', receivers: ['+12025550123'] }));
      expect(answer).toMatchObject({ status: 'error', msg: 'No SMS provider is found for the application "sdk-no-sms"' });
      expect(gateway.requests).toHaveLength(before);
    });
  });
});
