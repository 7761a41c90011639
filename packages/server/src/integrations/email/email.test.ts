import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HttpPeer,
  providerRecord,
  type SmtpPeer,
  selfSignedTls,
  startHttpPeer,
  startSmtpPeer,
} from '../../test-support/messaging-peers.js';
import { loopbackOutbound } from '../../test-support/outbound.js';
import { emailSender, fillEmailTemplate, sendEmailWith, testEmailConnection } from './index.js';
import { smtpTransportOptions } from './smtp.js';

const HTML = '<p>Your code is <b>123456</b>. It is valid for 5 minutes — ünïcödé.</p>';

describe('SMTP transport options', () => {
  const base = { host: 'smtp.example.com', clientId: 'mailer@example.com', clientSecret: 'pw' };
  it('use implicit TLS with SSL on, STARTTLS (required) on the STARTTLS ports, opportunistic STARTTLS with SSL off', () => {
    expect(smtpTransportOptions({ ...base, port: 465, disableSsl: false })).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
    expect(smtpTransportOptions({ ...base, port: 1465, disableSsl: false })).toMatchObject({ secure: true, requireTLS: false });
    for (const port of [25, 587, 2525]) {
      expect(smtpTransportOptions({ ...base, port, disableSsl: false })).toMatchObject({ port, secure: false, requireTLS: true });
    }
    expect(smtpTransportOptions({ ...base, port: 25, disableSsl: true })).toMatchObject({ secure: false, requireTLS: false });
    expect(smtpTransportOptions({ ...base, port: 0, disableSsl: false })).toMatchObject({ port: 465, secure: true });
    expect(smtpTransportOptions({ ...base, port: 0, disableSsl: true })).toMatchObject({ port: 587, secure: false });
  });
  it('authenticate only with a user name, and never turn certificate checks off', () => {
    const withAuth = smtpTransportOptions({ ...base, port: 465, disableSsl: false });
    expect(withAuth.auth).toEqual({ user: 'mailer@example.com', pass: 'pw' });
    expect(withAuth.tls).toBeUndefined();
    expect(smtpTransportOptions({ ...base, clientId: '', port: 465, disableSsl: false }).auth).toBeUndefined();
    const trusted = smtpTransportOptions({ ...base, port: 465, disableSsl: false }, { trustedCertificates: ['PEM'] });
    expect(trusted.tls).toEqual({ ca: ['PEM'] });
  });
});

describe('e-mail helpers', () => {
  it('take the sender as Casdoor does', () => {
    const p = providerRecord({ clientId: 'user@example.com', displayName: 'Acme' });
    expect(emailSender(p)).toEqual({ address: 'user@example.com', name: 'Acme' });
    expect(emailSender(p, 'Console')).toEqual({ address: 'user@example.com', name: 'Console' });
    const named = providerRecord({ clientId: 'apikey', clientId2: 'noreply@example.com', clientSecret2: 'Acme Mail' });
    expect(emailSender(named, 'Console')).toEqual({ address: 'noreply@example.com', name: 'Acme Mail' });
  });
  it('fill templates without reading $ patterns', () => {
    expect(
      fillEmailTemplate('Code %s, again %s, %{user.friendlyName} of %{organization}', {
        code: '$&1',
        userName: 'Ann',
        organization: 'Acme',
      }),
    ).toBe('Code $&1, again %s, Ann of Acme');
  });
});

describe('SMTP against a loopback smtp-server', () => {
  let plain: SmtpPeer;
  let secure: SmtpPeer;
  let starttls: SmtpPeer;
  let tls: { key: string; cert: string };
  beforeAll(async () => {
    tls = await selfSignedTls();
    plain = await startSmtpPeer({ auth: { user: 'mailer@example.com', pass: 'smtp-pass' } });
    secure = await startSmtpPeer({ secure: tls });
    starttls = await startSmtpPeer({ starttls: tls });
  });
  afterAll(async () => {
    await Promise.all([plain.close(), secure.close(), starttls.close()]);
  });

  const smtp = (port: number, values = {}) =>
    providerRecord({ category: 'Email', type: 'Default', host: '127.0.0.1', port, disableSsl: true, ...values });

  it('delivers an HTML message with AUTH over a plain connection (SSL off, no STARTTLS offered)', async () => {
    const provider = smtp(plain.port, { clientId: 'mailer@example.com', clientSecret: 'smtp-pass', displayName: 'Acme Mail' });
    await sendEmailWith(loopbackOutbound, provider, { to: 'ann@example.org', subject: 'Your code', html: HTML });
    const mail = plain.messages.at(-1);
    expect(mail).toMatchObject({
      mailFrom: 'mailer@example.com',
      rcptTo: ['ann@example.org'],
      user: 'mailer@example.com',
      secure: false,
    });
    expect(mail?.headers.from).toBe('Acme Mail <mailer@example.com>');
    expect(mail?.headers.to).toBe('ann@example.org');
    expect(mail?.headers.subject).toBe('Your code');
    expect(mail?.headers['content-type']).toMatch(/^text\/html/);
    expect(mail?.html).toBe(HTML);
  });

  it('names a refused login and tests the connection', async () => {
    const wrong = smtp(plain.port, { clientId: 'mailer@example.com', clientSecret: 'nope' });
    await expect(
      sendEmailWith(loopbackOutbound, wrong, { to: 'ann@example.org', subject: 's', html: 'h' }),
    ).rejects.toMatchObject({
      key: 'emailSendFailed',
    });
    await expect(testEmailConnection(loopbackOutbound, wrong)).rejects.toMatchObject({ key: 'smtpConnectFailed' });
    await expect(
      testEmailConnection(loopbackOutbound, smtp(plain.port, { clientId: 'mailer@example.com', clientSecret: 'smtp-pass' })),
    ).resolves.toBeUndefined();
    await expect(testEmailConnection(loopbackOutbound, smtp(1, {}))).rejects.toMatchObject({
      key: 'smtpConnectFailed',
      params: { port: 1 },
    });
  });

  it('uses implicit TLS with SSL on and verifies the certificate unless it is trusted explicitly', async () => {
    const provider = smtp(secure.port, { disableSsl: false, clientId2: 'noreply@example.com' });
    // Self-signed: refused by default.
    await expect(testEmailConnection(loopbackOutbound, provider)).rejects.toMatchObject({ key: 'smtpConnectFailed' });
    await expect(
      sendEmailWith(loopbackOutbound, provider, { to: 'bob@example.org', subject: 's', html: 'h' }),
    ).rejects.toMatchObject({
      key: 'emailSendFailed',
    });
    expect(secure.messages).toHaveLength(0);
    const options = { trustedCertificates: [tls.cert] };
    await testEmailConnection(loopbackOutbound, provider, options);
    await sendEmailWith(loopbackOutbound, provider, { to: 'bob@example.org', subject: 'Over TLS', html: HTML }, options);
    expect(secure.messages.at(-1)).toMatchObject({ secure: true, rcptTo: ['bob@example.org'] });
    expect(secure.messages.at(-1)?.headers.subject).toBe('Over TLS');
  });

  it('upgrades with STARTTLS when the server offers it (SSL off)', async () => {
    const provider = smtp(starttls.port, { clientId2: 'noreply@example.com' });
    await sendEmailWith(
      loopbackOutbound,
      provider,
      { to: 'cy@example.org', subject: 'Upgraded', html: HTML },
      { trustedCertificates: [tls.cert] },
    );
    expect(starttls.messages.at(-1)).toMatchObject({ secure: true, rcptTo: ['cy@example.org'] });
  });

  it('refuses bad receivers, senders and types before connecting', async () => {
    const provider = smtp(plain.port, { clientId: 'not-an-address' });
    await expect(sendEmailWith(loopbackOutbound, provider, { to: 'nobody', subject: 's', html: 'h' })).rejects.toMatchObject({
      key: 'emailInvalidReceivers',
    });
    await expect(
      sendEmailWith(loopbackOutbound, provider, { to: 'ann@example.org', subject: 's', html: 'h' }),
    ).rejects.toMatchObject({
      key: 'emailBadSender',
    });
    await expect(
      sendEmailWith(loopbackOutbound, smtp(plain.port, { type: 'SendGrid' }), { to: 'ann@example.org', subject: 's', html: 'h' }),
    ).rejects.toMatchObject({ key: 'providerTypeUnsupported' });
    await expect(testEmailConnection(loopbackOutbound, smtp(plain.port, { type: 'Custom HTTP Email' }))).rejects.toMatchObject({
      key: 'smtpTestOnly',
    });
  });
});

describe('custom HTTP e-mail against a loopback peer', () => {
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer();
  });
  afterAll(() => peer.close());

  const custom = (values = {}) =>
    providerRecord({
      category: 'Email',
      type: 'Custom HTTP Email',
      endpoint: `${peer.url}/mail`,
      method: 'POST',
      clientId: 'noreply@example.com',
      displayName: 'Acme',
      ...values,
    });
  const email = { to: 'ann@example.org', subject: 'Your code', html: HTML };

  it('posts the four parameters form-encoded by default, with the provider headers', async () => {
    await sendEmailWith(loopbackOutbound, custom({ httpHeaders: { 'X-Api-Key': 'k1' } }), email);
    const request = peer.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/mail' });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['x-api-key']).toBe('k1');
    expect(request?.fields).toEqual({ fromName: 'Acme', toAddress: 'ann@example.org', subject: 'Your code', content: HTML });
  });

  it('renames the parameters with the user mapping and sends JSON when issuerUrl says so', async () => {
    const userMapping = { fromName: 'from', toAddress: 'to', subject: 'title', content: 'body' };
    await sendEmailWith(loopbackOutbound, custom({ method: 'PUT', issuerUrl: 'application/json', userMapping }), {
      ...email,
      senderName: 'Console',
    });
    const request = peer.requests.at(-1);
    expect(request?.method).toBe('PUT');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ from: 'Console', to: 'ann@example.org', title: 'Your code', body: HTML });
  });

  it('puts the parameters in the query for GET', async () => {
    await sendEmailWith(loopbackOutbound, custom({ method: 'GET', endpoint: `${peer.url}/mail?key=1` }), email);
    const request = peer.requests.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.body).toBe('');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      key: '1',
      fromName: 'Acme',
      toAddress: 'ann@example.org',
      subject: 'Your code',
      content: HTML,
    });
  });

  it('reports a refusal with the status and a bad method or address in clear words', async () => {
    peer.answer = () => ({ status: 503, text: 'mail relay down' });
    await expect(sendEmailWith(loopbackOutbound, custom(), email)).rejects.toMatchObject({
      key: 'emailSendFailed',
      params: { detail: 'HTTP 503: mail relay down' },
    });
    peer.answer = () => ({ json: { ok: true } });
    await expect(sendEmailWith(loopbackOutbound, custom({ method: 'PATCH' }), email)).rejects.toMatchObject({
      key: 'providerFieldInvalid',
    });
    await expect(sendEmailWith(loopbackOutbound, custom({ endpoint: '' }), email)).rejects.toMatchObject({
      key: 'providerFieldMissing',
    });
    await expect(sendEmailWith(loopbackOutbound, custom({ endpoint: 'ftp://example.com' }), email)).rejects.toMatchObject({
      key: 'outboundBadUrl',
    });
  });
});
