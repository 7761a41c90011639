import fs from 'node:fs';
import path from 'node:path';
import { adapter as adapterDef, type CasbinRule } from '@gatehouse/entities';
import { beforeAll, expect, it } from 'vitest';
import { withExternalDb } from '../../integrations/database/external-db.js';
import { organizationTeam } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { wireRule } from './enforcer-policies.js';
import type { RuleRow } from './policy-rows.js';
import { ruleStoreOf } from './policy-store.js';

/**
 * get-policies pages on the server (issue 14): without p/pageSize every policy as Casdoor answers
 * it; with them one page read with LIMIT/OFFSET from the adapter's table and the total in data2.
 */

const ORG = 'pageorg';
const P_ROWS = 130;
const G_ROWS = 7;
const TOTAL = P_ROWS + G_ROWS;

/** 130 p rows with 7 g rows stored among them, and one row of a ptype the model does not define. */
function seedRows(): RuleRow[] {
  const rows: RuleRow[] = [];
  for (let i = 0; i < P_ROWS; i++) {
    rows.push({ ptype: 'p', values: [`user${i}`, `data${i}`, 'read'] });
    if (i % 20 === 5) rows.push({ ptype: 'g', values: [`user${i}`, `role${i}`] });
    if (i === 64) rows.push({ ptype: 'p9', values: ['stray', 'row'] });
  }
  return rows;
}

/** What the engine answers: the p rows in stored order, then the g rows; the stray ptype left out. */
/** The rows as get-policies answers them, in order; each with its table id (any number, as Casdoor's CasbinRule.Id). */
function expectedOrder(rows: RuleRow[]): CasbinRule[] {
  return [...rows.filter((r) => r.ptype === 'p'), ...rows.filter((r) => r.ptype === 'g')].map((row) => ({
    ...wireRule(row),
    Id: expect.any(Number),
  }));
}

describeEachDatabase('get-policies pages on the server', (server, engine) => {
  let admin: ApiClient;
  let member: ApiClient;
  const rows = seedRows();

  /** An adapter (its settings), an enforcer over it with the default model, and the seeded rows. */
  async function enforcerWithRows(name: string, adapterSettings: Record<string, unknown>): Promise<string> {
    expect(await admin.post('/api/add-adapter', { owner: ORG, name, ...adapterSettings })).toMatchObject({ status: 'ok' });
    expect(
      await admin.post('/api/add-enforcer', {
        owner: ORG,
        name: `${name}-enforcer`,
        model: `${ORG}/rbac`,
        adapter: `${ORG}/${name}`,
      }),
    ).toMatchObject({ status: 'ok' });
    const adapter = await server().ctx.repo(adapterDef).get(ORG, name);
    if (!adapter) throw new Error(`adapter ${name} missing`);
    await ruleStoreOf(server().ctx, adapter).add(rows);
    return `${ORG}/${name}-enforcer`;
  }

  /** Every page of the enforcer's policies agrees with the call without paging. */
  async function checkPages(id: string) {
    const all = await admin.get<CasbinRule[]>('/api/get-policies', { id });
    expect(all).toEqual({ status: 'ok', msg: '', data: expectedOrder(rows) });
    expect(all.data).toHaveLength(TOTAL);
    const page = (p: number, pageSize: number) => admin.get<CasbinRule[], number>('/api/get-policies', { id, p, pageSize });
    const expected = expectedOrder(rows);
    expect(await page(1, 100)).toEqual({ status: 'ok', msg: '', data: expected.slice(0, 100), data2: TOTAL });
    // Page 2 holds the last p rows and every g row (one read per ptype).
    expect(await page(2, 100)).toEqual({ status: 'ok', msg: '', data: expected.slice(100), data2: TOTAL });
    expect(await page(3, 45)).toEqual({ status: 'ok', msg: '', data: expected.slice(90, 135), data2: TOTAL });
    expect(await page(27, 5)).toEqual({ status: 'ok', msg: '', data: expected.slice(130, 135), data2: TOTAL });
    expect(await page(3, 100)).toEqual({ status: 'ok', msg: '', data: [], data2: TOTAL });
  }

  beforeAll(async () => {
    const team = await organizationTeam(server().url, ORG);
    admin = team.admin;
    member = team.member;
    expect(await admin.post('/api/add-model', { owner: ORG, name: 'rbac' })).toMatchObject({ status: 'ok' });
  });

  it('answers every policy without p and pageSize, and one page with its total in data2 with them', async () => {
    const id = await enforcerWithRows('same', { table: 'page_rules', useSameDb: true });
    const raw = await admin.raw('GET', '/api/get-policies', { query: { id } });
    // Casdoor's shape, unchanged: no data2, each rule exactly {Ptype, V0..V5}.
    const body: unknown = await raw.json();
    expect(Object.keys(body ?? {}).sort()).toEqual(['data', 'msg', 'status']);
    await checkPages(id);
  });

  it(`pages an external ${engine} adapter table the same way`, async () => {
    const table = `gh_page_rules_${engine}_${Date.now() % 100000}`;
    const settings =
      engine === 'sqlite'
        ? { databaseType: 'sqlite3', database: `${table}.db` }
        : engine === 'postgres'
          ? { databaseType: 'postgres', host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'test' }
          : { databaseType: 'mysql', host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
    if (engine === 'sqlite') fs.mkdirSync(path.join(server().ctx.config.dataDir, 'adapters'), { recursive: true });
    const adapterSettings = { table, useSameDb: false, type: 'Database', ...settings };
    try {
      await checkPages(await enforcerWithRows('external', adapterSettings));
    } finally {
      const adapter = await server().ctx.repo(adapterDef).get(ORG, 'external');
      if (adapter)
        await withExternalDb(server().ctx.services.outbound, adapter, server().ctx.config.dataDir, (db) =>
          db.run(`drop table if exists ${db.quote(table)}`),
        );
    }
  });

  it('refuses bad paging with the error envelope of every list', async () => {
    const id = `${ORG}/same-enforcer`;
    for (const [p, pageSize] of [
      [1, 0],
      [1, 1001],
      [0, 100],
      [1, 'ten'],
      [1.5, 100],
    ]) {
      const refused = await admin.get('/api/get-policies', { id, p, pageSize });
      expect(refused).toEqual({
        status: 'error',
        msg: 'p and pageSize must be positive whole numbers (pageSize at most 1000)',
        code: 'badPage',
        data: null,
        data2: null,
      });
      expect(refused).toEqual(await admin.get('/api/get-models', { owner: ORG, p, pageSize }));
    }
  });

  it('keeps a page to who may read the enforcer', async () => {
    const refused = await member.get('/api/get-policies', { id: `${ORG}/same-enforcer`, p: 1, pageSize: 100 });
    expect(refused.status).toBe('error');
    expect(refused.data).toBeNull();
    expect(await admin.get('/api/get-policies', { id: `${ORG}/nothing`, p: 1, pageSize: 100 })).toMatchObject({
      status: 'error',
      code: 'enforcerNotFound',
    });
  });

  it('reads a page without rebuilding the engine; sync=true drops it, so that its next use reads the adapter again', async () => {
    const id = `${ORG}/same-enforcer`;
    const before = await server().ctx.services.authorization.engines.engineOf(id);
    const adapter = await server().ctx.repo(adapterDef).get(ORG, 'same');
    if (!adapter) throw new Error('adapter missing');
    // A row written behind the engine's back (another tool writing the adapter's table).
    await ruleStoreOf(server().ctx, adapter).add([{ ptype: 'g', values: ['late', 'comer'] }]);
    const last = await admin.get<CasbinRule[], number>('/api/get-policies', { id, p: 2, pageSize: 100 });
    expect(last.data2).toBe(TOTAL + 1);
    expect(last.data?.at(-1)).toEqual({ ...wireRule({ ptype: 'g', values: ['late', 'comer'] }), Id: expect.any(Number) });
    expect(await server().ctx.services.authorization.engines.engineOf(id)).toBe(before);
    expect(await before.enforcer.hasGroupingPolicy('late', 'comer')).toBe(false);

    expect((await admin.get('/api/get-policies', { id, p: 1, pageSize: 100, sync: 'true' })).status).toBe('ok');
    const after = await server().ctx.services.authorization.engines.engineOf(id);
    expect(after).not.toBe(before);
    expect(await after.enforcer.hasGroupingPolicy('late', 'comer')).toBe(true);
  });
});
