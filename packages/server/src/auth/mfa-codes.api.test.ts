import { expect, it } from 'vitest';
import { CookieBrowser } from '../test-support/browser.js';
import { ApiClient } from '../test-support/client.js';
import { expectOk } from '../test-support/mfa.js';
import {
  describeVerification,
  lastMailedCode,
  lastTextedCode,
  sendCode,
  WORKER_E164,
  WORKER_EMAIL,
} from '../test-support/verification.js';

/**
 * E-mail and SMS as second factors, with real deliveries (an SMTP peer, an SMS gateway peer): the
 * user proves the address with a code sent with method mfaSetup, then each sign-in's second step is
 * a code sent with method mfaAuth to the method's own address (whatever the page shows, masked); a
 * first step made with an e-mail code is not followed by an e-mail code.
 */
describeVerification('MFA by e-mail and SMS', {}, (fixture) => {
  const url = () => fixture().server.url;
  const applicationId = () => `admin/${fixture().app}`;

  async function prepare() {
    const { team, app } = fixture();
    // The console sends setup codes through the user's application: the organization's default one.
    expectOk(
      await team.admin.post(
        '/api/update-organization',
        { defaultApplication: app },
        { id: 'admin/acme', columns: 'defaultApplication' },
      ),
    );
  }

  it('sets e-mail up with a code, then signs in with a code mailed to the address', async () => {
    await prepare();
    const { smtp } = fixture();
    const email = WORKER_EMAIL.toLowerCase();
    const worker = new ApiClient(url());
    expectOk(await worker.login('worker', 'worker-pass', 'acme'));
    const initiated = await worker.post('/api/mfa/setup/initiate', { owner: 'acme', name: 'worker', mfaType: 'email' });
    expectOk(initiated);
    expect(initiated.data.recoveryCodes).toHaveLength(1);
    expect(initiated.data.secret).toBeUndefined();
    expectOk(await sendCode(worker, { applicationId: applicationId(), type: 'email', dest: WORKER_EMAIL, method: 'mfaSetup' }));
    const setupCode = lastMailedCode(smtp, email);
    const verify = (passcode: string) =>
      worker.post('/api/mfa/setup/verify', { owner: 'acme', name: 'worker', mfaType: 'email', dest: WORKER_EMAIL, passcode });
    expect(await verify(setupCode === '000000' ? '111111' : '000000')).toMatchObject({
      status: 'error',
      code: 'verificationWrong',
    });
    expectOk(await verify(setupCode));
    expectOk(await worker.post('/api/mfa/setup/enable', { owner: 'acme', name: 'worker', mfaType: 'email' }));

    const b = new CookieBrowser(url());
    const first = await b.login('worker', 'worker-pass', 'acme', fixture().app);
    expect(first.data).toBe('NextMfa');
    expect(first.data2).toEqual([
      { enabled: true, isPreferred: true, mfaType: 'email', secret: 'W****r@A**e.test', mfaRememberInHours: 0 },
    ]);
    // The page sends the masked address it shows; the code goes to the method's address.
    const sent = await b.post('/api/send-verification-code', {
      applicationId: applicationId(),
      type: 'email',
      dest: 'W****r@A**e.test',
      method: 'mfaAuth',
    });
    expectOk(sent);
    const code = lastMailedCode(smtp, email);
    const second = (passcode: string) =>
      b.post('/api/login', { type: 'login', application: fixture().app, mfaType: 'email', passcode });
    expect(await second(code === '000000' ? '111111' : '000000')).toMatchObject({
      status: 'error',
      code: 'mfaCodeWrong',
      msg: expect.stringMatching(/^The code is wrong, you have \d+ remaining chances$/),
    });
    expect(await second(code)).toMatchObject({ status: 'ok', data: 'acme/worker' });

    // Without a sign-in waiting, nobody gets a mfaAuth code sent.
    expect(
      await sendCode(new ApiClient(url()), {
        applicationId: applicationId(),
        type: 'email',
        dest: WORKER_EMAIL,
        method: 'mfaAuth',
      }),
    ).toMatchObject({ status: 'error', code: 'mfaSigninExpired' });

    // A sign-in with a code mailed to that address has proven it already: no second e-mail code.
    const byCode = new CookieBrowser(url());
    expectOk(
      await byCode.post('/api/send-verification-code', {
        applicationId: applicationId(),
        type: 'email',
        dest: WORKER_EMAIL,
        method: 'login',
      }),
    );
    const login = await byCode.post('/api/login', {
      type: 'login',
      application: fixture().app,
      organization: 'acme',
      signinMethod: 'Verification code',
      username: WORKER_EMAIL,
      code: lastMailedCode(smtp, email),
    });
    expect(login).toMatchObject({ status: 'ok', data: 'acme/worker' });
  });

  it('sets SMS up for a user without a phone (the proven number becomes theirs), then signs in with a texted code', async () => {
    await prepare();
    const { team, sms } = fixture();
    expectOk(await team.admin.post('/api/add-user', { owner: 'acme', name: 'sam', password: 'sam-pass', email: '', phone: '' }));
    const sam = new ApiClient(url());
    expectOk(await sam.login('sam', 'sam-pass', 'acme'));
    expectOk(await sam.post('/api/mfa/setup/initiate', { mfaType: 'sms' }));
    expect(await sam.post('/api/mfa/setup/verify', { mfaType: 'sms', passcode: '123456' })).toMatchObject({
      code: 'mfaDestMissing',
      msg: 'destination is missing',
    });
    expect(await sam.post('/api/mfa/setup/verify', { mfaType: 'sms', passcode: '123456', dest: '2025550188' })).toMatchObject({
      code: 'mfaCountryCodeMissing',
      msg: 'country code is missing',
    });
    expectOk(
      await sendCode(sam, {
        applicationId: applicationId(),
        type: 'phone',
        dest: '2025550188',
        countryCode: 'US',
        method: 'mfaSetup',
      }),
    );
    const texted = lastTextedCode(sms, '+12025550188');
    expectOk(
      await sam.post('/api/mfa/setup/verify', { mfaType: 'sms', passcode: texted, dest: '2025550188', countryCode: 'US' }),
    );
    expectOk(await sam.post('/api/mfa/setup/enable', { mfaType: 'sms', dest: '2025550188', countryCode: 'US' }));
    const stored = (await team.admin.get('/api/get-user', { id: 'acme/sam' })).data;
    expect(stored).toMatchObject({ phone: '2025550188', countryCode: 'US', mfaPhoneEnabled: true, preferredMfaType: 'sms' });

    const b = new CookieBrowser(url());
    const first = await b.login('sam', 'sam-pass', 'acme', fixture().app);
    expect(first.data2).toEqual([
      { enabled: true, isPreferred: true, mfaType: 'sms', secret: '202****0188', countryCode: 'US', mfaRememberInHours: 0 },
    ]);
    expectOk(
      await b.post('/api/send-verification-code', {
        applicationId: applicationId(),
        type: 'phone',
        dest: '202****0188',
        method: 'mfaAuth',
      }),
    );
    const second = await b.post('/api/login', {
      type: 'login',
      application: fixture().app,
      mfaType: 'sms',
      passcode: lastTextedCode(sms, '+12025550188'),
    });
    expect(second).toMatchObject({ status: 'ok', data: 'acme/sam' });
    // The worker's number got no code of sam's.
    expect(sms.requests.filter((r) => r.fields.phoneNumber === WORKER_E164)).toHaveLength(0);
  });
});
