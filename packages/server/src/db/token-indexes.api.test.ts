import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { tokens } from '../domain/token.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { UNUSED_TOKEN_INDEXES } from './migrations/0029_token_indexes.js';

/** The indexes that have a query (migrations/0029_token_indexes.ts). */
const USED = [
  'token_access_token_hash_key',
  'token_refresh_token_hash_key',
  'token_code_key',
  'token_family_idx',
  'token_organization_name_idx',
  'token_organization_user_idx',
  'token_created_time_idx',
  'token_organization_created_time_idx',
  'token_application_idx',
  'token_user_idx',
  'token_expires_in_idx',
];

const ORGANIZATIONS = ['built-in', 'org-b', 'org-a'];

interface IndexRow {
  name: string;
}

/**
 * The token table keeps one index of each pair that ordered its rows alike (migration 0029), on
 * every engine, and its lists keep their orders: of all organizations and of one, by name and by
 * organization (the orders the dropped indexes were made for).
 */
describeEachDatabase('the token table after migration 0029', (server, engine) => {
  let admin: ApiClient;

  beforeAll(async () => {
    for (let i = 0; i < 12; i++) {
      const organization = ORGANIZATIONS[i % ORGANIZATIONS.length] ?? 'built-in';
      await tokens.create(
        server().ctx,
        'system',
        { owner: 'admin', name: `index-${String((i * 7) % 12).padStart(2, '0')}`, organization, application: 'app-built-in' },
        { newKey: true },
      );
    }
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
  });

  it('drops the two copies and keeps every index a query uses', async () => {
    const { db } = server().ctx.database;
    const query =
      engine === 'sqlite'
        ? sql<IndexRow>`select name from sqlite_master where type = 'index' and tbl_name = 'token'`
        : engine === 'postgres'
          ? sql<IndexRow>`select indexname as name from pg_indexes where tablename = 'token'`
          : sql<IndexRow>`select distinct index_name as name from information_schema.statistics
              where table_schema = database() and table_name = 'token'`;
    const names = (await query.execute(db)).rows.map((row) => row.name);
    for (const dropped of UNUSED_TOKEN_INDEXES) expect(names).not.toContain(dropped);
    for (const used of USED) expect(names).toContain(used);
  });

  it('lists tokens by name and by organization, of every organization and of one', async () => {
    const stored = await server().ctx.database.db.selectFrom('token').select(['name', 'organization']).execute();
    const byName = stored.map((t) => t.name).sort();
    const byOrganization = [...stored]
      .sort((a, b) => a.organization.localeCompare(b.organization) || a.name.localeCompare(b.name))
      .map((t) => t.name);
    const names = async (query: Record<string, string | number>) => {
      const page = await admin.get<{ name: string }[]>('/api/get-tokens', { p: 1, pageSize: 100, ...query });
      expect(page.status, page.msg).toBe('ok');
      return (page.data ?? []).map((t) => t.name);
    };
    expect(await names({ sortField: 'name', sortOrder: 'ascend' })).toEqual(byName);
    expect(await names({ sortField: 'name', sortOrder: 'descend' })).toEqual([...byName].reverse());
    expect(await names({ sortField: 'organization', sortOrder: 'ascend' })).toEqual(byOrganization);
    expect(await names({ sortField: 'organization', sortOrder: 'descend' })).toEqual([...byOrganization].reverse());
    const ofOrgB = stored
      .filter((t) => t.organization === 'org-b')
      .map((t) => t.name)
      .sort();
    expect(await names({ organization: 'org-b', sortField: 'name', sortOrder: 'ascend' })).toEqual(ofOrgB);
  });
});
