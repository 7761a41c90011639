import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';

/**
 * A second Gatehouse for sign-in through an identity provider: started by a spec on its own port
 * and SQLite file, it is the upstream provider (OpenID Connect, SAML ...) of the instance under
 * test. The browser reaches it as localhost and the instance under test as 127.0.0.1, so that the
 * two keep their cookies apart, as two sites would; servers call it on 127.0.0.1.
 */

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../packages/server/dist/main.js');
const ADMIN_PASSWORD = 'upstream-admin-password';

export interface Upstream {
  /** Its address as the browser reaches it (http://localhost:<port>). */
  browserUrl: string;
  /** Its address as servers reach it (http://127.0.0.1:<port>). */
  serverUrl: string;
  /** An API session of its built-in admin (dispose it after use). */
  admin: () => Promise<APIRequestContext>;
  stop: () => Promise<void>;
}

/**
 * The port of a spec's upstream: the environment variable `envName` when set, else `fallback`
 * (each spec has its own default so that specs running in parallel do not share one).
 */
export function upstreamPort(envName: string, fallback: number): number {
  const port = Number(process.env[envName] ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${envName} must be a port number`);
  return port;
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the upstream Gatehouse exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the upstream Gatehouse did not start within 90 seconds');
}

/**
 * Starts the built server (packages/server/dist) on `port` over a fresh SQLite database. `origin`
 * fixes its public origin (ORIGIN), for protocols that name it (a SAML IdP's entity ID); by default
 * it answers with the address it was reached at.
 */
export async function startUpstream(options: { port: number; origin?: string }): Promise<Upstream> {
  const { port } = options;
  const serverUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-upstream-'));
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'gatehouse.db')}`,
      DATA_DIR: dataDir,
      INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The tests' peers (upstream identity providers, SMTP, services) listen on loopback.
      OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
      SIGNIN_IP_FAILURE_LIMIT: '100000',
      ORIGIN: options.origin ?? '',
    },
    // At LOG_LEVEL warn only what went wrong is logged, and it must reach the run's output.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(serverUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    browserUrl: `http://localhost:${port}`,
    serverUrl,
    admin: async () => {
      const api = await request.newContext({ baseURL: serverUrl, extraHTTPHeaders: { origin: serverUrl } });
      const res = await api.post('/api/login', {
        data: { type: 'login', application: 'app-built-in', username: 'admin', password: ADMIN_PASSWORD, autoSignin: true },
      });
      expect((await res.json()).status).toBe('ok');
      return api;
    },
    stop,
  };
}
