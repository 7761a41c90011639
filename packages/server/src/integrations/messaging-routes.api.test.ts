import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { type HttpPeer, type SmtpPeer, startHttpPeer, startSmtpPeer } from '../test-support/messaging-peers.js';
import { describeEachDatabase } from '../test-support/suite.js';

const SMTP_USER = 'mailer@example.com';
const SMTP_PASS = 'smtp-pass';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';

describeEachDatabase('messaging routes', (server) => {
  let team: Team;
  let other: Team;
  let smtp: SmtpPeer;
  let decoy: SmtpPeer;
  let peer: HttpPeer;

  /** The console's test-e-mail body (TestEmailWidget). */
  const emailForm = (provider: Record<string, unknown>, receivers: string[]) => ({
    title: provider.title,
    content: provider.content,
    sender: provider.displayName,
    receivers,
    provider: provider.name,
    providerObject: provider,
    owner: provider.owner,
    name: provider.name,
  });

  const sharedMail = () => ({
    owner: 'admin',
    name: 'mail_shared',
    displayName: 'Shared Mail',
    category: 'Email',
    type: 'Default',
    host: '127.0.0.1',
    port: smtp.port,
    disableSsl: true,
    clientId: SMTP_USER,
    clientSecret: SMTP_PASS,
    title: 'Gatehouse code',
    content: '<p>Hello %{user.friendlyName}, your code is %s</p>',
  });

  beforeAll(async () => {
    smtp = await startSmtpPeer({ auth: { user: SMTP_USER, pass: SMTP_PASS } });
    decoy = await startSmtpPeer();
    peer = await startHttpPeer();
    team = await organizationTeam(server().url, 'acme');
    other = await organizationTeam(server().url, 'globex');
    const { admin } = team;
    expect((await admin.post('/api/update-organization', { countryCodes: ['US', 'CN'] }, { id: 'admin/acme' })).status).toBe(
      'ok',
    );
    const providers = [
      sharedMail(),
      {
        owner: 'acme',
        name: 'mail_http',
        category: 'Email',
        type: 'Custom HTTP Email',
        endpoint: `${peer.url}/mail`,
        method: 'POST',
        clientId: 'noreply@acme.example',
        userMapping: { fromName: 'from', toAddress: 'to', subject: 'subject', content: 'html' },
      },
      { owner: 'globex', name: 'mail_globex', category: 'Email', type: 'Default', host: '127.0.0.1', port: decoy.port },
      {
        owner: 'acme',
        name: 'sms_http',
        category: 'SMS',
        type: 'Custom HTTP SMS',
        endpoint: `${peer.url}/sms`,
        method: 'GET',
        title: 'code',
      },
      {
        owner: 'admin',
        name: 'sms_twilio',
        category: 'SMS',
        type: 'Twilio SMS',
        clientId: TWILIO_SID,
        clientSecret: 'twilio-token',
        appId: '+15005550006',
        templateCode: 'Your code is %s',
        endpoint: peer.url,
      },
      {
        owner: 'acme',
        name: 'notify_http',
        category: 'Notification',
        type: 'Custom HTTP',
        endpoint: `${peer.url}/notify`,
        method: 'POST',
        title: 'text',
      },
      { owner: 'admin', name: 'github_shared', category: 'OAuth', type: 'GitHub' },
    ];
    for (const provider of providers) {
      const added = await admin.post('/api/add-provider', provider);
      expect(added.status, `${provider.name}: ${added.msg}`).toBe('ok');
    }
  });
  afterAll(async () => {
    await Promise.all([smtp?.close(), decoy?.close(), peer?.close()]);
  });
  beforeEach(() => {
    peer.requests.length = 0;
    peer.answer = () => ({ json: { ok: true } });
  });

  it('sends a test e-mail through a shared SMTP provider as the console does', async () => {
    const answer = await team.orgAdmin.post(
      '/api/send-email',
      emailForm({ ...sharedMail(), clientSecret: '***' }, ['ann@example.org']),
    );
    expect(answer).toMatchObject({ status: 'ok', msg: '' });
    const mail = smtp.messages.at(-1);
    expect(mail).toMatchObject({ user: SMTP_USER, mailFrom: SMTP_USER, rcptTo: ['ann@example.org'] });
    expect(mail?.headers.from).toBe(`Shared Mail <${SMTP_USER}>`);
    expect(mail?.headers.subject).toBe('Gatehouse code');
    expect(mail?.html).toBe('<p>Hello boss, your code is 123456</p>');
  });

  it('tests the SMTP connection with the stored secret behind "***"', async () => {
    const { admin } = team;
    const form = { ...sharedMail(), clientSecret: '***' };
    expect(await admin.post('/api/send-email', emailForm(form, ['TestSmtpServer']))).toMatchObject({ status: 'ok' });
    const wrong = await admin.post('/api/send-email', emailForm({ ...form, clientSecret: 'not-it' }, ['TestSmtpServer']));
    expect(wrong.status).toBe('error');
    expect(wrong.msg).toMatch(new RegExp(`^Failed to connect to the SMTP server 127\\.0\\.0\\.1:${smtp.port}: `));
    const custom = await admin.post('/api/send-email', { receivers: ['TestSmtpServer'], owner: 'acme', name: 'mail_http' });
    expect(custom.msg).toBe('The connection test is for SMTP providers; "Custom HTTP Email" has none');
  });

  it('lets only those who may edit a provider replace its settings for a send', async () => {
    const before = decoy.messages.length;
    // An organization administrator may use the shared provider but not point it (and its stored
    // password) at another server: the form is ignored.
    const redirected = { ...sharedMail(), port: decoy.port, clientSecret: '***' };
    expect(await team.orgAdmin.post('/api/send-email', emailForm(redirected, ['bob@example.org']))).toMatchObject({
      status: 'ok',
    });
    expect(decoy.messages.length).toBe(before);
    expect(smtp.messages.at(-1)?.rcptTo).toEqual(['bob@example.org']);
    // The global administrator may: the unsaved form is what is used.
    const unsaved = { ...sharedMail(), port: decoy.port, clientId: '', clientId2: 'admin@example.org', clientSecret: '' };
    expect(await team.admin.post('/api/send-email', emailForm(unsaved, ['cy@example.org']))).toMatchObject({ status: 'ok' });
    expect(decoy.messages.at(-1)?.rcptTo).toEqual(['cy@example.org']);
  });

  it('sends through a custom HTTP e-mail provider of the caller organization by name', async () => {
    const answer = await team.orgAdmin.post('/api/send-email', {
      title: 'Hi',
      content: '<b>%s</b>',
      sender: 'Acme',
      receivers: ['ann@example.org'],
      provider: 'mail_http',
    });
    expect(answer).toMatchObject({ status: 'ok' });
    expect(peer.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/mail',
      fields: { from: 'Acme', to: 'ann@example.org', subject: 'Hi', html: '<b>123456</b>' },
    });
  });

  it('checks the receivers, the provider and the caller, in clear words', async () => {
    const { admin, orgAdmin, member } = team;
    const send = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/send-email', body);
    const mail = { title: 't', content: 'c', sender: 's', owner: 'admin', name: 'mail_shared' };
    expect((await send(admin, { ...mail, receivers: ['ann@example.org', 'nope', 'x@'] })).msg).toBe(
      'Invalid Email receivers: nope, x@',
    );
    expect((await send(admin, { ...mail, receivers: [] })).msg).toBe('Give at least one receiver');
    expect((await send(admin, { ...mail, receivers: Array(21).fill('a@example.org') })).msg).toBe(
      'At most 20 receivers per call',
    );
    expect((await send(admin, { ...mail, name: 'nope', receivers: ['a@example.org'] })).msg).toBe(
      'The provider "admin/nope" does not exist',
    );
    expect((await send(admin, { provider: 'nope', receivers: ['a@example.org'] })).msg).toBe(
      'The provider "nope" does not exist',
    );
    // Naming none, the caller's application's Email provider (the admin's: app-built-in, which has none).
    expect((await send(admin, { receivers: ['a@example.org'] })).msg).toBe(
      'No Email provider is found for the application "app-built-in"',
    );
    expect((await send(admin, { ...mail, name: 'github_shared', receivers: ['a@example.org'] })).msg).toBe(
      'The provider "github_shared" is of the category OAuth, not Email',
    );
    expect((await send(orgAdmin, { ...mail, owner: 'globex', name: 'mail_globex', receivers: ['a@example.org'] })).msg).toBe(
      'Unauthorized operation',
    );
    expect((await send(member, { ...mail, receivers: ['a@example.org'] })).msg).toBe('Unauthorized operation');
    expect((await send(new ApiClient(server().url), { ...mail, receivers: ['a@example.org'] })).msg).toBe('Please login first');
    expect((await send(other.orgAdmin, { provider: 'mail_http', receivers: ['a@example.org'] })).msg).toBe(
      'The provider "mail_http" does not exist',
    );
    const zh = new ApiClient(server().url, 'zh');
    await zh.login('boss', 'boss-pass', 'acme');
    expect((await send(zh, { ...mail, receivers: ['nope'] })).msg).toBe('无效的邮箱接收者：nope');
  });

  it('sends SMS codes through custom HTTP and Twilio providers', async () => {
    const { orgAdmin } = team;
    const custom = await orgAdmin.post(
      '/api/send-sms',
      { content: '123456', receivers: ['+8613812345678'], owner: 'acme', name: 'sms_http' },
      { provider: 'sms_http' },
    );
    expect(custom).toMatchObject({ status: 'ok' });
    const get = peer.requests.at(-1);
    expect(get).toMatchObject({ method: 'GET', path: '/sms' });
    expect(Object.fromEntries(get?.query ?? [])).toEqual({ phoneNumber: '+8613812345678', code: '123456' });

    // Twilio, shared, its API at the loopback peer; a national number of the organization's countries.
    const twilio = await orgAdmin.post(
      '/api/send-sms',
      { content: '654321', receivers: ['(415) 555-2671'] },
      { provider: 'sms_twilio' },
    );
    expect(twilio).toMatchObject({ status: 'ok' });
    const post = peer.requests.at(-1);
    expect(post).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json` });
    expect(post?.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:twilio-token`).toString('base64')}`);
    expect(post?.fields).toEqual({ To: '+14155552671', From: '+15005550006', Body: 'Your code is 654321' });

    const invalid = await orgAdmin.post(
      '/api/send-sms',
      { content: '1', receivers: ['12', '+14155552671'] },
      { provider: 'sms_twilio' },
    );
    expect(invalid.msg).toBe('Invalid phone receivers: 12 (give numbers with the country code, such as +8613812345678)');
    expect(
      (await orgAdmin.post('/api/send-sms', { content: '', receivers: ['+14155552671'] }, { provider: 'sms_twilio' })).msg,
    ).toBe('The SMS content (the code) cannot be empty');
    expect(
      (await orgAdmin.post('/api/send-sms', { content: '1', receivers: ['+14155552671'] }, { provider: 'mail_http' })).msg,
    ).toBe('The provider "mail_http" is of the category Email, not SMS');
    peer.answer = () => ({ status: 401, json: { code: 20003, message: 'Authenticate' } });
    expect(
      (await orgAdmin.post('/api/send-sms', { content: '1', receivers: ['+14155552671'] }, { provider: 'sms_twilio' })).msg,
    ).toBe('Failed to send the SMS: 20003: Authenticate');
    expect(
      (await team.member.post('/api/send-sms', { content: '1', receivers: ['+14155552671'] }, { provider: 'sms_twilio' })).msg,
    ).toBe('Unauthorized operation');
  });

  it('sends notifications', async () => {
    const answer = await team.orgAdmin.post(
      '/api/send-notification',
      { content: 'Test notification', owner: 'acme', name: 'notify_http' },
      { provider: 'notify_http' },
    );
    expect(answer).toMatchObject({ status: 'ok' });
    expect(peer.requests.at(-1)).toMatchObject({ method: 'POST', path: '/notify', fields: { text: 'Test notification' } });
    expect((await team.orgAdmin.post('/api/send-notification', { content: '' }, { provider: 'notify_http' })).msg).toBe(
      'The notification content cannot be empty',
    );
    expect((await other.orgAdmin.post('/api/send-notification', { content: 'x', owner: 'acme', name: 'notify_http' })).msg).toBe(
      'Unauthorized operation',
    );
    peer.answer = () => ({ status: 500, text: 'down' });
    expect((await team.admin.post('/api/send-notification', { content: 'x', owner: 'acme', name: 'notify_http' })).msg).toBe(
      'Failed to send the notification: HTTP 500: down',
    );
  });
});
