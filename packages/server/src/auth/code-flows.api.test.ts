import { defaultSignupItems, providerRow } from '@gatehouse/entities';
import { expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import {
  addApplication,
  describeVerification,
  item,
  lastMailedCode,
  lastTextedCode,
  sendCode,
  setPasswordWithCode,
  verifyCode,
  WORKER_E164,
  WORKER_EMAIL,
  WORKER_PHONE,
} from '../test-support/verification.js';

/**
 * What verification codes are for: signing in without the password, proving the e-mail address
 * and phone number of a sign-up, resetting a forgotten password, changing one's own address.
 */
describeVerification('verification code flows', {}, (fixture) => {
  const url = () => fixture().server.url;
  const email = WORKER_EMAIL.toLowerCase();
  const send = (client: ApiClient, form: Record<string, string>) =>
    sendCode(client, { applicationId: `admin/${fixture().app}`, type: 'email', ...form });
  const codeLogin = (client: ApiClient, fields: Record<string, unknown>) =>
    client.post('/api/login', {
      type: 'login',
      application: fixture().app,
      organization: 'acme',
      signinMethod: 'Verification code',
      ...fields,
    });

  it('signs in with a code sent by e-mail or SMS, once, and marks the e-mail address verified', async () => {
    const { smtp, sms, team } = fixture();
    const browser = new ApiClient(url());
    expect(await send(browser, { dest: WORKER_EMAIL, method: 'login' })).toMatchObject({ status: 'ok' });
    const code = lastMailedCode(smtp, email);
    expect(await codeLogin(browser, { username: WORKER_EMAIL, code })).toMatchObject({ status: 'ok', data: 'acme/worker' });
    expect((await browser.get('/api/get-account')).data).toMatchObject({ name: 'worker', emailVerified: true });
    expect(await codeLogin(new ApiClient(url()), { username: WORKER_EMAIL, code })).toMatchObject({
      status: 'error',
      msg: 'The verification code has already been used!',
    });

    const phone = new ApiClient(url());
    await send(phone, { type: 'phone', dest: WORKER_PHONE, method: 'login' });
    const texted = lastTextedCode(sms, WORKER_E164);
    // Casdoor's form: no signinMethod, a code and no password.
    const body = { type: 'login', application: fixture().app, organization: 'acme', username: WORKER_PHONE, code: texted };
    expect(await phone.post('/api/login', body)).toMatchObject({ status: 'ok', data: 'acme/worker' });
    // The password sign-in is unchanged.
    expect((await new ApiClient(url()).post('/api/login', { ...body, code: undefined, password: 'worker-pass' })).status).toBe(
      'ok',
    );
    const used = await team.orgAdmin.get('/api/get-verifications', { owner: 'acme', field: 'receiver', value: WORKER_E164 });
    expect(used.data[0]).toMatchObject({ type: 'SMS', provider: 'sms', isUsed: true });
  });

  it('counts wrong codes against the account like wrong passwords', async () => {
    const { smtp, admin } = { ...fixture(), admin: fixture().team.admin };
    await admin.post('/api/add-user', {
      owner: 'acme',
      name: 'careless',
      email: 'careless@acme.test',
      password: 'careless-pass',
    });
    await addApplication(admin, 'acme-strict', { providers: [providerRow('mail')], failedSigninLimit: 2 });
    const browser = new ApiClient(url());
    await sendCode(browser, { applicationId: 'admin/acme-strict', type: 'email', dest: 'careless@acme.test', method: 'login' });
    const code = lastMailedCode(smtp, 'careless@acme.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const login = (c: string) => codeLogin(browser, { application: 'acme-strict', username: 'careless@acme.test', code: c });
    expect(await login(wrong)).toMatchObject({ msg: 'password or code is incorrect, you have 1 remaining chances' });
    expect(await login(wrong)).toMatchObject({
      msg: 'You have entered the wrong password or code too many times, please wait for 15 minutes and try again',
    });
    // Frozen: even the right code (or the right password) waits.
    expect((await login(code)).msg).toMatch(/^You have entered the wrong password or code too many times/);
    expect(
      (
        await browser.post('/api/login', {
          type: 'login',
          application: 'acme-strict',
          organization: 'acme',
          username: 'careless',
          password: 'careless-pass',
        })
      ).msg,
    ).toMatch(/^You have entered the wrong password or code too many times/);
  });

  it('offers code sign-in only where the application takes codes of that kind', async () => {
    const { admin } = fixture().team;
    await addApplication(admin, 'acme-phone-codes', {
      providers: [providerRow('mail'), providerRow('sms')],
      signinMethods: [
        { name: 'Password', displayName: 'Password', rule: 'All' },
        { name: 'Verification code', displayName: 'Verification code', rule: 'Phone only' },
      ],
    });
    await addApplication(admin, 'acme-passwords', {
      providers: [providerRow('mail')],
      signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'All' }],
    });
    const client = new ApiClient(url());
    expect(await codeLogin(client, { application: 'acme-phone-codes', username: WORKER_EMAIL, code: '123456' })).toMatchObject({
      msg: 'The login method: login with email is not enabled for the application',
    });
    expect(await codeLogin(client, { application: 'acme-passwords', username: WORKER_PHONE, code: '123456' })).toMatchObject({
      msg: 'The login method: login with SMS is not enabled for the application',
    });
    expect(await codeLogin(client, { username: 'nobody@acme.test', code: '123456' })).toMatchObject({
      msg: "The user: acme/nobody@acme.test doesn't exist",
    });
  });

  it('signs up with the codes the Email and Phone items ask for', async () => {
    const { smtp, sms, admin } = { ...fixture(), admin: fixture().team.admin };
    const items = defaultSignupItems().map((row) =>
      row.name === 'Phone' ? item('Phone', { required: true, rule: 'Normal' }) : row,
    );
    await addApplication(admin, 'acme-join', {
      providers: [providerRow('mail', 'signup'), providerRow('sms', 'signup')],
      signupItems: items,
    });
    const form = {
      application: 'acme-join',
      organization: 'acme',
      username: 'newbie',
      name: 'New Bie',
      password: 'newbie-pass',
      confirm: 'newbie-pass',
      email: 'Newbie@Acme.test',
      phone: '2025550188',
      countryCode: 'US',
      agreement: true,
    };
    const browser = new ApiClient(url());
    expect(await browser.post('/api/signup', form)).toMatchObject({ msg: 'The verification code has not been sent yet!' });
    const sendFor = (type: string, dest: string) =>
      sendCode(browser, { applicationId: 'admin/acme-join', type, dest, method: 'signup', countryCode: 'US' });
    expect(await sendFor('email', form.email)).toMatchObject({ status: 'ok' });
    expect(await sendFor('phone', form.phone)).toMatchObject({ status: 'ok' });
    const emailCode = lastMailedCode(smtp, 'newbie@acme.test');
    const phoneCode = lastTextedCode(sms, '+12025550188');
    expect(
      await browser.post('/api/signup', { ...form, emailCode, phoneCode: phoneCode === '000000' ? '111111' : '000000' }),
    ).toMatchObject({
      msg: 'Wrong verification code!',
    });
    expect(await browser.post('/api/signup', { ...form, emailCode, phoneCode })).toMatchObject({
      status: 'ok',
      data: 'acme/newbie',
    });
    expect((await admin.get('/api/get-user', { id: 'acme/newbie' })).data).toMatchObject({
      email: 'Newbie@Acme.test',
      emailVerified: true,
    });
    // The codes were used up.
    const codes = await admin.get('/api/get-verifications', { owner: 'acme', field: 'receiver', value: 'newbie@acme.test' });
    expect(codes.data[0]).toMatchObject({ user: '', isUsed: true });

    // "No verification" asks for no code.
    const free = defaultSignupItems().map((row) => (row.name === 'Email' ? item('Email', { rule: 'No verification' }) : row));
    await addApplication(admin, 'acme-free', { signupItems: free });
    const joined = await new ApiClient(url()).post('/api/signup', {
      ...form,
      application: 'acme-free',
      username: 'freebie',
      email: 'free@acme.test',
      phone: '',
    });
    expect(joined).toMatchObject({ status: 'ok', data: 'acme/freebie' });
    expect((await admin.get('/api/get-user', { id: 'acme/freebie' })).data.emailVerified).toBe(false);
  });

  it('resets a forgotten password: find the account, send a code, verify it, set the password once', async () => {
    const { smtp, team } = fixture();
    const browser = new ApiClient(url());
    const found = await browser.get('/api/get-email-and-phone', { organization: 'acme', username: 'worker' });
    expect(found).toMatchObject({
      status: 'ok',
      data: { name: 'worker', email: 'W****r@A**e.test', phone: '202****0123' },
      data2: 'username',
    });
    expect(await browser.get('/api/get-email-and-phone', { organization: 'acme', username: WORKER_EMAIL })).toMatchObject({
      data: { email: WORKER_EMAIL },
      data2: 'email',
    });
    expect(await browser.get('/api/get-email-and-phone', { organization: 'acme', username: 'ghost' })).toMatchObject({
      status: 'error',
      msg: "The user: acme/ghost doesn't exist",
    });

    // The page sends to the masked address of the account it found.
    expect(await send(browser, { dest: found.data.email, method: 'forget', checkUser: 'worker' })).toMatchObject({
      status: 'ok',
    });
    const code = lastMailedCode(smtp, email);
    const verified = await verifyCode(browser, {
      application: fixture().app,
      organization: 'acme',
      username: found.data.email,
      name: 'worker',
      code,
    });
    expect(verified.envelope).toMatchObject({ status: 'ok' });
    const form = { userOwner: 'acme', userName: 'worker', newPassword: 'brand-new-pass', code };

    // Without the verifying browser's cookie, for another account, with another code: refused.
    const notVerified =
      'Please verify the code sent to you first: there is no verified code for this account, or it was used or has expired';
    expect(await setPasswordWithCode(browser, form, '')).toMatchObject({ status: 'error', msg: notVerified });
    expect(await setPasswordWithCode(browser, { ...form, userName: 'boss' }, verified.cookie)).toMatchObject({
      msg: notVerified,
    });
    expect(await setPasswordWithCode(browser, { ...form, code: '999999x' }, verified.cookie)).toMatchObject({ msg: notVerified });
    // The organization's password options hold; a refused password leaves the code for another try.
    await team.admin.post(
      '/api/update-organization',
      { passwordOptions: ['AtLeast8'] },
      { id: 'admin/acme', columns: 'passwordOptions' },
    );
    expect(await setPasswordWithCode(browser, { ...form, newPassword: 'short' }, verified.cookie)).toMatchObject({
      msg: 'The password must have at least 8 characters',
    });

    const signedIn = new ApiClient(url());
    expect((await signedIn.login('worker', 'worker-pass', 'acme')).status).toBe('ok');
    expect(await setPasswordWithCode(browser, form, verified.cookie)).toMatchObject({ status: 'ok' });
    // Once only; the old password and the sessions of the account are gone.
    expect(await setPasswordWithCode(browser, { ...form, newPassword: 'another-pass' }, verified.cookie)).toMatchObject({
      msg: notVerified,
    });
    expect(await signedIn.get('/api/get-account')).toMatchObject({ status: 'error' });
    expect((await new ApiClient(url()).login('worker', 'worker-pass', 'acme')).status).toBe('error');
    expect((await new ApiClient(url()).login('worker', 'brand-new-pass', 'acme')).status).toBe('ok');
    await team.admin.post('/api/update-organization', { passwordOptions: [] }, { id: 'admin/acme', columns: 'passwordOptions' });
  });

  it('asks for the CAPTCHA before sending when the application has one', async () => {
    const { admin } = fixture().team;
    await addApplication(admin, 'acme-captcha', {
      providers: [providerRow('provider_captcha_default', 'Always'), providerRow('mail')],
    });
    const sent = await sendCode(new ApiClient(url()), {
      applicationId: 'admin/acme-captcha',
      type: 'email',
      dest: WORKER_EMAIL,
      method: 'login',
    });
    expect(sent).toMatchObject({ status: 'error', msg: 'Please complete the captcha first (missing parameter: captchaToken)' });
    const wrong = await sendCode(new ApiClient(url()), {
      applicationId: 'admin/acme-captcha',
      type: 'email',
      dest: WORKER_EMAIL,
      method: 'login',
      captchaType: 'Default',
      captchaToken: 'ABCDE',
      clientSecret: 'no-such-challenge',
    });
    expect(wrong).toMatchObject({ status: 'error', msg: 'Turing test failed.' });
  });

  it("changes the signed-in user's e-mail address with a code sent to the new one", async () => {
    const { smtp, team } = fixture();
    const boss = team.orgAdmin;
    expect(await send(boss, { dest: 'chief@acme.test', method: 'reset' })).toMatchObject({ status: 'ok' });
    const reset = (fields: Record<string, string>) =>
      boss.raw('POST', '/api/reset-email-or-phone', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(await (await reset({ type: 'email', dest: '', code: '1' })).json()).toMatchObject({ msg: 'Email cannot be empty' });
    expect(await (await reset({ type: 'phone', dest: '', code: '1' })).json()).toMatchObject({ msg: 'Phone cannot be empty' });
    expect(await (await reset({ type: 'email', dest: 'chief@acme.test', code: '' })).json()).toMatchObject({ msg: 'Empty code' });
    expect(await (await reset({ type: 'email', dest: WORKER_EMAIL, code: '1' })).json()).toMatchObject({
      msg: 'Email already exists',
    });
    const code = lastMailedCode(smtp, 'chief@acme.test');
    expect(await (await reset({ type: 'email', dest: 'chief@acme.test', code })).json()).toMatchObject({ status: 'ok' });
    expect((await boss.get('/api/get-account')).data).toMatchObject({ email: 'chief@acme.test', emailVerified: true });
  });

  it("changes the signed-in user's phone number with a code texted to the new one, and only with that code", async () => {
    const { sms, team } = fixture();
    const boss = team.orgAdmin;
    const reset = async (fields: Record<string, string>) =>
      (
        await boss.raw('POST', '/api/reset-email-or-phone', {
          body: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json();
    expect(await send(boss, { type: 'phone', dest: '2025550177', countryCode: 'US', method: 'reset' })).toMatchObject({
      status: 'ok',
    });
    const code = lastTextedCode(sms, '+12025550177');
    // Another user's number is refused, and a wrong code changes nothing.
    expect(await reset({ type: 'phone', dest: WORKER_PHONE, countryCode: 'US', code })).toMatchObject({
      status: 'error',
      msg: 'Phone already exists',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await reset({ type: 'phone', dest: '2025550177', countryCode: 'US', code: wrong })).toMatchObject({ status: 'error' });
    expect((await boss.get('/api/get-account')).data.phone).not.toBe('2025550177');
    expect(await reset({ type: 'phone', dest: '2025550177', countryCode: 'US', code })).toMatchObject({ status: 'ok' });
    expect((await boss.get('/api/get-account')).data).toMatchObject({ phone: '2025550177', countryCode: 'US' });
    // The code is used up.
    expect(await reset({ type: 'phone', dest: '2025550177', countryCode: 'US', code })).toMatchObject({ status: 'error' });
  });
});
