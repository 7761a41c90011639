/**
 * The Gatehouse under test: its database filled by the bulk generator, the built server on a
 * loopback port, and what the scenarios need created through the API (applications, certs, users,
 * roles and permissions, an AuthnRequest, tokens).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { waitFor } from './load.js';

export const PORT = Number(process.env.BENCH_PORT ?? 18400);
export const BASE = `http://127.0.0.1:${PORT}`;
export const ADMIN_PASSWORD = 'bench-admin-password';
const SERVER_DIST = path.resolve(import.meta.dirname, '../packages/server/dist');

export interface Target {
  databaseUrl: string;
  /** What the database is, for the notes under the table. */
  engine: string;
  /** The server's data folder (and the SQLite database's), removed by cleanup. */
  dir: string;
  cleanup: () => void;
}

/** SQLite in a temporary folder, or BENCH_DATABASE_URL (an empty database the caller made and drops). */
export function benchDatabase(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  return {
    databaseUrl: url ?? `sqlite:${path.join(dir, 'bench.db')}`,
    engine: url ? url.replace(/\/\/[^@/]*@/, '//') : 'SQLite',
    dir,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const serverEnv = (target: Target) => ({
  ...process.env,
  DATABASE_URL: target.databaseUrl,
  INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
  LOG_LEVEL: 'error',
  DATA_DIR: target.dir,
});

/** Migrates and seeds the database and adds `users` users over 20 organizations; answers the seconds it took. */
export async function generateUsers(target: Target, users: number): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(SERVER_DIST, 'generate-users.js'), '--database-url', target.databaseUrl, '--users', String(users)],
    { env: serverEnv(target), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`generate-users exited with ${code}: ${output}`);
  return (performance.now() - started) / 1000;
}

/** Node's flags for the server alone (BENCH_SERVER_FLAGS='--max-semi-space-size=4'), not the ceilings' processes. */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

export async function startGatehouse(target: Target): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...SERVER_FLAGS, path.join(SERVER_DIST, 'main.js')], {
    env: { ...serverEnv(target), PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${BASE}/api/health`, server);
  return server;
}

/** The server's resident memory, in MB (Linux /proc). */
export function residentMegabytes(server: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

type Answer = { status: string; msg: string; data: unknown; data2: unknown };

/** A signed-in console session of built-in/admin, calling the API as the console does. */
export class Admin {
  private constructor(readonly cookie: string) {}

  static async signIn(username = 'admin', password = ADMIN_PASSWORD, organization = 'built-in'): Promise<Admin> {
    const res = await fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ type: 'login', application: 'app-built-in', organization, username, password, autoSignin: true }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session='));
    if (!cookie) throw new Error(`sign-in failed: ${await res.text()}`);
    return new Admin(cookie.split(';')[0] as string);
  }

  async get(p: string): Promise<Answer> {
    return (await fetch(`${BASE}${p}`, { headers: { cookie: this.cookie } })).json() as Promise<Answer>;
  }

  /** POSTs JSON and throws unless the answer is ok. */
  async post(p: string, body: unknown): Promise<Answer> {
    const res = await fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie, origin: BASE },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Answer;
    if (answer.status !== 'ok') throw new Error(`${p}: ${answer.msg}`);
    return answer;
  }
}

interface App {
  name: string;
  clientId: string;
  clientSecret: string;
}

export interface OAuthSetup {
  app2048: App;
  app4096: App;
  /** PKCS#8 private keys of the two certs the applications sign with. */
  key2048: string;
  key4096: string;
  accessToken: string;
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const SAML_SP = 'https://sp.bench.test/saml/metadata';
export const CAS_SERVICE = 'http://127.0.0.1:9/cas-app';

/**
 * A 2048-bit cert made through the API, and applications signing with it and with the default
 * cert-built-in (4096 bits), a user of built-in, and an access token of that user.
 */
export async function oauthSetup(admin: Admin): Promise<OAuthSetup> {
  await admin.post('/api/add-cert', {
    owner: 'admin',
    name: 'bench-cert-2048',
    scope: 'JWT',
    type: 'x509',
    cryptoAlgorithm: 'RS256',
    bitSize: 2048,
    expireInYears: 1,
  });
  await admin.post('/api/add-user', {
    owner: 'built-in',
    name: 'bench-oauth',
    password: 'bench-oauth-pass',
    email: 'oauth@bench.test',
  });
  const common = {
    owner: 'admin',
    organization: 'built-in',
    redirectUris: ['http://127.0.0.1:9/cb', SAML_SP, CAS_SERVICE],
    grantTypes: ['authorization_code', 'password', 'client_credentials', 'refresh_token'],
    enablePassword: true,
    enableSigninSession: true,
    expireInHours: 1,
    refreshExpireInHours: 1,
  };
  await admin.post('/api/add-application', { ...common, name: 'bench-app-4096', cert: 'cert-built-in' });
  await admin.post('/api/add-application', {
    ...common,
    name: 'bench-app-2048',
    cert: 'bench-cert-2048',
    samlReplyUrl: 'https://sp.bench.test/saml/acs',
  });
  const appOf = async (name: string) => (await admin.get(`/api/get-application?id=admin/${name}`)).data as App;
  const keyOf = async (name: string) =>
    String(((await admin.get(`/api/get-cert?id=admin/${name}`)).data as { privateKey: string }).privateKey);
  const app2048 = await appOf('bench-app-2048');
  const token = await fetch(`${BASE}/api/login/oauth/access_token`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: app2048.clientId,
      client_secret: app2048.clientSecret,
      username: 'bench-oauth',
      password: 'bench-oauth-pass',
      scope: 'openid profile',
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return {
    app2048,
    app4096: await appOf('bench-app-4096'),
    key2048: await keyOf('bench-cert-2048'),
    key4096: await keyOf('cert-built-in'),
    accessToken: token.access_token,
  };
}

/** An SP's AuthnRequest to bench-app-2048 as the HTTP-Redirect binding carries it (DEFLATE, base64). */
export function authnRequest(): string {
  const xml = `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${BASE}/api/saml/redirect/admin/bench-app-2048" AssertionConsumerServiceURL="https://sp.bench.test/saml/acs" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"><saml:Issuer>${SAML_SP}</saml:Issuer></samlp:AuthnRequest>`;
  return deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64');
}

export const AUTHZ_ORG = 'bench-org-0';
export const ROLES = 1000;
const RESOURCES_PER_PERMISSION = 5;
export const POLICY_ROWS = ROLES * RESOURCES_PER_PERMISSION * 2;

/**
 * 1,000 roles of one organization, each with one of its users, and one permission per role on five
 * resources with two actions: 10,000 RBAC policy rows and 1,000 role rows in one enforcer.
 */
export async function authzSetup(admin: Admin, users: number) {
  const members = Math.floor(users / 20);
  const userOf = (i: number) => `${AUTHZ_ORG}/user${(i % members) * 20}`;
  const batch = 25;
  for (let i = 0; i < ROLES; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, ROLES - i) }, (_, j) =>
        admin.post('/api/add-role', { owner: AUTHZ_ORG, name: `role${i + j}`, users: [userOf(i + j)], isEnabled: true }),
      ),
    );
  }
  for (let i = 0; i < ROLES; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, ROLES - i) }, (_, j) => {
        const n = i + j;
        return admin.post('/api/add-permission', {
          owner: AUTHZ_ORG,
          name: `permission${n}`,
          users: [],
          roles: [`${AUTHZ_ORG}/role${n}`],
          resourceType: 'Custom',
          resources: Array.from({ length: RESOURCES_PER_PERMISSION }, (_, k) => `resource${n}-${k}`),
          actions: ['Read', 'Write'],
          effect: 'Allow',
          isEnabled: true,
        });
      }),
    );
  }
  return { user: userOf(7), resource: 'resource7-3' };
}

/** The decision's own time as the server reports it (Server-Timing), over sequential calls. */
export async function enforceTimes(admin: Admin, body: string, calls: number) {
  const durations: number[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`${BASE}/api/enforce?owner=${AUTHZ_ORG}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: BASE },
      body,
    });
    await res.arrayBuffer();
    const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (timing?.[1]) durations.push(Number(timing[1]));
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}
