import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Built, buildApp } from './app.js';
import { loadConfig } from './config/config.js';

/** The server's own log: one info line per request, with what an operator reads first. */
describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let dir: string;
  let built: Built;

  const start = async (env: Record<string, string>) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-log-'));
    built = await buildApp(
      {
        ...loadConfig(env),
        databaseUrl: `sqlite:${path.join(dir, 'log.db')}`,
        initAdminPassword: 'log-admin-pass',
        webRoot: '/nonexistent',
        dataDir: dir,
      },
      { builtInCert: inject('builtInCert'), logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
  };

  beforeAll(() => start({}));
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes exactly one line per request at info level', async () => {
    lines.length = 0;
    const response = await built.app.inject({ method: 'GET', url: '/api/get-account' });
    expect(response.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/get-account', statusCode: 200 });
    expect(typeof requestLines[0]?.ms).toBe('number');
  });

  it('writes none with LOG_REQUESTS=false', async () => {
    await built.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await start({ LOG_REQUESTS: 'false' });
    lines.length = 0;
    await built.app.inject({ method: 'GET', url: '/api/get-account' });
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);
  });
});
