import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Built, buildApp } from '../app.js';
import { claimDueJob, claimJob, releaseJob } from '../db/job-lease.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../test-support/sync-source.js';

const MINUTE = 60_000;

/**
 * The job leases (db/job-lease.ts) on each engine, and the scheduler: an enabled syncer runs at
 * once and then not again within its interval, although two instances over one database tick
 * every second.
 */
describeEachDatabase(
  'scheduled syncers',
  (server, engine) => {
    describe('job leases', () => {
      it('lets exactly one of concurrent claims take a due job, and moves its next run on', async () => {
        const { db } = server().ctx.database;
        const now = Date.now();
        const claims = await Promise.all(
          ['a', 'b', 'c', 'd'].map((holder) => claimDueJob(db, 'test:race', holder, MINUTE, { leaseMs: MINUTE, now })),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        const winner = ['a', 'b', 'c', 'd'][claims.indexOf(true)] ?? '';
        await releaseJob(db, 'test:race', winner);
        expect(await claimDueJob(db, 'test:race', 'a', MINUTE, { leaseMs: MINUTE, now: now + 1000 })).toBe(false);
        expect(await claimDueJob(db, 'test:race', 'a', MINUTE, { leaseMs: MINUTE, now: now + MINUTE + 1 })).toBe(true);
      });

      it('refuses a held lease until it expires, whether due or on demand', async () => {
        const { db } = server().ctx.database;
        const now = Date.now();
        expect(await claimJob(db, 'test:held', 'a', { leaseMs: 1000, now })).toBe(true);
        expect(await claimJob(db, 'test:held', 'b', { leaseMs: 1000, now: now + 500 })).toBe(false);
        expect(await claimJob(db, 'test:held', 'b', { leaseMs: 1000, now: now + 1500 })).toBe(true);
      });
    });

    describe('the scheduler', () => {
      let second: Built | undefined;
      let admin: ApiClient;
      let source: SyncSource;

      beforeAll(async () => {
        // A second instance over the same database, ticking every second too.
        second = await buildApp({ ...server().ctx.config }, { logger: false, builtInCert: inject('builtInCert') });
        admin = new ApiClient(server().url);
        await admin.login('admin', ADMIN_PASSWORD);
        await admin.post('/api/add-organization', { owner: 'admin', name: 'cron' });
        source = await createSyncSource(engine, server().ctx.config.dataDir);
        await source.exec('create table staff (login varchar(100) primary key)');
        await source.exec("insert into staff (login) values ('una'), ('vic')");
      });

      afterAll(async () => {
        await second?.app.close();
        await source?.close();
      });

      it('runs an enabled syncer at once, then not again within its interval', async () => {
        const added = await admin.post('/api/add-syncer', {
          owner: 'admin',
          name: 'cron',
          organization: 'cron',
          ...source.settings,
          table: 'staff',
          tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
          syncInterval: 1,
          isEnabled: true,
        });
        expect(added).toMatchObject({ status: 'ok' });
        const status = async () => (await admin.get('/api/get-syncer', { id: 'admin/cron' })).data.syncStatus;
        for (let i = 0; i < 100 && (await status()).state !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 100));
        const first = await status();
        expect(first).toMatchObject({ state: 'succeeded', added: 2 });
        // Several ticks of both instances later: still the same run.
        await new Promise((r) => setTimeout(r, 3000));
        expect(await status()).toEqual(first);
        expect((await admin.get('/api/get-users', { owner: 'cron' })).data).toHaveLength(2);
      });

      it('leaves disabled syncers alone', async () => {
        await admin.post('/api/add-syncer', {
          owner: 'admin',
          name: 'idle',
          organization: 'cron',
          ...source.settings,
          table: 'staff',
          tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
          isEnabled: false,
        });
        await new Promise((r) => setTimeout(r, 2000));
        expect((await admin.get('/api/get-syncer', { id: 'admin/idle' })).data.syncStatus.state).toBe('');
      });
    });
  },
  { jobTickSeconds: 1 },
);
