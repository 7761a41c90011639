#!/usr/bin/env node
/**
 * Scaling from one process to two (docs/operations.md "Measured scaling"): the built server on
 * PostgreSQL with REDIS_URL, with WORKERS=1 and WORKERS=2 (two servers on one database), under
 * autocannon for get-account (a session cookie) and introspection (an opaque access token), beside a
 * bare Fastify route served by one and by two node:cluster workers. All four servers run at once
 * (idle when not measured) and the scenarios are measured in turns, round after round, so that the
 * load other users put on the shared machine weighs on every scenario alike; the table gives each
 * scenario's mean over the rounds. Only the ratios compare. Run after `npm run build`:
 *
 *   node scripts/scale-out-bench.mjs   (SCALE_ROUNDS=3 SCALE_SECONDS=5 SCALE_CONNECTIONS=50)
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 50);
const POSTGRES = process.env.SCALE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.SCALE_PORT ?? 18600);
const PASSWORD = 'scale-admin-password';
const root = path.resolve(import.meta.dirname, '..');
const base = (port) => `http://127.0.0.1:${port}`;

// `--hello <workers> <port>`: the bare Fastify route, on that many node:cluster workers.
if (process.argv[2] === '--hello') {
  const count = Number(process.argv[3]);
  const port = Number(process.argv[4]);
  if (cluster.isPrimary && count > 1) {
    let up = 0;
    cluster.on('listening', () => {
      if (++up === count) console.log(`all ${count} workers listening`);
    });
    for (let i = 0; i < count; i++) cluster.fork();
  } else {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port, host: '127.0.0.1' });
  }
} else {
  await main();
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

/** Resolves once every worker of `child` listens (its primary says so) and `url` answers. */
async function ready(child, workers, url) {
  if (workers > 1) {
    let seen = '';
    await new Promise((resolve) =>
      child.stdout.on('data', (chunk) => {
        seen += chunk;
        if (seen.includes(`all ${workers} workers listening`)) resolve();
      }),
    );
  } else child.stdout.resume();
  await waitFor(url);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(url, options) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
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
  const pipe = { stdio: ['ignore', 'pipe', 'inherit'] };
  const gatehouse = (workers, port) =>
    spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
      ...pipe,
      env: {
        ...process.env,
        WORKERS: String(workers),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL: REDIS,
        DATA_DIR: dataDir,
        WEB_ROOT: '/nonexistent',
        INIT_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        LOG_REQUESTS: 'false',
      },
    });
  const hello = (workers, port) =>
    spawn(process.execPath, [import.meta.filename, '--hello', String(workers), String(port)], pipe);
  const children = [];
  try {
    // One server first: it migrates the database and creates the built-in objects.
    const one = gatehouse(1, PORT);
    children.push(one);
    await ready(one, 1, `${base(PORT)}/api/health`);
    const { token, cookie, secret } = await setUp(base(PORT));
    const two = gatehouse(2, PORT + 1);
    const bare1 = hello(1, PORT + 2);
    const bare2 = hello(2, PORT + 3);
    children.push(two, bare1, bare2);
    await ready(two, 2, `${base(PORT + 1)}/api/health`);
    await ready(bare1, 1, `${base(PORT + 2)}/hello`);
    await ready(bare2, 2, `${base(PORT + 3)}/hello`);

    const introspect = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, ...secret }).toString(),
    };
    const scenarios = [
      { name: 'bare Fastify route', workers: 1, url: `${base(PORT + 2)}/hello` },
      { name: 'get-account', workers: 1, url: `${base(PORT)}/api/get-account`, headers: { cookie } },
      { name: 'introspection', workers: 1, url: `${base(PORT)}/api/login/oauth/introspect`, ...introspect },
      { name: 'bare Fastify route', workers: 2, url: `${base(PORT + 3)}/hello` },
      { name: 'get-account', workers: 2, url: `${base(PORT + 1)}/api/get-account`, headers: { cookie } },
      { name: 'introspection', workers: 2, url: `${base(PORT + 1)}/api/login/oauth/introspect`, ...introspect },
    ];
    // A short warm-up of each (JIT, connection pools), not counted.
    for (const { name: _name, workers: _workers, ...options } of scenarios)
      await measure(options.url, { ...options, duration: 1 });
    const results = scenarios.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { name: _name, workers: _workers, ...options }] of scenarios.entries()) {
        const result = await measure(options.url, options);
        results[i].push(result);
        console.log(JSON.stringify({ round, name: scenarios[i].name, workers: scenarios[i].workers, ...result }));
      }
    }
    const mean = (rows, key) => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
    const rows = scenarios.map((scenario, i) => ({
      ...scenario,
      rps: mean(results[i], 'rps'),
      p50: mean(results[i], 'p50'),
      p99: mean(results[i], 'p99'),
      errors: results[i].reduce((sum, row) => sum + row.errors, 0),
    }));
    console.log(
      `\n${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, ${new Date().toISOString()}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log('| scenario | workers | req/s | p50 ms | p99 ms | of the bare route | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      const bare = rows.find((r) => r.workers === row.workers && r.name === 'bare Fastify route');
      console.log(
        `| ${row.name} | ${row.workers} | ${Math.round(row.rps)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${Math.round((row.rps / bare.rps) * 100)} % | ${row.errors} |`,
      );
    }
    for (const scenario of ['bare Fastify route', 'get-account', 'introspection']) {
      const [one1, two2] = [1, 2].map((w) => rows.find((r) => r.workers === w && r.name === scenario));
      console.log(`${scenario}: two workers serve ${(two2.rps / one1.rps).toFixed(2)}x one worker`);
    }
  } finally {
    for (const child of children) await stop(child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs in, adds an application with the password grant and takes an access token of it. */
async function setUp(server) {
  const signin = await fetch(`${server}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server },
    body: JSON.stringify({ application: 'app-built-in', organization: 'built-in', username: 'admin', password: PASSWORD }),
  });
  const cookie = signin.headers
    .getSetCookie()
    .find((c) => c.startsWith('gatehouse_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${await signin.text()}`);
  const post = (p, body) =>
    fetch(`${server}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server },
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
  const app = (await (await fetch(`${server}/api/get-application?id=admin/scale-app`, { headers: { cookie } })).json()).data;
  const secret = { client_id: app.clientId, client_secret: app.clientSecret };
  const answer = await fetch(`${server}/api/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'scale-user', password: 'scale-user-pass', ...secret }),
  }).then((r) => r.json());
  if (!answer.access_token) throw new Error(`no token: ${JSON.stringify(answer)}`);
  return { token: answer.access_token, cookie, secret };
}
