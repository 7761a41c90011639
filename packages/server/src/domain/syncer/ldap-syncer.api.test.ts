import { ldapColumns, syncer as syncerDef } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDirectory } from '../../integrations/ldap/connection.js';
import { ApiClient } from '../../test-support/client.js';
import { selfSignedTls } from '../../test-support/messaging-peers.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { type DirectoryPerson, type Slapd, startSlapd } from '../../test-support/slapd.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { syncerColumn } from '../../test-support/sync-source.js';

const ORG = 'dirorg';
const PEOPLE: DirectoryPerson[] = [
  {
    uid: 'alice',
    cn: 'Alice Liddell',
    givenName: 'Alice',
    sn: 'Liddell',
    password: 'alice-pw',
    uidNumber: 1001,
    mail: 'alice@example.com',
    mobile: '5550101',
  },
  {
    uid: 'bob',
    cn: 'Bob Builder',
    givenName: 'Bob',
    sn: 'Builder',
    password: 'bob-pw',
    uidNumber: 1002,
    mail: 'bob@example.com',
  },
  { uid: 'carol', cn: 'Carol Singer', sn: 'Singer', password: 'carol-pw', uidNumber: 1003 },
];

/**
 * Syncers of the type LDAP against a real slapd on loopback: the directory's
 * settings in the syncer's fields, the preset mapping, the incremental engine's counts (added,
 * unchanged, updated, deleted), a directory that is never written, failures stored with no user
 * changed, Test DB Connection, LDAPS, and entryUUID as the key.
 */
describeEachDatabase('LDAP syncers', (server) => {
  let admin: ApiClient;
  let slapd: Slapd;

  const directory = (fields: Record<string, unknown> = {}) => ({
    owner: 'admin',
    organization: ORG,
    type: 'LDAP',
    host: slapd.host,
    port: slapd.port,
    user: slapd.adminDn,
    password: slapd.adminPassword,
    database: slapd.peopleDn,
    syncInterval: 10,
    ...fields,
  });
  const get = async (name: string) => (await admin.get('/api/get-syncer', { id: `admin/${name}` })).data;
  const run = (name: string) => admin.get('/api/run-syncer', { id: `admin/${name}` });
  const users = async (owner = ORG) =>
    ((await admin.get('/api/get-users', { owner })).data as Record<string, unknown>[]).sort((a, b) =>
      String(a.name).localeCompare(String(b.name)),
    );
  const user = async (name: string, owner = ORG) => (await admin.get('/api/get-user', { id: `${owner}/${name}` })).data;
  const modify = (uid: string, attribute: string, value: string) =>
    slapd.modify(`dn: ${slapd.dnOf(uid)}\nchangetype: modify\nreplace: ${attribute}\n${attribute}: ${value}\n`);

  beforeAll(async () => {
    slapd = await startSlapd({ people: PEOPLE, tls: await selfSignedTls() });
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    for (const name of [ORG, 'uuidorg', 'failorg']) {
      expect(await admin.post('/api/add-organization', { owner: 'admin', name })).toMatchObject({ status: 'ok' });
    }
  });

  afterAll(async () => {
    await slapd?.stop();
  });

  describe('settings', () => {
    it('takes the preset filter and mapping, and normalises what does not apply: read-only always', async () => {
      const added = await admin.post(
        '/api/add-syncer',
        directory({ name: 'people', databaseType: 'postgres', sslMode: 'require', sshType: 'password', isReadOnly: false }),
      );
      expect(added).toMatchObject({ status: 'ok' });
      const stored = await get('people');
      expect(stored).toMatchObject({
        type: 'LDAP',
        table: '(objectClass=inetOrgPerson)',
        databaseType: '',
        sslMode: '',
        sshType: '',
        port: slapd.port,
        isReadOnly: true,
      });
      expect(stored.tableColumns).toEqual(ldapColumns());
      // Turning read-only off is not an LDAP syncer's: it stays on.
      expect(await admin.post('/api/update-syncer', { ...stored, isReadOnly: false }, { id: 'admin/people' })).toMatchObject({
        status: 'ok',
      });
      expect((await get('people')).isReadOnly).toBe(true);
      // Without a port, LDAP's: 389, or 636 with SSL.
      await admin.post('/api/add-syncer', directory({ name: 'ports', port: 0 }));
      expect((await get('ports')).port).toBe(389);
      const ports = await get('ports');
      await admin.post('/api/update-syncer', { ...ports, port: 0, enableSsl: true }, { id: 'admin/ports' });
      expect((await get('ports')).port).toBe(636);
      // The list's type filter.
      const listed = (await admin.get('/api/get-syncers', { owner: 'admin', field: 'type', value: 'LDAP' })).data as {
        name: string;
      }[];
      expect(listed.map((s) => s.name).sort()).toEqual(['people', 'ports']);
    });

    it('refuses a filter that is not one, attribute names that are none, and saves nothing', async () => {
      expect(await admin.post('/api/add-syncer', directory({ name: 'bad-filter', table: '(&(uid=a)' }))).toMatchObject({
        status: 'error',
        msg: 'The search filter "(&(uid=a)" is not an LDAP filter: it must be in parentheses, and they must balance',
      });
      expect(await admin.post('/api/add-syncer', directory({ name: 'bad-filter', table: '(c%n=x)' }))).toMatchObject({
        status: 'error',
        msg: 'The search filter "(c%n=x)" is not a valid LDAP filter: Invalid expression: c%n=x',
      });
      expect(
        await admin.post(
          '/api/add-syncer',
          directory({ name: 'bad-attribute', tableColumns: [syncerColumn('u_id', 'Name', { isKey: true })] }),
        ),
      ).toMatchObject({
        status: 'error',
        msg: 'The table column "u_id" is not an attribute name (a letter, then letters, digits and hyphens, or several joined with +)',
      });
      expect(await get('bad-filter')).toBeNull();
      expect(await get('bad-attribute')).toBeNull();
      const stored = await get('people');
      expect(
        await admin.post('/api/update-syncer', { ...stored, table: '(objectClass=person))' }, { id: 'admin/people' }),
      ).toMatchObject({ status: 'error', msg: expect.stringContaining('is not an LDAP filter') });
      expect((await get('people')).table).toBe('(objectClass=inetOrgPerson)');
    });

    it('becomes LDAP from Database with the preset, keeping a filter and mapping sent along with the type', async () => {
      await admin.post('/api/add-syncer', {
        owner: 'admin',
        name: 'switched',
        organization: ORG,
        type: 'Database',
        table: 'staff',
        tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
        syncInterval: 10,
      });
      const database = await get('switched');
      await admin.post('/api/update-syncer', { ...database, type: 'LDAP' }, { id: 'admin/switched' });
      expect(await get('switched')).toMatchObject({ table: '(objectClass=inetOrgPerson)', databaseType: '', isReadOnly: true });
      expect((await get('switched')).tableColumns).toEqual(ldapColumns());
      await admin.post('/api/add-syncer', {
        owner: 'admin',
        name: 'switched-own',
        organization: ORG,
        table: 'staff',
        syncInterval: 10,
      });
      const other = await get('switched-own');
      const mine = [syncerColumn('uid', 'Name', { isKey: true }), syncerColumn('displayName', 'DisplayName')];
      await admin.post(
        '/api/update-syncer',
        { ...other, type: 'LDAP', table: '(objectClass=person)', tableColumns: mine },
        { id: 'admin/switched-own' },
      );
      expect(await get('switched-own')).toMatchObject({ table: '(objectClass=person)', tableColumns: mine });
    });
  });

  describe('Test DB Connection', () => {
    it('binds and reads the base DN, or answers why not', async () => {
      expect(await admin.post('/api/test-syncer-db', directory({ name: 'unsaved' }))).toMatchObject({ status: 'ok' });
      // The stored bind password behind ***.
      expect(await admin.post('/api/test-syncer-db', { ...(await get('people')), password: '***' })).toMatchObject({
        status: 'ok',
      });
      const wrong = await admin.post('/api/test-syncer-db', directory({ name: 'unsaved', password: 'wrong' }));
      expect(wrong).toMatchObject({ status: 'error', msg: expect.stringContaining(`refused the bind as "${slapd.adminDn}"`) });
      const nowhere = await admin.post(
        '/api/test-syncer-db',
        directory({ name: 'unsaved', database: 'ou=nowhere,dc=example,dc=com' }),
      );
      expect(nowhere).toMatchObject({ status: 'error', msg: expect.stringContaining('The search of the LDAP server') });
      const closed = await admin.post('/api/test-syncer-db', directory({ name: 'unsaved', port: 1 }));
      expect(closed).toMatchObject({ status: 'error', msg: expect.stringContaining('Could not reach the LDAP server') });
    });

    it('speaks LDAPS, verifying the certificate unless self-signed ones are allowed', async () => {
      const ldaps = { name: 'unsaved', port: slapd.tlsPort, enableSsl: true };
      expect(await admin.post('/api/test-syncer-db', directory({ ...ldaps, allowSelfSignedCert: true }))).toMatchObject({
        status: 'ok',
      });
      const refused = await admin.post('/api/test-syncer-db', directory(ldaps));
      expect(refused).toMatchObject({ status: 'error', msg: expect.stringContaining('Could not reach the LDAP server') });
    });
  });

  describe('sync', () => {
    it('adds a user for every entry on the first sync, through the preset mapping', async () => {
      const answer = await run('people');
      expect(answer).toMatchObject({
        status: 'ok',
        data: { read: 3, added: 3, updated: 0, deleted: 0, failed: 0, writtenBack: 0 },
      });
      expect(await user('alice')).toMatchObject({
        displayName: 'Alice Liddell',
        firstName: 'Alice',
        lastName: 'Liddell',
        email: 'alice@example.com',
        phone: '5550101',
      });
      expect(await user('carol')).toMatchObject({ displayName: 'Carol Singer', firstName: '', email: '' });
      expect((await get('people')).syncStatus).toMatchObject({ state: 'succeeded', read: 3, added: 3 });
    });

    it('writes nothing on a second sync when nothing changed', async () => {
      const before = await users();
      expect((await run('people')).data).toMatchObject({ read: 3, added: 0, updated: 0, unchanged: 3, deleted: 0 });
      expect(await users()).toEqual(before);
    });

    it('updates the user whose attribute changed', async () => {
      await modify('alice', 'mail', 'alice@wonderland.example');
      expect((await run('people')).data).toMatchObject({ updated: 1, unchanged: 2, added: 0 });
      expect((await user('alice')).email).toBe('alice@wonderland.example');
    });

    it('never writes to the directory: a change made here stays here', async () => {
      const bob = await user('bob');
      await admin.post('/api/update-user', { ...bob, displayName: 'Bob Here' }, { id: `${ORG}/bob` });
      await admin.post('/api/add-user', { owner: ORG, name: 'dora', displayName: 'Dora Local' });
      expect((await run('people')).data).toMatchObject({ writtenBack: 0, updated: 0, added: 0, unchanged: 3 });
      expect((await user('bob')).displayName).toBe('Bob Here');
      const entries = await withDirectory(
        server().ctx.services.outbound,
        {
          host: slapd.host,
          port: slapd.port,
          enableSsl: false,
          allowSelfSignedCert: false,
          username: slapd.adminDn,
          password: slapd.adminPassword,
        },
        (connection) => connection.search(slapd.peopleDn, '(objectClass=inetOrgPerson)', ['uid', 'cn']),
      );
      expect(entries.map((entry) => String(entry.uid)).sort()).toEqual(['alice', 'bob', 'carol']);
      expect(entries.find((entry) => entry.uid === 'bob')?.cn).toBe('Bob Builder');
    });

    it('reports a removed entry as deleted, once, and keeps its user', async () => {
      await slapd.modify(`dn: ${slapd.dnOf('carol')}\nchangetype: delete\n`);
      expect((await run('people')).data).toMatchObject({ read: 2, deleted: 1, added: 0, updated: 0 });
      expect(await user('carol')).toMatchObject({ name: 'carol' });
      expect((await run('people')).data).toMatchObject({ read: 2, deleted: 0, unchanged: 2 });
    });
  });

  describe('failures', () => {
    const failedRun = async (
      name: string,
      fields: Record<string, unknown>,
      expected: string,
      stored: Record<string, unknown> = {},
    ) => {
      expect(await admin.post('/api/add-syncer', directory({ name, organization: 'failorg', ...fields }))).toMatchObject({
        status: 'ok',
      });
      // What the domain would refuse, stored as an older release (or a hand) may have left it.
      if (Object.keys(stored).length > 0) await server().ctx.repo(syncerDef).update('admin', name, stored);
      const before = await users('failorg');
      const answer = await run(name);
      expect(answer.status).toBe('error');
      expect(answer.msg).toContain(expected);
      const syncer = await get(name);
      expect(syncer.errorText).toContain(answer.msg);
      expect(syncer.syncStatus).toMatchObject({ state: 'failed', message: answer.msg, added: 0 });
      expect(await users('failorg')).toEqual(before);
    };

    it('stores the error and changes no user on a wrong bind password, a bad base DN or filter, an unreachable host', async () => {
      await failedRun('wrong-password', { password: 'wrong' }, `refused the bind as "${slapd.adminDn}"`);
      await failedRun('bad-base', { database: 'ou=nowhere,dc=example,dc=com' }, 'The search of the LDAP server');
      await failedRun('bad-dn', { database: 'not a dn' }, 'The search of the LDAP server');
      await failedRun('closed', { port: 1 }, 'Could not reach the LDAP server');
      // The directory answers a filter it cannot evaluate as matching nothing; a stored filter that is none fails the run.
      await failedRun('bad-filter', {}, 'The search filter "(&(uid=*)" is not an LDAP filter', { table: '(&(uid=*)' });
      await failedRun('bad-filter-2', {}, 'is not a valid LDAP filter', { table: '(u%id=*)' });
    });

    it('counts entries without the key attribute as failed and goes on', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'keyorg' });
      const columns = [syncerColumn('mobile', 'Name', { isKey: true }), syncerColumn('cn', 'DisplayName')];
      await admin.post('/api/add-syncer', directory({ name: 'by-mobile', organization: 'keyorg', tableColumns: columns }));
      const answer = await run('by-mobile');
      expect(answer.data).toMatchObject({ read: 2, added: 1, failed: 1 });
      expect((await get('by-mobile')).errorText).toContain(
        `The directory entry "${slapd.dnOf('bob')}" has no value of the key attribute "mobile"`,
      );
    });
  });

  describe('entryUUID as the key', () => {
    it('follows a renamed entry to its user', async () => {
      const columns = [
        syncerColumn('entryUUID', 'Id', { isKey: true }),
        syncerColumn('uid', 'Name'),
        syncerColumn('cn', 'DisplayName'),
      ];
      await admin.post('/api/add-syncer', directory({ name: 'by-uuid', organization: 'uuidorg', tableColumns: columns }));
      expect((await run('by-uuid')).data).toMatchObject({ read: 2, added: 2 });
      const alice = await user('alice', 'uuidorg');
      expect(alice.id).toMatch(/^[0-9a-f-]{36}$/);
      await slapd.modify(`dn: ${slapd.dnOf('alice')}\nchangetype: modrdn\nnewrdn: uid=alicia\ndeleteoldrdn: 1\n`);
      expect((await run('by-uuid')).data).toMatchObject({ read: 2, updated: 1, unchanged: 1, added: 0, deleted: 0 });
      expect(await user('alice', 'uuidorg')).toBeNull();
      expect(await user('alicia', 'uuidorg')).toMatchObject({ id: alice.id, displayName: 'Alice Liddell' });
    });
  });
});
