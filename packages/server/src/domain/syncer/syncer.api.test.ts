import { keycloakColumns } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../../test-support/sync-source.js';

const key = (name: string, casdoorName: string) => syncerColumn(name, casdoorName, { isKey: true });
const col = (name: string, casdoorName: string) => syncerColumn(name, casdoorName);

/** The syncer's rules: messages, presets, access, failures. */
describeEachDatabase('syncers', (server, engine) => {
  let team: Team;
  let admin: ApiClient;
  let source: SyncSource;

  const syncer = (name: string, extra: Record<string, unknown> = {}) => ({
    owner: 'admin',
    name,
    organization: 'acme',
    type: 'Database',
    ...source.settings,
    table: 'staff',
    tableColumns: [key('login', 'Name'), col('full_name', 'DisplayName')],
    syncInterval: 10,
    ...extra,
  });
  const get = async (name: string) => (await admin.get('/api/get-syncer', { id: `admin/${name}` })).data;
  const userCount = async () => (await admin.get('/api/get-users', { owner: 'acme' })).data.length;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'acme');
    admin = team.admin;
    await admin.post('/api/add-organization', { owner: 'admin', name: 'other' });
    source = await createSyncSource(engine, server().ctx.config.dataDir);
    await source.exec('create table staff (login varchar(100) primary key, full_name varchar(100))');
    await source.exec("insert into staff (login, full_name) values ('dora', 'Dora D')");
  });

  afterAll(async () => {
    await source?.close();
  });

  describe('table columns', () => {
    it('needs exactly one key column, real user fields and column names, and saves nothing otherwise', async () => {
      const cases: [unknown[], string][] = [
        [[col('login', 'Name'), col('full_name', 'DisplayName')], 'Exactly one table column must be the key (found 0)'],
        [[key('login', 'Name'), key('full_name', 'DisplayName')], 'Exactly one table column must be the key (found 2)'],
        [[key('login', 'Name'), col('pw', 'Password')], 'The table column "pw" maps to "Password", which is not a user field'],
        [
          [key('login;drop table staff', 'Name')],
          'The table column "login;drop table staff" is not a column name (letters, digits and underscores, or several joined with +)',
        ],
        [
          [{ ...key('login', 'Name'), values: ['Y'] }],
          'The value mapping "Y" of the table column "login" must read external=value',
        ],
      ];
      for (const [tableColumns, msg] of cases) {
        expect(await admin.post('/api/add-syncer', syncer('bad', { tableColumns }))).toMatchObject({ status: 'error', msg });
      }
      expect(await get('bad')).toBeNull();
      expect(await admin.post('/api/add-syncer', syncer('good'))).toMatchObject({ status: 'ok' });
      const stored = await get('good');
      const changed = await admin.post(
        '/api/update-syncer',
        { ...stored, tableColumns: [...stored.tableColumns, key('x', 'Email')] },
        { id: 'admin/good' },
      );
      expect(changed).toMatchObject({ status: 'error', msg: 'Exactly one table column must be the key (found 2)' });
      expect((await get('good')).tableColumns).toHaveLength(2);
    });

    it('keeps the SSL mode to postgres (disable by default) and SSH to mysql, mssql and postgres', async () => {
      await admin.post('/api/add-syncer', syncer('pg-ssl', { databaseType: 'postgres', sslMode: '' }));
      expect((await get('pg-ssl')).sslMode).toBe('disable');
      await admin.post('/api/add-syncer', syncer('my-ssl', { databaseType: 'mysql', sslMode: 'require' }));
      expect((await get('my-ssl')).sslMode).toBe('');
      await admin.post('/api/add-syncer', syncer('lite-ssh', { databaseType: 'sqlite3', sshType: 'password' }));
      expect((await get('lite-ssh')).sshType).toBe('');
      expect(await admin.post('/api/add-syncer', syncer('port', { port: 70000 }))).toMatchObject({
        status: 'error',
        code: 'invalidField',
      });
      expect(
        await admin.post('/api/add-syncer', syncer('nocert', { databaseType: 'mysql', sshType: 'cert', cert: 'nope' })),
      ).toMatchObject({
        status: 'error',
        msg: 'The cert "nope" for the SSH tunnel does not exist',
      });
    });

    it('sets the user_entity table and the Keycloak mapping when the type becomes Keycloak', async () => {
      await admin.post('/api/add-syncer', syncer('kc'));
      const stored = await get('kc');
      expect(await admin.post('/api/update-syncer', { ...stored, type: 'Keycloak' }, { id: 'admin/kc' })).toMatchObject({
        status: 'ok',
      });
      const keycloak = await get('kc');
      expect(keycloak.table).toBe('user_entity');
      expect(keycloak.tableColumns).toEqual(keycloakColumns());
      await admin.post('/api/add-syncer', syncer('kc-new', { type: 'Keycloak', tableColumns: [] }));
      expect((await get('kc-new')).tableColumns).toEqual(keycloakColumns());
    });
  });

  describe('who sees and runs what', () => {
    it('holds organization administrators to their own organization, which they cannot change', async () => {
      const boss = team.orgAdmin;
      expect(await boss.post('/api/add-syncer', syncer('boss-own'))).toMatchObject({ status: 'ok' });
      expect(await boss.post('/api/add-syncer', syncer('boss-other', { organization: 'other' }))).toMatchObject({
        status: 'error',
      });
      await admin.post('/api/add-syncer', syncer('others', { organization: 'other' }));
      const own = (await boss.get('/api/get-syncer', { id: 'admin/boss-own' })).data;
      expect(await boss.post('/api/update-syncer', { ...own, organization: 'other' }, { id: 'admin/boss-own' })).toMatchObject({
        status: 'error',
      });
      expect((await boss.get('/api/get-syncer', { id: 'admin/boss-own' })).data.organization).toBe('acme');
      const listed = (await boss.get('/api/get-syncers', { owner: 'admin', organization: 'acme' })).data as {
        organization: string;
      }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((s) => s.organization === 'acme')).toBe(true);
      expect(await boss.get('/api/get-syncers', { owner: 'admin', organization: 'other' })).toMatchObject({ status: 'error' });
      expect(await boss.get('/api/get-syncer', { id: 'admin/others' })).toMatchObject({ status: 'error' });
      expect(await boss.get('/api/run-syncer', { id: 'admin/others' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      expect(await team.member.get('/api/get-syncers', { owner: 'admin', organization: 'acme' })).toMatchObject({
        status: 'error',
      });
      expect(await boss.get('/api/run-syncer', { id: 'admin/boss-own' })).toMatchObject({ status: 'ok', data: { added: 1 } });
    });

    it('answers a missing syncer with its message', async () => {
      expect(await admin.get('/api/run-syncer', { id: 'admin/none' })).toMatchObject({
        status: 'error',
        msg: 'The syncer: admin/none does not exist',
      });
    });
  });

  describe('failures', () => {
    const failedRun = async (name: string, settings: Record<string, unknown>, expected: string) => {
      expect(await admin.post('/api/add-syncer', syncer(name, settings))).toMatchObject({ status: 'ok' });
      const users = await userCount();
      const answer = await admin.get('/api/run-syncer', { id: `admin/${name}` });
      expect(answer.status).toBe('error');
      expect(answer.msg).toContain(expected);
      const stored = await get(name);
      expect(stored.errorText).toContain(answer.msg);
      expect(stored.syncStatus).toMatchObject({ state: 'failed', message: answer.msg, added: 0 });
      expect(await userCount()).toBe(users);
      return answer.msg as string;
    };

    it('stores the error and changes no users when the table or a column is missing, or nothing is mapped', async () => {
      await failedRun('no-table', { table: 'no_such_table' }, 'no_such_table');
      await failedRun(
        'no-column',
        { tableColumns: [key('login', 'Name'), col('nickname', 'DisplayName')] },
        'The column "nickname" does not exist in the table "staff"',
      );
      await failedRun('no-columns', { tableColumns: [] }, 'The syncer table columns should not be empty');
    });

    it('stores the error and changes no users when the database refuses or cannot be reached', async () => {
      if (engine === 'sqlite') {
        await failedRun('no-file', { database: 'missing.db' }, 'unable to open database file');
        return;
      }
      await failedRun('refused', { port: 1 }, 'ECONNREFUSED');
      if (engine === 'mysql') {
        await source.exec("create user if not exists 'gh_syncer'@'%' identified by 'right-password'");
        try {
          await failedRun('bad-password', { user: 'gh_syncer', password: 'wrong-password' }, 'Access denied');
        } finally {
          await source.exec("drop user if exists 'gh_syncer'@'%'");
        }
      } else {
        // The test cluster trusts loopback connections (no password check): an unknown role is refused instead.
        await failedRun('bad-user', { user: 'no_such_role' }, 'no_such_role');
      }
    });

    it('tests the connection with the settings being edited (stored secrets behind ***)', async () => {
      expect(await admin.post('/api/test-syncer-db', syncer('unsaved'))).toMatchObject({ status: 'ok' });
      const refused = await admin.post(
        '/api/test-syncer-db',
        syncer('unsaved', engine === 'sqlite' ? { database: 'missing.db' } : { port: 1 }),
      );
      expect(refused.status).toBe('error');
      expect(refused.msg).not.toBe('');
      expect(await team.orgAdmin.post('/api/test-syncer-db', syncer('unsaved', { organization: 'other' }))).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      if (engine !== 'mysql') return;
      await source.exec("create user if not exists 'gh_tester'@'%' identified by 'secret-pass'");
      await source.exec(`grant all on \`${source.settings.database}\`.* to 'gh_tester'@'%'`);
      try {
        await admin.post('/api/add-syncer', syncer('with-password', { user: 'gh_tester', password: 'secret-pass' }));
        const stored = await get('with-password');
        expect(await admin.post('/api/test-syncer-db', { ...stored, password: '***' })).toMatchObject({ status: 'ok' });
        expect(await admin.post('/api/test-syncer-db', { ...stored, password: 'wrong' })).toMatchObject({ status: 'error' });
      } finally {
        await source.exec("drop user if exists 'gh_tester'@'%'");
      }
    });
  });

  describe('Keycloak', () => {
    it('syncs users from a user_entity table with Casdoor’s mapping', async () => {
      await source.exec(
        'create table user_entity (ID varchar(36) primary key, USERNAME varchar(255), FIRST_NAME varchar(255), LAST_NAME varchar(255), EMAIL varchar(255), EMAIL_VERIFIED boolean, CREATED_TIMESTAMP bigint, ENABLED boolean, REALM_ID varchar(255) not null)',
      );
      await source.exec(
        'insert into user_entity (ID, USERNAME, FIRST_NAME, LAST_NAME, EMAIL, EMAIL_VERIFIED, CREATED_TIMESTAMP, ENABLED, REALM_ID) values (?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          'kc-1',
          'kate',
          'Kate',
          'Keys',
          'kate@example.com',
          true,
          1700000000000,
          true,
          'master',
          'kc-2',
          'karl',
          'Karl',
          'Kent',
          'karl@example.com',
          false,
          1700000100000,
          false,
          'master',
        ],
      );
      await admin.post('/api/add-organization', { owner: 'admin', name: 'kcorg' });
      expect(
        await admin.post(
          '/api/add-syncer',
          syncer('keycloak', { organization: 'kcorg', type: 'Keycloak', tableColumns: [], isReadOnly: true }),
        ),
      ).toMatchObject({ status: 'ok' });
      expect(await admin.get('/api/run-syncer', { id: 'admin/keycloak' })).toMatchObject({
        status: 'ok',
        data: { read: 2, added: 2 },
      });
      const kate = (await admin.get('/api/get-user', { id: 'kcorg/kate' })).data;
      expect(kate).toMatchObject({
        id: 'kc-1',
        displayName: 'Keys Kate',
        firstName: 'Kate',
        lastName: 'Keys',
        email: 'kate@example.com',
        emailVerified: true,
        createdTime: '2023-11-14T22:13:20Z',
        isForbidden: false,
      });
      expect((await admin.get('/api/get-user', { id: 'kcorg/karl' })).data).toMatchObject({
        isForbidden: true,
        emailVerified: false,
      });
      await source.exec('update user_entity set ENABLED = ? where ID = ?', [false, 'kc-1']);
      expect((await admin.get('/api/run-syncer', { id: 'admin/keycloak' })).data).toMatchObject({ updated: 1, unchanged: 1 });
      expect((await admin.get('/api/get-user', { id: 'kcorg/kate' })).data.isForbidden).toBe(true);
    });
  });
});
