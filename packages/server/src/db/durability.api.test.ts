import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import { createMigratedDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { type SecondInstance, startSecondInstance } from '../test-support/instances.js';
import { createOAuthApplication, postOAuthForm } from '../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';

/** The acknowledged writes of each kind the load waits for before the kill (the kill comes mid-stream). */
const USERS = 40;
const TOKENS = 10;

/**
 * A crash under a write load (issue 15, point 6): the server, a process of its own, takes users
 * added by six writers and access tokens granted to two clients at once (tokens are committed in
 * groups, domain/transaction-group.ts), and is killed with SIGKILL in the middle: no shutdown hook
 * runs. A new server over the same database must hold every write that was answered "ok" before
 * the kill: each user, and each token, still active. Answers cut off by the kill were never
 * acknowledged and may or may not have been kept.
 */
for (const engine of testEngines()) {
  describe(`kill -9 under a write load [${engine}]`, () => {
    let database: TestDatabase;
    let running: SecondInstance | undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-durability-'));
    const start = async () => {
      running = await startSecondInstance(database.url, dataDir, { INIT_ADMIN_PASSWORD: ADMIN_PASSWORD });
      return running;
    };

    afterAll(async () => {
      await running?.kill();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses no acknowledged write', async () => {
      database = await createMigratedDatabase(engine);
      const before = await start();
      const admin = await signedInAdmin(before.url);
      const app = await createOAuthApplication(admin, 'durable', { grantTypes: ['client_credentials'] });

      const users: string[] = [];
      const tokens: string[] = [];
      let attempted = 0;
      let stopping = false;
      const writer = async (id: number) => {
        for (let i = 0; !stopping; i++) {
          const name = `crash-${id}-${i}`;
          attempted++;
          const answer = await admin
            .post('/api/add-user', { owner: 'built-in', name, displayName: `Crash ${id} ${i}` })
            .catch(() => null);
          if (answer?.status === 'ok') users.push(name);
        }
      };
      const granter = async () => {
        while (!stopping) {
          attempted++;
          const answer = await postOAuthForm(before.url, '/api/login/oauth/access_token', {
            grant_type: 'client_credentials',
            client_id: app.clientId,
            client_secret: app.clientSecret,
          }).catch(() => null);
          if (answer?.status === 200) {
            const body = (await answer.json().catch(() => null)) as { access_token?: string } | null;
            if (body?.access_token) tokens.push(body.access_token);
          }
        }
      };
      const load = Promise.all([...Array.from({ length: 6 }, (_, id) => writer(id)), granter(), granter()]);
      await expect.poll(() => users.length >= USERS && tokens.length >= TOKENS, { timeout: 60_000, interval: 20 }).toBe(true);
      // Killed with requests in flight; what was answered before this line counts.
      const ackedUsers = users.slice();
      const ackedTokens = tokens.slice();
      await before.kill();
      stopping = true;
      await load;

      const after = await start();
      const reader = await signedInAdmin(after.url);
      const stored = new Set(
        ((await reader.get('/api/get-users', { owner: 'built-in' })).data as { name: string }[]).map((user) => user.name),
      );
      const lostUsers = ackedUsers.filter((name) => !stored.has(name));
      const inactive: string[] = [];
      for (const token of ackedTokens) {
        const answer = await postOAuthForm(after.url, '/api/login/oauth/introspect', {
          token,
          token_type_hint: 'access_token',
          client_id: app.clientId,
          client_secret: app.clientSecret,
        });
        const body = (await answer.json()) as { active?: boolean };
        if (body.active !== true) inactive.push(token.slice(-12));
      }
      console.log(
        `[${engine}] kill -9 under load: ${attempted} writes attempted, ${ackedUsers.length} users and ${ackedTokens.length} tokens acknowledged, lost: ${lostUsers.length + inactive.length}`,
      );
      expect(lostUsers).toEqual([]);
      expect(inactive).toEqual([]);
    }, 120_000);
  });
}
