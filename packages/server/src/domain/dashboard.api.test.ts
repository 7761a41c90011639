import { DASHBOARD_SERIES, nowRfc3339 } from '@gatehouse/entities';
import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { users } from './user.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => nowRfc3339(new Date(Date.now() - n * DAY));

describeEachDatabase('GET /api/get-dashboard', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'dashorg');
    // Users created 40, 10 and 2 days ago (the server dates what it records itself).
    for (const [name, age] of [
      ['old', 40],
      ['tenday', 10],
      ['twoday', 2],
    ] as const) {
      await users.create(server().ctx, 'system', { owner: 'dashorg', name, createdTime: daysAgo(age) });
    }
  });

  it('answers the totals at the end of each of the last 31 days for every series', async () => {
    const answer = await team.orgAdmin.get('/api/get-dashboard', { owner: 'dashorg' });
    expect(answer.status, answer.msg).toBe('ok');
    expect(Object.keys(answer.data).sort()).toEqual(DASHBOARD_SERIES.map((name) => `${name}Counts`).sort());
    const counts: number[] = answer.data.userCounts;
    expect(counts).toHaveLength(31);
    // boss, worker (today), twoday, tenday and old: the totals only grow.
    expect(counts[30]).toBe(5);
    expect(counts[0]).toBe(1);
    expect(counts[20]).toBe(2);
    expect(counts[29]).toBe(3);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] ?? 0);
    // The organization itself, and series of entities this release does not have, count 0s.
    expect(answer.data.organizationCounts[30]).toBe(1);
    expect(answer.data.enforcerCounts).toEqual(Array.from({ length: 31 }, () => 0));
  });

  it('holds an organization admin to their organization, and lets a global admin see all', async () => {
    const other = await team.orgAdmin.get('/api/get-dashboard', { owner: 'built-in' });
    expect(other).toMatchObject({ status: 'error' });
    const all = await team.admin.get('/api/get-dashboard', { owner: 'All' });
    expect(all.data.userCounts[30]).toBeGreaterThanOrEqual(6);
    expect(all.data.organizationCounts[30]).toBeGreaterThanOrEqual(2);
  });

  it('refuses ordinary users and anonymous callers', async () => {
    expect(await team.member.get('/api/get-dashboard', { owner: 'dashorg' })).toMatchObject({
      status: 'error',
      msg: 'Unauthorized operation',
    });
  });
});
