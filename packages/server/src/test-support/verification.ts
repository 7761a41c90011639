import { defaultSigninItems, defaultSignupItems, providerRow, signupItem } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Config } from '../config/config.js';
import type { DialectName } from '../db/database.js';
import { organizationTeam, type Team } from './accounts.js';
import type { ApiClient } from './client.js';
import { testEngines } from './databases.js';
import { type HttpPeer, type SmtpPeer, startHttpPeer, startSmtpPeer } from './messaging-peers.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * What the verification-code API tests share: a server per engine (with the test's own limits), an
 * organization `acme` (boss, worker) whose Email provider sends to an SMTP peer and whose SMS
 * provider (Custom HTTP SMS) calls an HTTP peer, and an application listing both. Tests read codes
 * where a user would: in the delivered e-mail or SMS.
 */

export const WORKER_EMAIL = 'Worker@Acme.test';
export const WORKER_PHONE = '2025550123';
export const WORKER_E164 = '+12025550123';

export interface Fixture {
  server: TestServer;
  team: Team;
  smtp: SmtpPeer;
  sms: HttpPeer;
  /** An application of acme with both providers (rule All) and default items. */
  app: string;
}

/** Declares a suite per engine on a server with `config` (short limits, most often no resend wait). */
export function describeVerification(
  name: string,
  config: Partial<Config>,
  body: (fixture: () => Fixture, engine: DialectName) => void,
) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: Fixture | undefined;
      beforeAll(async () => {
        const server = await startTestServer(engine, { verificationResendSeconds: 0, ...config });
        const smtp = await startSmtpPeer();
        const sms = await startHttpPeer();
        current = { server, smtp, sms, team: await organizationTeam(server.url, 'acme'), app: 'acme-app' };
        await setUpAcme(current);
      });
      afterAll(async () => {
        await Promise.all([current?.smtp.close(), current?.sms.close()]);
        await current?.server.close();
      });
      body(() => {
        if (!current) throw new Error('fixture not ready');
        return current;
      }, engine);
    });
  }
}

async function setUpAcme({ team, smtp, sms, app }: Fixture) {
  const { admin } = team;
  const ok = (envelope: { status: string; msg?: string }, what: string) =>
    expect(envelope.status, `${what}: ${envelope.msg}`).toBe('ok');
  ok(
    await admin.post('/api/update-organization', { countryCodes: ['US'] }, { id: 'admin/acme', columns: 'countryCodes' }),
    'org',
  );
  ok(
    await admin.post(
      '/api/update-user',
      { owner: 'acme', name: 'worker', email: WORKER_EMAIL, phone: WORKER_PHONE, countryCode: 'US' },
      { id: 'acme/worker', columns: 'email,phone,countryCode' },
    ),
    'worker',
  );
  ok(
    await admin.post('/api/add-provider', {
      owner: 'acme',
      name: 'mail',
      displayName: 'Acme Mail',
      category: 'Email',
      type: 'Default',
      host: '127.0.0.1',
      port: smtp.port,
      disableSsl: true,
      clientId2: 'noreply@acme.test',
      title: 'Your Acme code',
      content: '<p>Hello %{user.friendlyName}, your code for %{organization} is <b>%s</b>.</p>',
    }),
    'mail provider',
  );
  ok(
    await admin.post('/api/add-provider', {
      owner: 'acme',
      name: 'sms',
      category: 'SMS',
      type: 'Custom HTTP SMS',
      endpoint: `${sms.url}/sms`,
      method: 'POST',
      title: 'text',
      templateCode: 'Acme code: %s',
    }),
    'sms provider',
  );
  await addApplication(admin, app, { providers: [providerRow('mail'), providerRow('sms')] });
}

/** An application of acme (sign-up allowed, default items unless given). */
export async function addApplication(admin: ApiClient, name: string, fields: Record<string, unknown> = {}) {
  const added = await admin.post('/api/add-application', {
    owner: 'admin',
    name,
    organization: 'acme',
    cert: 'cert-built-in',
    enablePassword: true,
    enableSignUp: true,
    signinItems: defaultSigninItems(),
    signupItems: defaultSignupItems(),
    ...fields,
  });
  expect(added.status, added.msg).toBe('ok');
}

export const item = signupItem;

/** POST /api/send-verification-code as Casdoor's pages send it: a form. */
export async function sendCode(client: ApiClient, form: Record<string, string>) {
  const response = await client.raw('POST', '/api/send-verification-code', {
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (await response.json()) as { status: string; msg: string; code?: string };
}

/** The code of the last e-mail the peer received for `to` (lower case). */
export function lastMailedCode(smtp: SmtpPeer, to: string): string {
  const mail = [...smtp.messages].reverse().find((m) => m.rcptTo.includes(to.toLowerCase()));
  const code = mail?.html.match(/<b>(\d{6})<\/b>/)?.[1];
  if (!code) throw new Error(`no code was mailed to ${to}`);
  return code;
}

/** The code of the last SMS the peer received for `to` (E.164). */
export function lastTextedCode(sms: HttpPeer, to: string): string {
  const request = [...sms.requests].reverse().find((r) => r.fields.phoneNumber === to);
  const code = request?.fields.text?.match(/(\d{6})$/)?.[1];
  if (!code) throw new Error(`no code was texted to ${to}`);
  return code;
}

/** POST /api/verify-code; answers the envelope and the verified-code cookie it set. */
export async function verifyCode(client: ApiClient, body: Record<string, unknown>) {
  const response = await client.raw('POST', '/api/verify-code', {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('gatehouse_verified_code='));
  return { envelope: (await response.json()) as { status: string; msg: string }, cookie: cookie ?? '' };
}

/** POST /api/set-password as the forgotten-password page sends it (a form), with the browser's cookie. */
export async function setPasswordWithCode(client: ApiClient, form: Record<string, string>, cookie: string) {
  const response = await client.raw('POST', '/api/set-password', {
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
  return (await response.json()) as { status: string; msg: string };
}
