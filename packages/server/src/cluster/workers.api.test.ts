import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { createMigratedDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { freePort, serverEntryArgs } from '../test-support/instances.js';
import { policyProbe } from '../test-support/policy-probe.js';
import { ADMIN_PASSWORD, startTestServerOn } from '../test-support/server.js';

/** A pino line of the server's stdout: the workers' request lines carry their pid and the URL. */
interface LogLine {
  pid?: number;
  msg?: string;
  url?: string;
  statusCode?: number;
}

/**
 * WORKERS=2 (cluster/workers.ts): the server started as a node:cluster primary forks two workers
 * that share the port; requests on new connections are answered by both, a session opened on one
 * is valid on the other, and without REDIS_URL a policy change on one worker reaches the other
 * through the primary's relay.
 */
const engines = testEngines();
for (const engine of engines.filter((name) => name !== 'postgres')) {
  describe.skip(`WORKERS=2 [${engine}]: runs on PostgreSQL only (GATEHOUSE_TEST_DATABASES=postgres)`, () => {
    it('is not run on this engine', () => undefined);
  });
}

describe.runIf(engines.includes('postgres'))('WORKERS=2: node:cluster workers sharing one port [postgres]', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let url: string;
  let dataDir: string;
  const lines: LogLine[] = [];

  /** A GET on a connection of its own (so that the primary may hand it to either worker). */
  const getOnNewConnection = (pathAndQuery: string, cookie: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(
        `${url}${pathAndQuery}`,
        { agent: false, headers: { cookie, connection: 'close', ...headers } },
        (answer) => {
          let body = '';
          answer.on('data', (chunk) => {
            body += chunk;
          });
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
  const pidOf = async (probe: string) => {
    for (let i = 0; i < 100; i++) {
      const line = lines.find((logged) => logged.msg === 'request' && logged.url?.includes(probe));
      if (line?.pid) return line.pid;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no worker logged ${probe}`);
  };

  beforeAll(async () => {
    database = await createMigratedDatabase('postgres');
    // Migrated and seeded here with the tests' certificate, so that no worker generates an RSA key.
    const seeding = await startTestServerOn('postgres', database.url);
    await seeding.close();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-workers-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, serverEntryArgs(), {
      env: {
        ...process.env,
        WORKERS: '2',
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_ROOT: '/nonexistent',
        LOG_LEVEL: 'info',
        REDIS_URL: '',
        METRICS_TOKEN: 'workers-metrics-token',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const text of complete) {
        try {
          lines.push(JSON.parse(text));
        } catch {
          // Not a log line.
        }
      }
    });
    const listening = () =>
      new Set(lines.filter((line) => line.msg?.startsWith('Server listening')).map((line) => line.pid)).size;
    for (let i = 0; i < 400 && listening() < 2; i++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(listening()).toBe(2);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from two worker pids, and a session opened on one is valid on the other', async () => {
    const client = new ApiClient(url);
    expect((await client.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
    const pids = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const probe = `probe=${i}-${Date.now()}`;
      const answer = await getOnNewConnection(`/api/get-account?${probe}`, client.sessionCookie);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok', data: { owner: 'built-in', name: 'admin' } });
      pids.add(await pidOf(probe));
    }
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid ?? 0)).toBe(false);
  });

  it('answers /metrics with the sum of both workers, whichever worker is scraped', async () => {
    for (let i = 0; i < 4; i++) {
      const scrape = await getOnNewConnection('/metrics', '', { authorization: 'Bearer workers-metrics-token' });
      expect(scrape.status).toBe(200);
      const line = scrape.body
        .split('\n')
        .find((text) => text.startsWith('gatehouse_api_latency_seconds_count') && text.includes('"/api/get-account"'));
      // The 8 calls of the test before, answered by both workers.
      expect(line).toMatch(/ 8$/);
    }
  });

  it('tells the other worker of a policy change without Redis (the primary relays it)', async () => {
    const admin = new ApiClient(url);
    await admin.login('admin', ADMIN_PASSWORD);
    const probe = await policyProbe(admin, 'workerorg');
    const askBoth = async () => {
      const answers = await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const body = JSON.stringify(probe.request);
          return fetchOnNewConnection(`${url}/api/enforce?permissionId=${probe.id}`, body, admin.sessionCookie);
        }),
      );
      return answers.map((answer) => JSON.parse(answer).data[0]);
    };
    // Both workers compile the enforcer and keep it.
    expect(await askBoth()).toEqual([true, true, true, true]);
    await probe.setEnabled(false);
    await expect.poll(askBoth, { timeout: 1000, interval: 50 }).toEqual([false, false, false, false]);
  });

  it('stops the workers and itself on SIGTERM', async () => {
    const workers = new Set(lines.filter((line) => line.msg?.startsWith('Server listening')).map((line) => line.pid ?? 0));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

/** A same-origin POST of a JSON body on a connection of its own; answers the body. */
function fetchOnNewConnection(target: string, body: string, cookie: string): Promise<string> {
  const { origin } = new URL(target);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { cookie, origin, 'content-type': 'application/json', connection: 'close' },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve(text));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
