/**
 * Load scenarios against a real Gatehouse: builds nothing, starts the built server on a loopback
 * port with a fresh SQLite database (or BENCH_DATABASE_URL), generates data through the API and
 * prints one table row per scenario. Run with `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { importPKCS8, SignJWT } from 'jose';

const PORT = Number(process.env.BENCH_PORT ?? 18400);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-admin-password';
const USERS = Number(process.env.BENCH_USERS ?? 5000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function startServer(): Promise<ChildProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../packages/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.db')}`,
      INIT_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

async function login(): Promise<string> {
  const res = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ application: 'app-built-in', organization: 'built-in', username: 'admin', password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session='));
  if (!cookie) throw new Error(`sign-in failed: ${await res.text()}`);
  return cookie.split(';')[0] as string;
}

async function generate(cookie: string) {
  const post = (p: string, body: unknown) =>
    fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: BASE },
      body: JSON.stringify(body),
    });
  for (let o = 0; o < 20; o++)
    await post('/api/add-organization', { owner: 'admin', name: `bench-org-${o}`, displayName: `Bench ${o}` });
  const batch = 50;
  for (let i = 0; i < USERS; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, USERS - i) }, (_, j) => {
        const n = i + j;
        return post('/api/add-user', {
          owner: `bench-org-${n % 20}`,
          name: `user${n}`,
          displayName: `User ${n}`,
          email: `user${n}@bench.test`,
          affiliation: `Affiliation ${n % 97}`,
        });
      }),
    );
  }
}

/** Registers an application with every grant and a user for the OAuth scenarios. */
async function oauthSetup(cookie: string) {
  const post = (p: string, body: unknown) =>
    fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: BASE },
      body: JSON.stringify(body),
    });
  await post('/api/add-user', { owner: 'built-in', name: 'bench-oauth', password: 'bench-oauth-pass' });
  await post('/api/add-application', {
    owner: 'admin',
    name: 'bench-app',
    organization: 'built-in',
    cert: 'cert-built-in',
    redirectUris: ['http://127.0.0.1:9/cb'],
    grantTypes: ['authorization_code', 'password', 'client_credentials', 'refresh_token'],
    enablePassword: true,
    expireInHours: 1,
    refreshExpireInHours: 1,
    failedSigninLimit: 5,
    failedSigninFrozenTime: 15,
  });
  const app = (await (await fetch(`${BASE}/api/get-application?id=admin/bench-app`, { headers: { cookie } })).json()).data;
  const cert = (await (await fetch(`${BASE}/api/get-cert?id=admin/cert-built-in`, { headers: { cookie } })).json()).data;
  const form = (body: Record<string, string>) =>
    fetch(`${BASE}/api/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    }).then((r) => r.json());
  const token = await form({
    grant_type: 'password',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    username: 'bench-oauth',
    password: 'bench-oauth-pass',
    scope: 'openid profile',
  });
  return { app, privateKey: String(cert.privateKey), bitSize: Number(cert.bitSize), accessToken: String(token.access_token) };
}

const AUTHZ_ORG = 'bench-org-0';
const ROLES = 1000;
const RESOURCES_PER_PERMISSION = 5;

/**
 * 1,000 roles of one organization, each with one of its users, and one permission per role on five
 * resources with two actions: 10,000 RBAC policy rows and 1,000 role rows in one enforcer.
 */
async function authzSetup(cookie: string) {
  const post = async (p: string, body: unknown) => {
    const answer = await (
      await fetch(`${BASE}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: BASE },
        body: JSON.stringify(body),
      })
    ).json();
    if (answer.status !== 'ok') throw new Error(`${p}: ${answer.msg}`);
  };
  const members = Math.floor(USERS / 20);
  const userOf = (i: number) => `${AUTHZ_ORG}/user${(i % members) * 20}`;
  const batch = 25;
  for (let i = 0; i < ROLES; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, ROLES - i) }, (_, j) =>
        post('/api/add-role', { owner: AUTHZ_ORG, name: `role${i + j}`, users: [userOf(i + j)], isEnabled: true }),
      ),
    );
  }
  for (let i = 0; i < ROLES; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, ROLES - i) }, (_, j) => {
        const n = i + j;
        return post('/api/add-permission', {
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
async function enforceTimes(cookie: string, body: string, calls: number) {
  const durations: number[] = [];
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`${BASE}/api/enforce?owner=${AUTHZ_ORG}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: BASE },
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

/** Raw RS256 signatures per second with the same key, one core, in this process. */
async function rawSignsPerSecond(privateKey: string): Promise<number> {
  const key = await importPKCS8(privateKey, 'RS256');
  const sign = () => new SignJWT({ sub: 'bench' }).setProtectedHeader({ alg: 'RS256' }).sign(key);
  for (let i = 0; i < 20; i++) await sign();
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 3000) {
    await sign();
    n++;
  }
  return Math.round((n * 1000) / (performance.now() - started));
}

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  auth?: boolean;
  headers?: Record<string, string>;
}

async function run(s: Scenario, cookie: string) {
  const result = await autocannon({
    url: `${BASE}${s.path}`,
    method: s.method ?? 'GET',
    body: s.body,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { ...(s.auth === false ? {} : { cookie }), 'content-type': 'application/json', origin: BASE, ...s.headers },
  });
  return {
    scenario: s.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const server = await startServer();
  try {
    const cookie = await login();
    console.log(`generating 20 organizations and ${USERS} users...`);
    await generate(cookie);
    const scenarios: Scenario[] = [
      { name: 'health (no auth)', path: '/api/health', auth: false },
      { name: 'get-account', path: '/api/get-account' },
      { name: 'users page 1 (all orgs, newest)', path: '/api/get-users?owner=&p=1&pageSize=10' },
      {
        name: 'users page 50 (one org, by name)',
        path: '/api/get-users?owner=bench-org-3&p=5&pageSize=10&sortField=name&sortOrder=ascend',
      },
      { name: 'users search by email', path: '/api/get-users?owner=&p=1&pageSize=10&field=email&value=user42' },
      { name: 'organizations page 1', path: '/api/get-organizations?owner=admin&organizationName=&p=1&pageSize=10' },
      { name: 'get-user', path: '/api/get-user?id=bench-org-1/user21' },
      {
        name: 'login (bcrypt)',
        method: 'POST',
        path: '/api/login',
        auth: false,
        body: JSON.stringify({
          application: 'app-built-in',
          organization: 'built-in',
          username: 'admin',
          password: PASSWORD,
          autoSignin: false,
        }),
      },
    ];
    const oauth = await oauthSetup(cookie);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const secret = { client_id: oauth.app.clientId, client_secret: oauth.app.clientSecret };
    scenarios.push(
      {
        name: 'token: client_credentials',
        method: 'POST',
        path: '/api/login/oauth/access_token',
        auth: false,
        headers: form,
        body: new URLSearchParams({ grant_type: 'client_credentials', ...secret }).toString(),
      },
      {
        name: 'token: password (bcrypt)',
        method: 'POST',
        path: '/api/login/oauth/access_token',
        auth: false,
        headers: form,
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'bench-oauth',
          password: 'bench-oauth-pass',
          ...secret,
        }).toString(),
      },
      { name: 'userinfo', path: '/api/userinfo', auth: false, headers: { authorization: `Bearer ${oauth.accessToken}` } },
      {
        name: 'introspection',
        method: 'POST',
        path: '/api/login/oauth/introspect',
        auth: false,
        headers: form,
        body: new URLSearchParams({ token: oauth.accessToken, ...secret }).toString(),
      },
    );
    console.log(`generating ${ROLES} roles and ${ROLES} permissions (${ROLES * RESOURCES_PER_PERMISSION * 2} policy rows)...`);
    const authz = await authzSetup(cookie);
    const enforceBody = JSON.stringify([authz.user, authz.resource, 'Read']);
    scenarios.push({
      name: 'enforce (10k policies, 1k roles)',
      method: 'POST',
      path: `/api/enforce?owner=${AUTHZ_ORG}`,
      body: enforceBody,
    });
    const rows = [];
    for (const s of scenarios) rows.push(await run(s, cookie));
    const inside = await enforceTimes(cookie, enforceBody, 2000);
    console.log(
      `\nenforce inside the server (Server-Timing, 2,000 sequential calls): p50 ${inside.p50} ms, p99 ${inside.p99} ms`,
    );
    const signs = await rawSignsPerSecond(oauth.privateKey);
    console.log(`\nraw RS256 signatures with cert-built-in (RSA ${oauth.bitSize}), one core in this process: ${signs}/s`);
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${USERS} users, ${os.cpus().length} cores`);
    console.table(rows);
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
