import { ldap as ldapDef, user as userDef } from '@gatehouse/entities';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ldaps } from '../domain/ldap.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { type Slapd, startSlapd } from '../test-support/slapd.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { isSyncDue, LdapAutoSync } from './ldap-auto-sync.js';

const MINUTE = 60_000;

/** The LDAP auto sync: every autoSync minutes, once across instances. */
describeEachDatabase('LDAP auto sync', (server) => {
  let team: Team;
  let slapd: Slapd;
  let key: { owner: string; name: string };
  const ORG = 'autoorg';

  const usersOfOrg = async () =>
    (
      await server()
        .ctx.repo(userDef)
        .list({ organization: ORG, sort: { field: 'name', order: 'asc' } }, ORG)
    ).records
      .filter((user) => user.ldap)
      .map((user) => user.name);
  const stored = async () => server().ctx.repo(ldapDef).get(key.owner, key.name);
  /** Makes the last sync `minutes` ago. */
  const lastSyncAgo = (minutes: number) =>
    ldaps.update(
      server().ctx,
      'system',
      key,
      { lastSync: new Date(Date.now() - minutes * MINUTE).toISOString().replace(/\.\d{3}Z$/, 'Z') },
      { columns: ['lastSync'] },
    );

  beforeAll(async () => {
    // The server's own instance would run on its clock; these tests run instances of their own.
    await server().ldapAutoSync.close();
    slapd = await startSlapd({ people: [{ uid: 'ann', cn: 'Ann One', password: 'ann-pw', uidNumber: 3001 }] });
    team = await organizationTeam(server().url, ORG);
    const added = await team.admin.post('/api/add-ldap', slapd.serverRecord(ORG, { autoSync: 0 }));
    key = { owner: ORG, name: added.data2.id };
  });
  afterAll(async () => {
    await slapd?.stop();
  });

  it('leaves servers alone while their auto sync is 0', async () => {
    const run = await new LdapAutoSync(server().ctx).runDue();
    expect(run.synced).not.toContain(`${ORG}/${key.name}`);
    expect(await usersOfOrg()).toEqual([]);
    expect((await stored())?.lastSync).toBe('');
  });

  it('syncs every directory user when due, then waits for the interval', async () => {
    const ldap = await stored();
    expect(await team.admin.post('/api/update-ldap', { ...ldap, autoSync: 5 }, { id: `${ORG}/${key.name}` })).toMatchObject({
      status: 'ok',
    });
    const job = new LdapAutoSync(server().ctx);
    expect((await job.runDue()).synced).toEqual([`${ORG}/${key.name}`]);
    expect(await usersOfOrg()).toEqual(['ann']);
    expect((await stored())?.lastSync).toMatch(/^\d{4}-/);
    // Not due again before five minutes have passed.
    expect((await job.runDue()).synced).toEqual([]);
    await slapd.addPeople([{ uid: 'ben', cn: 'Ben Two', password: 'ben-pw', uidNumber: 3002 }]);
    expect((await job.runDue(Date.now() + 6 * MINUTE)).synced).toEqual([`${ORG}/${key.name}`]);
    expect(await usersOfOrg()).toEqual(['ann', 'ben']);
  });

  it('runs a due server once when several instances look at the same time', async () => {
    await slapd.addPeople([{ uid: 'cat', cn: 'Cat Three', password: 'cat-pw', uidNumber: 3003 }]);
    await lastSyncAgo(10);
    const instances = [new LdapAutoSync(server().ctx), new LdapAutoSync(server().ctx), new LdapAutoSync(server().ctx)];
    const runs = await Promise.all(instances.map((job) => job.runDue()));
    const id = `${ORG}/${key.name}`;
    // One instance syncs it; each other one either finds it leased (skipped) or, having looked after
    // that sync wrote lastSync, no longer due: none syncs it again, none fails.
    expect(runs.filter((run) => run.synced.includes(id))).toHaveLength(1);
    expect(runs.filter((run) => run.skipped.includes(id)).length).toBeLessThanOrEqual(2);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(await usersOfOrg()).toEqual(['ann', 'ben', 'cat']);
    // The lease is given back (db/job-lease.ts, whose claims and expiry the syncer scheduler's tests cover).
    const leases = await server().ctx.database.db.selectFrom('jobLease').selectAll().where('id', 'like', 'ldap-sync:%').execute();
    expect(leases.map((lease) => lease.holder)).toEqual(['']);
  });

  it('looks for due servers on its own clock once started, and stops on close', async () => {
    await slapd.addPeople([{ uid: 'dan', cn: 'Dan Four', password: 'dan-pw', uidNumber: 3004 }]);
    await lastSyncAgo(10);
    const job = new LdapAutoSync(server().ctx, 50);
    job.start();
    try {
      await expect.poll(usersOfOrg, { timeout: 10_000 }).toEqual(['ann', 'ben', 'cat', 'dan']);
    } finally {
      await job.close();
    }
  });

  it('knows when a sync is due', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(isSyncDue('', 5, now)).toBe(true);
    expect(isSyncDue('2026-01-01T11:55:00Z', 5, now)).toBe(true);
    expect(isSyncDue('2026-01-01T11:56:00Z', 5, now)).toBe(false);
    expect(isSyncDue('', 0, now)).toBe(false);
  });
});
