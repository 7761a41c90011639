import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFINITIONS,
  type EntityDefinition,
  type FieldSpec,
  fieldEntries,
  hasGeneratedKey,
  isReadOnly,
  keyFieldOf,
  nowRfc3339,
  randomId,
  searchableFields,
  sortableFields,
  type Viewer,
} from '@gatehouse/entities';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loose } from '../db/loose.js';
import { en } from '../messages/en.js';
import { signedInAdmin } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import {
  deepJsonText,
  hostileId,
  hostileParam,
  hostileText,
  hostileValueFor,
  INJECTIONS,
  PATH_TRICKS,
  wrongValueFor,
} from '../test-support/hostile.js';
import { describeEachDatabase, runsOn } from '../test-support/suite.js';

/**
 * Hostile input (property-based, fast-check): every list call and every add/update call of the
 * entity registry, and the upload calls, get injection strings, wrong types, huge strings, deep
 * JSON, unicode, prototype keys and invalid ids. Whatever arrives, the answer is the envelope,
 * never a 5xx, an SQL error text or a stack trace, and a refused write changes nothing.
 *
 * The seed is fixed, so a run is repeatable; a failure prints the seed and path to replay it. The
 * full number of runs goes to one engine, a fixed sample of the same inputs to the others (runsOn).
 * The suite prints how many inputs it tried per engine.
 */

const SEED = 20_250_415;
const LIST_RUNS = 24;
const WRITE_RUNS = 12;
const ID_RUNS = 8;
const UPLOAD_RUNS = 40;
/** The upload limit of this suite's server, small enough to send a bigger file quickly. */
const UPLOAD_LIMIT = 64 * 1024;

const ADMIN_VIEWER: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const MESSAGE_KEYS = new Set(Object.keys(en));

/**
 * What an error answer must never contain: database engine errors (SQLite, PostgreSQL, MariaDB),
 * query builder names, stack frames and source paths.
 */
const LEAKS = [
  /SQLITE_|SqliteError/,
  /syntax error/i,
  /SQLSTATE/,
  /\bER_[A-Z_]+/,
  /near "/,
  /relation "/,
  /column "/,
  /UNIQUE constraint|duplicate key value|Duplicate entry|violates/,
  /invalid byte sequence|Incorrect string value|Data too long|out of range for/i,
  /Kysely|node_modules|\.ts:\d+|\.js:\d+/,
  /\bat [\w.<>]+ \(/,
  /TypeError|RangeError|ReferenceError|Maximum call stack/,
];

/** The list calls of the registry: get-{plural}, the global aliases, the own-records calls. */
function listEndpoints(): { path: string; def: EntityDefinition }[] {
  const out: { path: string; def: EntityDefinition }[] = [];
  for (const def of DEFINITIONS) {
    out.push({ path: `/api/get-${def.plural}`, def });
    for (const alias of def.globalListAliases ?? []) out.push({ path: `/api/${alias}`, def });
    if (def.ownRecords) out.push({ path: `/api/${def.ownRecords.listCall}`, def });
  }
  return out;
}

/** A valid new record of `def`, as the console's Add posts it (a generated key given, a cert's key kept small). */
function newRecordOf(def: EntityDefinition): Record<string, unknown> {
  const base = def.newRecord({ organization: 'built-in', viewer: ADMIN_VIEWER, random: randomId, now: nowRfc3339 });
  if (def.name === 'cert') return { ...base, bitSize: 2048 };
  if (hasGeneratedKey(def)) return { ...base, [keyFieldOf(def)]: randomUUID() };
  return base;
}

/** Fields a client sets (the server ignores the others), with the wrong-type check that applies. */
function settable(def: EntityDefinition): [string, FieldSpec][] {
  return fieldEntries(def).filter(([, spec]) => !spec.serverOnly && !spec.hidden);
}

/** JSON text with bigints (MariaDB counts) and buffers written out. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

interface Answer {
  status: number;
  json: { status: string; msg: string; code?: string; data?: unknown; data2?: unknown };
}

describeEachDatabase(
  'hostile input',
  (server, engine) => {
    let admin: ApiClient;
    const tried = { list: 0, write: 0, upload: 0 };
    const endpoints = { list: new Set<string>(), write: new Set<string>(), upload: new Set<string>() };
    /** How the inputs were answered: ok, or the error's code. */
    const answers = new Map<string, number>();

    beforeAll(async () => {
      admin = await signedInAdmin(server().url);
    });

    afterAll(() => {
      const total = tried.list + tried.write + tried.upload;
      // Quoted by docs/security.md ("inputs tried").
      console.log(
        `hostile input [${engine}]: ${total} inputs tried (list ${tried.list} over ${endpoints.list.size} endpoints, ` +
          `add/update/get/delete ${tried.write} over ${endpoints.write.size} endpoints, upload ${tried.upload} over ${endpoints.upload.size} endpoints)`,
      );
      const byCount = [...answers].sort((a, b) => b[1] - a[1]).map(([code, count]) => `${code} ${count}`);
      console.log(`hostile input [${engine}] answers: ${byCount.join(', ')}`);
    });

    /** One request as a browser would send it: the session cookie, Origin on writes. */
    async function send(
      method: 'GET' | 'POST',
      pathAndQuery: string,
      body?: string | Buffer,
      contentType?: string,
    ): Promise<Answer & { raw: string }> {
      const headers: Record<string, string> = { cookie: admin.sessionCookie, 'accept-language': 'en' };
      if (method === 'POST') headers.origin = server().url;
      if (contentType) headers['content-type'] = contentType;
      const response = await fetch(`${server().url}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : new Uint8Array(body),
        redirect: 'manual',
      });
      const raw = await response.text();
      let json: Answer['json'];
      try {
        json = JSON.parse(raw);
      } catch {
        throw new Error(`${method} ${pathAndQuery.slice(0, 200)} answered ${response.status} with no JSON: ${raw.slice(0, 300)}`);
      }
      return { status: response.status, json, raw };
    }

    /**
     * The answer's invariants: below 500, an envelope, and an error that is one of the catalogue's
     * messages without engine text or a stack (echoed inputs are taken out first: a refusal may
     * quote the value it refuses).
     */
    function checkAnswer(answer: Answer & { raw: string }, inputs: readonly unknown[], label: string): void {
      const where = `${label}: ${answer.raw.slice(0, 400)}`;
      expect(answer.status, where).toBeLessThan(500);
      expect(['ok', 'error'], where).toContain(answer.json.status);
      expect(typeof answer.json.msg, where).toBe('string');
      const code = answer.json.status === 'ok' ? 'ok' : String(answer.json.code);
      answers.set(code, (answers.get(code) ?? 0) + 1);
      if (answer.json.status !== 'error') return;
      expect(answer.json.code, where).not.toBe('internal');
      expect(MESSAGE_KEYS.has(String(answer.json.code)), where).toBe(true);
      let scrubbed = answer.json.msg;
      const texts = inputs.flatMap((input) => (typeof input === 'string' ? [input] : [stableJson(input)]));
      for (const text of texts.sort((a, b) => b.length - a.length)) if (text) scrubbed = scrubbed.split(text).join('');
      for (const leak of LEAKS) expect(scrubbed, where).not.toMatch(leak);
    }

    /** Every row of the entity's table, as comparable text. */
    async function snapshot(def: EntityDefinition): Promise<string[]> {
      const rows = await loose(server().ctx.database.db).selectFrom(def.table).selectAll().execute();
      return rows.map((row) => stableJson(row)).sort();
    }

    function polluted(): boolean {
      const probe: Record<string, unknown> = {};
      return 'polluted' in probe || 'isAdmin' in probe;
    }

    describe('list calls', () => {
      for (const { path: listPath, def } of listEndpoints()) {
        it(`${listPath} answers every query with the envelope`, async () => {
          endpoints.list.add(listPath);
          const names = [
            ...new Set(['p', 'pageSize', 'field', 'value', 'sortField', 'sortOrder', 'owner', 'organization', def.orgParam]),
          ];
          const extra = ['groupName', 'withTree', 'organizationName'];
          // Plausible values mixed in, so that hostile ones reach the deeper code (a known field with a hostile value).
          const plausible: Record<string, readonly string[]> = {
            p: ['1', '2'],
            pageSize: ['1', '10', '100'],
            field: searchableFields(def).length > 0 ? searchableFields(def) : ['name'],
            value: ['a', 'built-in'],
            sortField: sortableFields(def).length > 0 ? sortableFields(def) : ['name'],
            sortOrder: ['ascend', 'descend'],
            owner: ['built-in', 'admin', ''],
            organization: ['built-in', ''],
            organizationName: ['built-in'],
            groupName: ['g1', 'built-in/g1'],
            withTree: ['true'],
          };
          const paramValue = (name: string) =>
            fc.option(
              fc.oneof(
                { weight: 3, arbitrary: hostileParam() },
                { weight: 2, arbitrary: fc.constantFrom(...(plausible[name] ?? [''])) },
              ),
              { nil: undefined, freq: 4 },
            );
          const query = fc.record(Object.fromEntries([...names, ...extra].map((name) => [name, paramValue(name)])));
          // Broken percent-encoding, written into the query string as is.
          const rawTail = fc.option(
            fc.constantFrom('value=%', 'field=%zz', 'p=%E0%A4%A', 'owner=%00', 'sortField=%C0%AF', '%=%', '&&&='),
            {
              nil: undefined,
              freq: 5,
            },
          );
          await fc.assert(
            fc.asyncProperty(query, rawTail, async (params, tail) => {
              tried.list++;
              const search = new URLSearchParams();
              const inputs: string[] = [];
              for (const [name, value] of Object.entries(params)) {
                if (value === undefined) continue;
                for (const one of Array.isArray(value) ? value : [value]) {
                  search.append(name, one);
                  inputs.push(one);
                }
              }
              const queryText = [search.toString(), tail].filter(Boolean).join('&');
              const answer = await send('GET', `${listPath}?${queryText}`);
              checkAnswer(answer, inputs, `GET ${listPath}?${queryText.slice(0, 300)}`);
            }),
            { seed: SEED, numRuns: runsOn(engine, LIST_RUNS) },
          );
        });
      }
    });

    it('a search holding a NUL, or the full-text syntax of a search index, answers the list like any other value', async () => {
      // No stored text holds a NUL: such a value matches nothing, on every engine (PostgreSQL would refuse it).
      const values = ['a\u0000b', '\u0000', '"', 'ab"c*', 'NEAR(a b)', 'name : x', '^abc', 'a OR b AND NOT c'];
      for (const { path: listPath, def } of listEndpoints()) {
        const field = searchableFields(def)[0];
        if (!field) continue;
        for (const value of values) {
          for (const owner of [undefined, value.includes('\u0000') ? value : undefined]) {
            const query = new URLSearchParams({ p: '1', pageSize: '10', field, value });
            if (owner !== undefined) query.set(def.orgParam, owner);
            const answer = await send('GET', `${listPath}?${query}`);
            const where = `GET ${listPath}?${query}: ${answer.raw.slice(0, 300)}`;
            expect(answer.json.status, where).toBe('ok');
            expect(Array.isArray(answer.json.data), where).toBe(true);
            if (value.includes('\u0000')) expect(answer.json.data, where).toEqual([]);
          }
        }
      }
    });

    // Views (sessions) are never added or updated; read-only entities refuse every write.
    for (const def of DEFINITIONS.filter((d) => !d.view)) {
      describe(`add-${def.name} and update-${def.name}`, () => {
        const keyField = keyFieldOf(def);
        const readOnly = isReadOnly(def.access);
        const fields = settable(def);
        // The audit trail grows with every call (refused ones too): its table is not compared.
        const compare = !def.history;
        let target: Record<string, unknown> = {};
        let targetId = '';

        beforeAll(async () => {
          const record = newRecordOf(def);
          const owner = String(def.fixedOwner ?? record.owner);
          targetId = `${owner}/${String(record[keyField])}`;
          if (readOnly) {
            const full: Record<string, unknown> = {};
            for (const [key, field] of fieldEntries(def)) full[key] = key in record ? record[key] : field.empty();
            await server()
              .ctx.repo(def)
              .insert({ ...full, createdTime: nowRfc3339() });
          } else {
            expect(await admin.post(`/api/add-${def.name}`, record)).toMatchObject({ status: 'ok' });
          }
          const got = await admin.get(`/api/get-${def.name}`, { id: targetId });
          expect(got.status).toBe('ok');
          target = got.data;
          if (!readOnly && def.access.update !== 'nobody') {
            // The record as read back is a valid update: hostile ones differ from it in one place.
            expect(await admin.post(`/api/update-${def.name}`, target, { id: targetId })).toMatchObject({ status: 'ok' });
          }
        });

        /** Posts an add or an update; a refusal must leave the table as it was. */
        async function write(kind: 'add' | 'update', body: string, inputs: unknown[], query = ''): Promise<Answer> {
          endpoints.write.add(`/api/${kind}-${def.name}`);
          tried.write++;
          const before = compare ? await snapshot(def) : [];
          const url =
            kind === 'add' ? `/api/add-${def.name}` : `/api/update-${def.name}?id=${encodeURIComponent(targetId)}${query}`;
          const answer = await send('POST', url, body, 'application/json');
          checkAnswer(answer, inputs, `POST ${url.slice(0, 200)} ${body.slice(0, 300)}`);
          if (answer.json.status === 'error' && compare) expect(await snapshot(def), `${url} changed the table`).toEqual(before);
          expect(polluted()).toBe(false);
          return answer;
        }

        /** Removes the record a hostile add made (a valid one: weird text is text), named by the add's answer. */
        async function cleanUp(answer: Answer): Promise<void> {
          const added = answer.json.data2;
          if (answer.json.status !== 'ok' || !added || typeof added !== 'object') return;
          const record: Record<string, unknown> = { ...added };
          const removed = await admin.post(`/api/delete-${def.name}`, { owner: record.owner, [keyField]: record[keyField] });
          expect(removed).toMatchObject({ status: 'ok', data: 'Affected' });
        }

        it('refuses a value of the wrong type in any field, changing nothing', async () => {
          const field = fc
            .constantFrom(...fields)
            .chain(([name, spec]) => fc.tuple(fc.constant(name), wrongValueFor(spec), fc.constant(spec)));
          await fc.assert(
            fc.asyncProperty(field, fc.constantFrom('add' as const, 'update' as const), async ([name, value, spec], kind) => {
              // An update never renames here (hostile names are added instead).
              if (kind === 'update' && name === keyField) return;
              const body = kind === 'add' ? { ...newRecordOf(def), [name]: value } : { ...target, [name]: value };
              const answer = await write(kind, JSON.stringify(body), [value]);
              // A json field's own schema decides what it takes; every other kind takes one JSON type.
              if (spec.kind !== 'json')
                expect(answer.json, `${kind} ${name}=${stableJson(value)}`).toMatchObject({ status: 'error' });
              else if (kind === 'add') await cleanUp(answer);
            }),
            { seed: SEED, numRuns: runsOn(engine, WRITE_RUNS) },
          );
        });

        it('answers hostile text, numbers, lists and JSON in any field with the envelope', async () => {
          const field = fc.constantFrom(...fields).chain(([name, spec]) => fc.tuple(fc.constant(name), hostileValueFor(spec)));
          const columns = fc.option(
            hostileText().filter((text) => text.length < 300),
            { nil: undefined, freq: 4 },
          );
          await fc.assert(
            fc.asyncProperty(
              field,
              fc.constantFrom('add' as const, 'update' as const),
              columns,
              async ([name, value], kind, cols) => {
                if (kind === 'update' && name === keyField) return;
                const body = kind === 'add' ? { ...newRecordOf(def), [name]: value } : { ...target, [name]: value };
                const query = cols === undefined ? '' : `&columns=${encodeURIComponent(cols)}`;
                const answer = await write(kind, JSON.stringify(body), [value, cols], query);
                if (kind === 'add') await cleanUp(answer);
              },
            ),
            { seed: SEED, numRuns: runsOn(engine, WRITE_RUNS) },
          );
        });

        it('answers deep JSON, prototype keys and bodies that are not records with the envelope', async () => {
          const jsonField = fields.find(([, spec]) => spec.kind === 'json')?.[0];
          const textField = fields.find(([name, spec]) => spec.kind === 'text' && name !== keyField && name !== 'owner')?.[0];
          // Bodies that are no record: the parser or the first check refuses them before the entity's own code.
          const whole = [
            deepJsonText(10_000, 'array'),
            deepJsonText(10_000, 'object'),
            deepJsonText(100_000, 'array'),
            'null',
            '0',
            '"text"',
            'true',
            '[]',
            '{',
            '{"a":1,}',
            '\uFEFF{}',
          ];
          for (const body of whole) await write('add', body, [body.slice(0, 1000)]);
          // Records with something hostile inside: a new record (add) or the target as read back (update).
          const recordsOf = (base: string) => {
            const deepIn = (field: string | undefined, depth: number, kind: 'array' | 'object') =>
              field ? `{${base},"${field}":${deepJsonText(depth, kind)}}` : undefined;
            return [
              deepIn(jsonField, 10_000, 'array'),
              deepIn(jsonField, 10_000, 'object'),
              deepIn(textField, 10_000, 'object'),
              `{${base},"__proto__":{"polluted":true,"isAdmin":true}}`,
              `{"__proto__":{"polluted":true},${base}}`,
              `{${base},"constructor":{"prototype":{"polluted":true}}}`,
              `{${base},"a":{"__proto__":{"isAdmin":true}}}`,
              `[{${base}}]`,
              `{${base},"owner":"built-in","owner":"admin"}`,
              `{${base},"${textField ?? 'displayName'}":"${'\\u0000'.repeat(10)}"}`,
              `{${base},"${textField ?? 'displayName'}":"\\ud800\\udfff\\ud800"}`,
            ].filter((body): body is string => body !== undefined);
          };
          for (const kind of ['add', 'update'] as const) {
            const base = stableJson(kind === 'add' ? newRecordOf(def) : target).slice(1, -1);
            for (const body of recordsOf(base)) {
              const answer = await write(kind, body, [body.slice(0, 1000)]);
              // Only a valid record may pass (weird text is text); take it out again.
              if (kind === 'add') await cleanUp(answer);
            }
          }
          // Other body types: forms with prototype keys, XML, malformed multipart to a JSON call. Forms
          // (url-encoded or multipart) are bodies the wire takes: what they hold decides (`refused` false).
          const others: { contentType: string; body: string; refused: boolean }[] = [
            {
              contentType: 'application/x-www-form-urlencoded',
              body: '__proto__[polluted]=1&constructor[prototype][polluted]=1&owner=built-in',
              refused: false,
            },
            {
              contentType: 'application/x-www-form-urlencoded',
              body: 'owner=built-in&owner=admin&name[]=x&name[$ne]=1',
              refused: false,
            },
            {
              contentType: 'application/xml',
              body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
              refused: true,
            },
            { contentType: 'text/plain', body: '{"__proto__":{"polluted":true}}', refused: true },
            {
              contentType: 'multipart/form-data; boundary=x',
              body: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"polluted":1}\r\n--x--\r\n',
              refused: true,
            },
            { contentType: 'multipart/form-data', body: 'no boundary at all', refused: true },
            { contentType: 'multipart/form-data; boundary=', body: '----\r\n', refused: false },
            {
              contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
              body: `--${'b'.repeat(300)}--\r\n`,
              refused: true,
            },
            {
              contentType: 'multipart/form-data; boundary=x',
              body: '--x\r\nContent-Disposition: form-data; name="owner"\r\n\r\nbuilt-in',
              refused: true,
            },
            {
              contentType: 'multipart/form-data; boundary=x',
              body: '--x\r\nGarbage without a colon\r\n\r\nv\r\n--x--\r\n',
              refused: false,
            },
            {
              contentType: 'multipart/form-data; boundary=x',
              body: `--x\r\nContent-Disposition: form-data; name="${'n'.repeat(20_000)}"\r\n\r\nv\r\n--x--\r\n`,
              refused: false,
            },
            { contentType: 'application/json; charset=utf-16', body: '{}', refused: false },
          ];
          for (const { contentType, body, refused } of others) {
            // The parsers answer alike for every call; forms reach the entity's code, as adds and as updates.
            for (const kind of refused ? (['add'] as const) : (['add', 'update'] as const)) {
              endpoints.write.add(`/api/${kind}-${def.name}`);
              tried.write++;
              const before = compare ? await snapshot(def) : [];
              const url = kind === 'add' ? `/api/add-${def.name}` : `/api/update-${def.name}?id=${encodeURIComponent(targetId)}`;
              const answer = await send('POST', url, body, contentType);
              checkAnswer(answer, [body], `POST ${url} (${contentType}) ${body.slice(0, 200)}`);
              if (refused) expect(answer.json.status, `${url} (${contentType})`).toBe('error');
              if (compare && answer.json.status === 'error') expect(await snapshot(def)).toEqual(before);
              if (kind === 'add') await cleanUp(answer);
              expect(polluted()).toBe(false);
            }
          }
        });

        it('answers invalid ids on get, update and delete with the envelope, changing nothing', async () => {
          const op = fc.constantFrom('get' as const, 'update' as const, 'delete' as const);
          await fc.assert(
            fc.asyncProperty(hostileId(), op, fc.boolean(), async (id, kind, inBody) => {
              endpoints.write.add(`/api/${kind}-${def.name}`);
              tried.write++;
              const before = compare ? await snapshot(def) : [];
              let answer: Answer & { raw: string };
              if (kind === 'get') answer = await send('GET', `/api/get-${def.name}?id=${encodeURIComponent(id)}`);
              else if (kind === 'delete' && inBody) {
                const [owner, ...rest] = id.split('/');
                answer = await send(
                  'POST',
                  `/api/delete-${def.name}`,
                  JSON.stringify({ owner, [keyField]: rest.join('/') }),
                  'application/json',
                );
              } else {
                const body = kind === 'update' ? JSON.stringify(target) : '{}';
                answer = await send('POST', `/api/${kind}-${def.name}?id=${encodeURIComponent(id)}`, body, 'application/json');
              }
              checkAnswer(answer, [id, ...id.split('/')], `${kind} id=${JSON.stringify(id).slice(0, 300)}`);
              if (kind !== 'get' && compare)
                expect(await snapshot(def), `${kind} ${JSON.stringify(id)} changed the table`).toEqual(before);
            }),
            { seed: SEED, numRuns: runsOn(engine, ID_RUNS) },
          );
        });
      });
    }

    describe('uploads', () => {
      /** A multipart body built by hand, so that any file name and type reach the server as written. */
      function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer }[]) {
        const boundary = `----hostile${randomId(16)}`;
        const chunks: Buffer[] = [];
        for (const part of parts) {
          let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
          if (part.filename !== undefined) head += `; filename="${part.filename}"`;
          head += '\r\n';
          if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
          chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), part.data, Buffer.from('\r\n'));
        }
        chunks.push(Buffer.from(`--${boundary}--\r\n`));
        return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
      }

      /** Every file of `dir` (recursively). */
      function filesUnder(dir: string): string[] {
        if (!fs.existsSync(dir)) return [];
        return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => path.join(dir, entry));
      }

      /** Entries anywhere a path trick could reach that carry the marker: outside the storage folder. */
      function strayFiles(marker: string): string[] {
        const dataDir = server().ctx.config.dataDir;
        const storage = path.join(dataDir, 'files');
        const places = [os.tmpdir(), path.dirname(dataDir), '/', process.cwd(), path.dirname(process.cwd())];
        const stray = places.flatMap((dir) => {
          try {
            return fs.readdirSync(dir).map((entry) => path.join(dir, entry));
          } catch {
            return [];
          }
        });
        const inData = filesUnder(dataDir).filter((file) => !file.startsWith(`${storage}${path.sep}`) && file !== storage);
        return [...stray, ...inData].filter((file) => file.includes(marker));
      }

      const PNG = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d60000000049454e44ae426082',
        'hex',
      );

      it('refuses path tricks, wrong types and stray names in upload-resource, storing nothing outside the storage folder', async () => {
        endpoints.upload.add('/api/upload-resource');
        const storage = path.join(server().ctx.config.dataDir, 'files');
        let n = 0;
        const input = fc.record({
          trick: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...PATH_TRICKS) },
            { weight: 1, arbitrary: hostileText().map((t) => `${t}/{m}.png`) },
          ),
          tag: fc.constantFrom('', 'avatar', 'custom', 'termsOfUse', 'idCardFront', '../x', "' OR 1=1 --"),
          type: fc.constantFrom(
            'image/png',
            'text/html',
            'application/x-msdownload',
            'application/octet-stream',
            '',
            'image/png\r\nX-Evil: 1',
          ),
          filename: fc.oneof(fc.constantFrom('../../evil.png', '/etc/passwd', 'a\\..\\b.png', 'x.png', ''), hostileText()),
          data: fc.oneof(
            fc.constant(PNG),
            fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
          ),
          owner: fc.constantFrom('built-in', 'admin', '../built-in', "' OR 1=1 --"),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ trick, tag, type, filename, data, owner }) => {
            tried.upload++;
            const marker = `ghfuzz${engine}${n++}x`;
            const fullFilePath = trick.replaceAll('{m}', marker);
            const query = new URLSearchParams({ owner, fullFilePath, tag });
            const { body, contentType } = multipart([{ name: 'file', filename: filename.replaceAll('"', '%22'), type, data }]);
            const before = await snapshot(resourceDef());
            const answer = await send('POST', `/api/upload-resource?${query}`, body, contentType);
            checkAnswer(
              answer,
              [fullFilePath, tag, type, filename, owner],
              `upload ${JSON.stringify({ fullFilePath, tag, type, owner })}`,
            );
            if (answer.json.status === 'ok') {
              // Accepted: a plain name inside the storage folder.
              const key = String(answer.json.data2);
              const stored = path.resolve(storage, key);
              expect(stored.startsWith(`${storage}${path.sep}`), key).toBe(true);
              expect(fs.existsSync(stored), key).toBe(true);
            } else {
              expect(await snapshot(resourceDef()), `refused upload of ${fullFilePath} changed resources`).toEqual(before);
            }
            expect(strayFiles(marker), fullFilePath).toEqual([]);
          }),
          { seed: SEED, numRuns: runsOn(engine, UPLOAD_RUNS) },
        );
      });

      it('refuses an oversize file, a second file and a body without a file', async () => {
        endpoints.upload.add('/api/upload-resource');
        const before = await snapshot(resourceDef());
        const cases = [
          {
            parts: [{ name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.alloc(UPLOAD_LIMIT + 1, 1) }],
            status: 413,
          },
          {
            parts: [
              { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
              { name: 'file2', filename: 'b.png', type: 'image/png', data: PNG },
            ],
            status: 413,
          },
          { parts: [{ name: 'notfile', data: Buffer.from('text') }], status: 200 },
          { parts: [{ name: 'other', filename: 'a.png', type: 'image/png', data: PNG }], status: 200 },
        ];
        for (const { parts, status } of cases) {
          tried.upload++;
          const { body, contentType } = multipart(parts);
          const answer = await send(
            'POST',
            '/api/upload-resource?owner=built-in&fullFilePath=big/ghfuzzbig.png',
            body,
            contentType,
          );
          checkAnswer(answer, [], 'upload oversize');
          expect(answer.status).toBe(status);
          expect(answer.json.status).toBe('error');
        }
        expect(await snapshot(resourceDef())).toEqual(before);
        expect(fs.existsSync(path.join(server().ctx.config.dataDir, 'files', 'big'))).toBe(false);
      });

      // The spreadsheet and definition uploads: .xlsx and .html only, unreadable ones refused.
      const sheetUploads = [
        { path: '/api/upload-users', entity: 'user' },
        { path: '/api/upload-roles', entity: 'role' },
        { path: '/api/upload-permissions', entity: 'permission' },
        { path: '/api/upload-application', entity: 'application' },
      ];
      for (const upload of sheetUploads) {
        it(`${upload.path} refuses wrong types, unreadable files and path tricks in names`, async () => {
          endpoints.upload.add(upload.path);
          const def = DEFINITIONS.find((d) => d.name === upload.entity);
          if (!def) throw new Error(`no entity ${upload.entity}`);
          const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(64, 0)]);
          const input = fc.record({
            filename: fc.oneof(
              fc.constantFrom(
                'users.xlsx',
                'app.html',
                '../../../tmp/ghfuzz.xlsx',
                '/etc/passwd',
                'a\\..\\b.xlsx',
                'x.xlsx.exe',
                'x.exe',
                '',
              ),
              hostileText().map((t) => `${t}.xlsx`),
            ),
            type: fc.constantFrom(
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'text/html',
              'application/x-msdownload',
              '',
            ),
            data: fc.oneof(
              fc.constant(zip),
              fc.constant(Buffer.from('<html><body><script>alert(1)</script></body></html>')),
              fc.constant(Buffer.from(deepJsonText(10_000, 'array'))),
              fc.constant(Buffer.alloc(0)),
              fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
            ),
            owner: fc.constantFrom('', 'built-in', "' OR 1=1 --", '../x'),
          });
          await fc.assert(
            fc.asyncProperty(input, async ({ filename, type, data, owner }) => {
              tried.upload++;
              const before = await snapshot(def);
              const { body, contentType } = multipart([{ name: 'file', filename: filename.replaceAll('"', '%22'), type, data }]);
              const query = new URLSearchParams({ owner, organization: owner });
              const answer = await send('POST', `${upload.path}?${query}`, body, contentType);
              checkAnswer(answer, [filename, owner], `${upload.path} ${JSON.stringify({ filename, type, owner })}`);
              expect(answer.json.status, `${upload.path} ${filename}`).toBe('error');
              expect(await snapshot(def)).toEqual(before);
              expect(strayFiles('ghfuzz')).toEqual([]);
            }),
            { seed: SEED, numRuns: runsOn(engine, UPLOAD_RUNS / 2) },
          );
        });
      }

      it('refuses injection strings as a multipart field name and value', async () => {
        endpoints.upload.add('/api/upload-users');
        for (const text of INJECTIONS) {
          tried.upload++;
          const { body, contentType } = multipart([
            { name: text.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', ''), data: Buffer.from(text) },
          ]);
          const answer = await send('POST', '/api/upload-users', body, contentType);
          checkAnswer(answer, [text], `multipart field ${JSON.stringify(text)}`);
          expect(answer.json.status).toBe('error');
          expect(polluted()).toBe(false);
        }
      });
    });
  },
  { uploadLimitBytes: UPLOAD_LIMIT },
);

function resourceDef(): EntityDefinition {
  const def = DEFINITIONS.find((d) => d.name === 'resource');
  if (!def) throw new Error('no resource entity');
  return def;
}
