#!/usr/bin/env node
/**
 * Scaling from one process to two (docs/operations.md "Measured scaling"): the built server on
 * PostgreSQL with REDIS_URL, started with WORKERS=1 and then WORKERS=2, under autocannon for
 * get-account (a session cookie) and introspection (an opaque access token), each beside a bare
 * Fastify route served by the same number of node:cluster workers, all in one run. Only the ratios
 * compare: the machine is shared. Run after `npm run build`:
 *
 *   node scripts/scale-out-bench.mjs    (SCALE_SECONDS=8 SCALE_CONNECTIONS=50 by default)
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 50);
const POSTGRES = process.env.SCALE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.SCALE_PORT ?? 18600);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'scale-admin-password';
const root = path.resolve(import.meta.dirname, '..');

// `--hello N`: the bare Fastify route, on N node:cluster workers.
if (process.argv[2] === '--hello') {
  const count = Number(process.argv[3]);
  if (cluster.isPrimary && count > 1) {
    for (let i = 0; i < count; i++) cluster.fork();
  } else {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: PORT, host: '127.0.0.1' });
  }
} else {
  await main();
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(name, options) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url: `${BASE}${options.path}`, connections: CONNECTIONS, duration: SECONDS, ...options });
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function main() {
  const pg = (await import('pg')).default;
  const name = `gatehouse_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-scale-'));
  const gatehouse = (workers) =>
    spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
      env: {
        ...process.env,
        WORKERS: String(workers),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL: REDIS,
        DATA_DIR: dataDir,
        INIT_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        LOG_REQUESTS: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const rows = [];
  let token;
  let cookie;
  let secret;
  try {
    for (const workers of [1, 2]) {
      const hello = spawn(process.execPath, [import.meta.filename, '--hello', String(workers)], { stdio: 'inherit' });
      await waitFor(`${BASE}/hello`);
      rows.push({ workers, ...(await measure('bare Fastify route', { path: '/hello' })) });
      await stop(hello);

      const server = gatehouse(workers);
      await waitFor(`${BASE}/api/health`);
      if (!token) ({ token, cookie, secret } = await setUp());
      rows.push({ workers, ...(await measure('get-account', { path: '/api/get-account', headers: { cookie } })) });
      rows.push({
        workers,
        ...(await measure('introspection', {
          path: '/api/login/oauth/introspect',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, ...secret }).toString(),
        })),
      });
      await stop(server);
    }
  } finally {
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| scenario | workers | req/s | p50 ms | p99 ms | of bare route |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const bare = rows.find((r) => r.workers === row.workers && r.name === 'bare Fastify route');
    console.log(
      `| ${row.name} | ${row.workers} | ${row.rps} | ${row.p50} | ${row.p99} | ${Math.round((row.rps / bare.rps) * 100)} % |`,
    );
  }
  for (const name of ['bare Fastify route', 'get-account', 'introspection']) {
    const [one, two] = [1, 2].map((w) => rows.find((r) => r.workers === w && r.name === name));
    console.log(`${name}: two workers serve ${(two.rps / one.rps).toFixed(2)}x one worker`);
  }
}

/** Signs in, adds an application with the password grant and takes an access token of it. */
async function setUp() {
  const signin = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ application: 'app-built-in', organization: 'built-in', username: 'admin', password: PASSWORD }),
  });
  const cookie = signin.headers
    .getSetCookie()
    .find((c) => c.startsWith('gatehouse_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${await signin.text()}`);
  const post = (p, body) =>
    fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: BASE },
      body: JSON.stringify(body),
    });
  await post('/api/add-user', { owner: 'built-in', name: 'scale-user', password: 'scale-user-pass' });
  await post('/api/add-application', {
    owner: 'admin',
    name: 'scale-app',
    organization: 'built-in',
    cert: 'cert-built-in',
    redirectUris: ['http://127.0.0.1:9/cb'],
    grantTypes: ['password'],
    enablePassword: true,
    expireInHours: 24,
  });
  const app = (await (await fetch(`${BASE}/api/get-application?id=admin/scale-app`, { headers: { cookie } })).json()).data;
  const secret = { client_id: app.clientId, client_secret: app.clientSecret };
  const answer = await fetch(`${BASE}/api/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'scale-user', password: 'scale-user-pass', ...secret }),
  }).then((r) => r.json());
  if (!answer.access_token) throw new Error(`no token: ${JSON.stringify(answer)}`);
  return { token: answer.access_token, cookie, secret };
}
