import { randomUUID } from 'node:crypto';
import {
  DEFINITIONS,
  type EntityDefinition,
  fieldEntries,
  hasGeneratedKey,
  isReadOnly,
  keyFieldOf,
  MASK,
  nowRfc3339,
  randomId,
  searchableFields,
  sortableFields,
} from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

const ADMIN_VIEWER = { owner: 'built-in', name: 'admin', level: 'globalAdmin' as const };

function newRecordOf(def: EntityDefinition<any>): Record<string, unknown> {
  const base = def.newRecord({ organization: 'built-in', viewer: ADMIN_VIEWER, random: randomId, now: nowRfc3339 });
  // Keep the contract fast: a cert in the contract needs no 4096-bit key.
  if (def.name === 'cert') return { ...base, bitSize: 2048 };
  // A generated key (an LDAP server's id) is given here, so that the contract knows the record's id.
  if (hasGeneratedKey(def)) return { ...base, [keyFieldOf(def)]: randomUUID() };
  return base;
}

/** Values the client should read back as sent (secrets and passwords are masked or hashed). */
function comparable(def: EntityDefinition<any>, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of fieldEntries(def)) {
    if (!(key in record) || field.serverOnly || field.hidden || field.kind === 'password' || field.kind === 'secret') continue;
    out[key] = record[key];
  }
  return out;
}

function sortKey(value: unknown): string | null {
  if (typeof value === 'number') return String(value).padStart(12, '0');
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = String(value);
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(text)) return text;
  return /^[a-z0-9]*$/.test(text) ? text : null;
}

/**
 * The contract every registered entity keeps, whatever it is: the five wire routes, validation,
 * allow-listed search and sort, renames, duplicates, anonymous refusal and deletion.
 */
describeEachDatabase('CRUD contract', (server) => {
  let admin: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    anonymous = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
  });

  // Views (sessions) have routes of their own, tested beside their domain (domain/session.api.test.ts).
  for (const def of DEFINITIONS.filter((d) => !d.view)) {
    describe(def.name, () => {
      const record = newRecordOf(def);
      // The record's key within its owner: its name, or the definition's keyField.
      const keyField = keyFieldOf(def);
      const key = String(record[keyField]);
      const owner = String(def.fixedOwner ?? record.owner);
      const id = `${owner}/${key}`;
      const renamed = `${key}_renamed`;
      // Read-only entities (verifications) are written by the server's own work only: the contract
      // stores their record directly and checks that every write route refuses.
      const readOnly = isReadOnly(def.access);
      // Records whose name never changes after they are added (payments, transactions): a rename is refused.
      const nameRule = def.fields[keyField]?.editable;
      const renameable = !readOnly && def.access.update !== 'nobody' && (!nameRule || nameRule({ viewer: ADMIN_VIEWER, record }));
      const lastName = renameable ? renamed : key;

      it.runIf(readOnly)('refuses every write, even to a global admin, and reads records back masked', async () => {
        const full: Record<string, unknown> = {};
        for (const [key, field] of fieldEntries(def)) full[key] = key in record ? record[key] : field.empty();
        await server()
          .ctx.repo(def)
          .insert({ ...full, createdTime: nowRfc3339() });
        const refused = { status: 'error', code: 'unauthorized' };
        expect(await admin.post(`/api/add-${def.name}`, { ...record, [keyField]: `${key}_2` })).toMatchObject(refused);
        expect(await admin.post(`/api/update-${def.name}`, { ...record, [keyField]: renamed }, { id })).toMatchObject(refused);
        expect(await admin.post(`/api/delete-${def.name}`, { owner, [keyField]: key })).toMatchObject(refused);
        const got = await admin.get(`/api/get-${def.name}`, { id });
        expect(got.data).toMatchObject(comparable(def, record));
        for (const [key, field] of fieldEntries(def)) {
          if (field.hidden) expect(got.data).not.toHaveProperty(key);
          if (field.kind === 'password') expect(['', MASK]).toContain(got.data[key]);
        }
      });

      it.skipIf(readOnly)('adds a record with generated defaults and reads it back', async () => {
        const added = await admin.post(`/api/add-${def.name}`, record);
        expect(added).toMatchObject({ status: 'ok', data: 'Affected' });
        const got = await admin.get(`/api/get-${def.name}`, { id });
        expect(got.status).toBe('ok');
        expect(got.data).toMatchObject(comparable(def, record));
        expect(got.data.createdTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        for (const [key, field] of fieldEntries(def)) {
          if (field.hidden) expect(got.data).not.toHaveProperty(key);
          if (field.kind === 'password') expect(['', MASK]).toContain(got.data[key]);
        }
      });

      it.skipIf(readOnly)('refuses a duplicate owner/name and changes nothing', async () => {
        const again = await admin.post(`/api/add-${def.name}`, { ...record, displayName: 'changed' });
        expect(again).toMatchObject({ status: 'error', code: 'duplicate' });
        const got = await admin.get(`/api/get-${def.name}`, { id });
        if ('displayName' in record) expect(got.data.displayName).toBe(record.displayName);
      });

      it('pages the list with the total in data2', async () => {
        // The audit records of earlier calls are written in the background: written first, both reads see the same rows.
        await server().recordQueue.flush();
        const page = await admin.get(`/api/get-${def.plural}`, { [def.orgParam]: '', owner: def.fixedOwner, p: 1, pageSize: 1 });
        expect(page.status).toBe('ok');
        expect(page.data).toHaveLength(1);
        expect(page.data2).toBeGreaterThanOrEqual(1);
        const all = await admin.get(`/api/get-${def.plural}`, { [def.orgParam]: '', owner: def.fixedOwner });
        expect(all.data2).toBeNull();
        expect(all.data.length).toBe(Number(page.data2));
      });

      for (const field of sortableFields(def)) {
        it(`sorts by ${field} both ways`, async () => {
          const lists: Record<string, unknown>[][] = [];
          // All rows (the audit records of this suite's calls outgrow a page), the waiting records written first.
          await server().recordQueue.flush();
          for (const sortOrder of ['ascend', 'descend'] as const) {
            const res = await admin.get(`/api/get-${def.plural}`, { sortField: field, sortOrder });
            expect(res.status).toBe('ok');
            lists.push(res.data);
          }
          const [ascend, descend] = lists as [Record<string, unknown>[], Record<string, unknown>[]];
          const idsOf = (rows: Record<string, unknown>[]) => rows.map((r) => `${r.owner}/${r[keyField]}`);
          expect(idsOf(descend)).toEqual(idsOf(ascend).reverse());
          // Engines collate punctuation and case differently; values of lowercase letters and
          // digits (and fixed-format times) order the same everywhere.
          const keys = ascend.map((r) => sortKey(r[field])).filter((k): k is string => k !== null);
          for (let i = 1; i < keys.length; i++) {
            expect((keys[i - 1] as string) <= (keys[i] as string), `${field}: ${keys[i - 1]} before ${keys[i]}`).toBe(true);
          }
        });
      }

      for (const field of searchableFields(def)) {
        it(`finds the record by ${field}`, async () => {
          const value = String(record[field] ?? '');
          if (value === '' || typeof record[field] !== 'string') return;
          const spec = def.fields[field];
          const needle = spec?.searchable ? value.slice(1, -1) || value : value;
          const res = await admin.get(`/api/get-${def.plural}`, { p: 1, pageSize: 100, field, value: needle });
          expect(res.status).toBe('ok');
          expect((res.data as Record<string, unknown>[]).map((r) => r[keyField])).toContain(key);
        });
      }

      it('refuses unknown sort and search fields instead of passing them to SQL', async () => {
        const badSort = await admin.get(`/api/get-${def.plural}`, {
          p: 1,
          pageSize: 10,
          sortField: 'name; drop table user',
          sortOrder: 'ascend',
        });
        expect(badSort).toMatchObject({ status: 'error', code: 'unknownSortField' });
        const badSearch = await admin.get(`/api/get-${def.plural}`, { p: 1, pageSize: 10, field: 'password', value: 'x' });
        expect(badSearch).toMatchObject({ status: 'error', code: 'unknownSearchField' });
        const badOrder = await admin.get(`/api/get-${def.plural}`, { p: 1, pageSize: 10, sortField: keyField, sortOrder: 'up' });
        expect(badOrder).toMatchObject({ status: 'error', code: 'badSortOrder' });
        const badPage = await admin.get(`/api/get-${def.plural}`, { p: 0, pageSize: 10 });
        expect(badPage).toMatchObject({ status: 'error', code: 'badPage' });
      });

      it('treats LIKE wildcards in a search as text', async () => {
        const field = def.fields.name?.searchable ? 'name' : searchableFields(def)[0];
        const res = await admin.get(`/api/get-${def.plural}`, { p: 1, pageSize: 10, field, value: '%' });
        expect(res.status).toBe('ok');
        expect(res.data).toHaveLength(0);
      });

      it('refuses anonymous writes and protected reads', async () => {
        const add = await anonymous.post(`/api/add-${def.name}`, { ...record, [keyField]: `${key}_anon` });
        expect(add).toMatchObject({ status: 'error', code: 'pleaseLogin' });
        const update = await anonymous.post(`/api/update-${def.name}`, record, { id });
        expect(update).toMatchObject({ status: 'error', code: 'pleaseLogin' });
        const del = await anonymous.post(`/api/delete-${def.name}`, { owner, [keyField]: key });
        expect(del).toMatchObject({ status: 'error', code: 'pleaseLogin' });
        if (def.access.list !== 'anyone') {
          expect(await anonymous.get(`/api/get-${def.plural}`, { p: 1, pageSize: 10 })).toMatchObject({
            status: 'error',
            code: 'pleaseLogin',
          });
        }
      });

      it.skipIf(readOnly)('validates field values and names', async () => {
        // Names that are file paths (resources) may hold "/", but never climb out of their folder.
        // A key other than the name (a generated id) is checked as its field: its pattern, and never empty.
        const bad = def.pathName ? 'up/../escape' : 'has/slash';
        const badName = await admin.post(`/api/update-${def.name}`, { ...record, [keyField]: bad }, { id });
        const badCode = keyField !== 'name' ? 'invalidField' : def.pathName ? 'badPathName' : 'badName';
        expect(badName).toMatchObject({ status: 'error', code: badCode });
        const emptyName = await admin.post(`/api/update-${def.name}`, { ...record, [keyField]: '' }, { id });
        expect(emptyName).toMatchObject({ status: 'error', code: keyField !== 'name' ? 'invalidField' : 'nameRequired' });
        const [intField] = fieldEntries(def).find(([, f]) => f.kind === 'int' && !f.serverOnly) ?? [];
        if (intField) {
          const badInt = await admin.post(`/api/update-${def.name}`, { ...record, [intField]: 'many' }, { id });
          expect(badInt).toMatchObject({ status: 'error', code: 'invalidField' });
        }
        const [boolField] = fieldEntries(def).find(([, f]) => f.kind === 'bool' && !f.serverOnly) ?? [];
        if (boolField) {
          const badBool = await admin.post(`/api/update-${def.name}`, { ...record, [boolField]: 'yes' }, { id });
          expect(badBool).toMatchObject({ status: 'error', code: 'invalidField' });
        }
        expect((await admin.get(`/api/get-${def.name}`, { id })).data[keyField]).toBe(key);
      });

      it.runIf(!readOnly && !renameable)('keeps its name: a rename is refused and changes nothing', async () => {
        const res = await admin.post(`/api/update-${def.name}`, { ...record, [keyField]: renamed }, { id });
        expect(res.status).toBe('error');
        expect((await admin.get(`/api/get-${def.name}`, { id })).data[keyField]).toBe(key);
        expect((await admin.get(`/api/get-${def.name}`, { id: `${owner}/${renamed}` })).data).toBeNull();
      });

      it.runIf(renameable)('renames through update and follows the new id', async () => {
        const res = await admin.post(`/api/update-${def.name}`, { ...record, [keyField]: renamed }, { id });
        expect(res).toMatchObject({ status: 'ok', data: 'Affected' });
        expect((await admin.get(`/api/get-${def.name}`, { id })).data).toBeNull();
        expect((await admin.get(`/api/get-${def.name}`, { id: `${owner}/${renamed}` })).data[keyField]).toBe(renamed);
      });

      it.skipIf(readOnly)('deletes, then reports nothing left to delete', async () => {
        const first = await admin.post(`/api/delete-${def.name}`, { owner, [keyField]: lastName });
        expect(first).toMatchObject({ status: 'ok', data: 'Affected' });
        expect((await admin.get(`/api/get-${def.name}`, { id: `${owner}/${lastName}` })).data).toBeNull();
        const second = await admin.post(`/api/delete-${def.name}`, { owner, [keyField]: lastName });
        expect(second).toMatchObject({ status: 'ok', data: 'Unaffected' });
      });
    });
  }
});
