import { type LdapDirectoryUser, ldap as ldapDef, user as userDef } from '@gatehouse/entities';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DirectoryConnection } from '../integrations/ldap/connection.js';
import { organizationTeam, signedInUser, type Team } from '../test-support/accounts.js';
import { selfSignedTls } from '../test-support/messaging-peers.js';
import { loopbackOutbound } from '../test-support/outbound.js';
import { startTestServerOn } from '../test-support/server.js';
import { type DirectoryPerson, type Slapd, startSlapd } from '../test-support/slapd.js';
import { describeEachDatabase } from '../test-support/suite.js';

const PEOPLE: DirectoryPerson[] = [
  {
    uid: 'alice',
    cn: 'Alice Liddell',
    displayName: 'Alice L.',
    password: 'alice-pw',
    uidNumber: 1001,
    gidNumber: 500,
    mail: 'alice@example.com',
    mobile: '5550101',
    postalAddress: ['1 Rabbit Hole', 'Wonderland'],
  },
  { uid: 'bob', cn: 'Bob Builder', password: 'bob-pw', uidNumber: 1002, gidNumber: 501, mail: 'bob@example.com' },
  { uid: 'carol', cn: 'Carol Taken', password: 'carol-pw', uidNumber: 1003, mail: 'carol@example.com' },
  // A uid no user name may be (spaces): its sync fails.
  { uid: 'dave smith', cn: 'Dave Smith', password: 'dave-pw', uidNumber: 1004, mail: 'dave@example.com' },
];

let slapd: Slapd;
let tls: { key: string; cert: string };
beforeAll(async () => {
  tls = await selfSignedTls();
  slapd = await startSlapd({ people: PEOPLE, tls });
});
afterAll(async () => {
  await slapd?.stop();
});

/** Directory access and sync (the sync page's calls and messages) against a real slapd. */
describeEachDatabase('LDAP directory sync', (server) => {
  let team: Team;
  let id: string;

  const directory = (fields: Record<string, unknown> = {}) => slapd.serverRecord('syncorg', fields);

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'syncorg');
    await team.admin.post('/api/add-group', { owner: 'syncorg', name: 'ldapers', type: 'Virtual' });
    const added = await team.orgAdmin.post('/api/add-ldap', directory({ defaultGroup: 'syncorg/ldapers' }));
    expect(added.status, added.msg).toBe('ok');
    id = `syncorg/${added.data2.id}`;
  });

  const usersOf = async (ldapId = id) => team.orgAdmin.get('/api/get-ldap-users', { id: ldapId });
  const byUid = (users: LdapDirectoryUser[], uid: string) => users.find((user) => user.uid === uid);

  it('lists the directory users with their attributes and no synced uuid yet', async () => {
    const res = await usersOf();
    expect(res.status, res.msg).toBe('ok');
    const users: LdapDirectoryUser[] = res.data.users;
    expect(users.map((user) => user.uid).sort()).toEqual(['alice', 'bob', 'carol', 'dave smith']);
    expect(byUid(users, 'alice')).toMatchObject({
      cn: 'Alice Liddell',
      uidNumber: '1001',
      groupId: '500',
      email: 'alice@example.com',
      mobile: '5550101',
      address: '1 Rabbit Hole, Wonderland',
      displayName: 'Alice L.',
    });
    // entryUUID, kept by slapd for every entry.
    expect(byUid(users, 'alice')?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.data.existUuids).toEqual([]);
    expect(res.data.users[0]).not.toHaveProperty('dn');
  });

  it('is for administrators of the server organization', async () => {
    expect(await team.member.get('/api/get-ldap-users', { id })).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await team.member.post('/api/sync-ldap-users', [], { id })).toMatchObject({ code: 'unauthorized' });
    expect(await team.orgAdmin.get('/api/get-ldap-users', { id: 'syncorg/nosuch' })).toMatchObject({ code: 'missing' });
    expect(await team.orgAdmin.get('/api/get-ldap-users', { id: 'nosuch' })).toMatchObject({ code: 'badId' });
  });

  it('refuses a sync without a selected user in the words of the sync page', async () => {
    const res = await team.orgAdmin.post('/api/sync-ldap-users', [], { id });
    expect(res).toMatchObject({ status: 'error', code: 'ldapSyncNoUsers', msg: 'Please select al least 1 user first' });
    expect(await team.orgAdmin.post('/api/sync-ldap-users', { uuid: 'x' }, { id })).toMatchObject({
      code: 'ldapSyncBodyNotList',
    });
  });

  it('syncs the selected users through the users domain: uuid, default group, directory values, no password', async () => {
    const { users } = (await usersOf()).data;
    const alice = byUid(users, 'alice');
    const bob = byUid(users, 'bob');
    // The values come from the directory, whatever the caller sends along with the uuid.
    const res = await team.orgAdmin.post('/api/sync-ldap-users', [{ ...alice, email: 'forged@evil.test' }, bob], { id });
    expect(res).toMatchObject({ status: 'ok', data: { exist: [], failed: [] } });
    const stored = await server().ctx.repo(userDef).get('syncorg', 'alice');
    expect(stored).toMatchObject({
      ldap: alice?.uuid,
      displayName: 'Alice L.',
      email: 'alice@example.com',
      phone: '5550101',
      address: ['1 Rabbit Hole, Wonderland'],
      affiliation: 'example.com',
      groups: ['syncorg/ldapers'],
      password: '',
      type: 'normal-user',
    });
    expect((await server().ctx.repo(userDef).get('syncorg', 'bob'))?.displayName).toBe('Bob Builder');
    // Members of the default group, as the group's user list reads them.
    const members = await team.orgAdmin.get('/api/get-users', { owner: 'syncorg', groupName: 'ldapers' });
    expect(members.data.map((user: { name: string }) => user.name).sort()).toEqual(['alice', 'bob']);
    const after = await usersOf();
    expect([...after.data.existUuids].sort()).toEqual([alice?.uuid, bob?.uuid].sort());
    const ldap = await server()
      .ctx.repo(ldapDef)
      .get('syncorg', id.split('/')[1] ?? '');
    expect(ldap?.lastSync).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('reports users already there (by uuid, or by a name taken) as exist, and those it cannot add as failed', async () => {
    await team.admin.post('/api/add-user', { owner: 'syncorg', name: 'carol', password: 'local-pass' });
    const { users } = (await usersOf()).data;
    const chosen = ['alice', 'carol', 'dave smith'].map((uid) => byUid(users, uid));
    const gone = { cn: 'Gone Person', uid: 'gone', uuid: '00000000-0000-0000-0000-000000000000' };
    const res = await team.orgAdmin.post('/api/sync-ldap-users', [...chosen, gone], { id });
    expect(res.status, res.msg).toBe('ok');
    expect(res.data.exist.map((user: LdapDirectoryUser) => user.cn).sort()).toEqual(['Alice Liddell', 'Carol Taken']);
    expect(res.data.failed.map((user: LdapDirectoryUser) => user.cn).sort()).toEqual(['Dave Smith', 'Gone Person']);
    // The local carol stays as she was.
    expect((await server().ctx.repo(userDef).get('syncorg', 'carol'))?.ldap).toBe('');
  });

  it('names users by the chosen username attribute (mail)', async () => {
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'mailorg' });
    const added = await team.admin.post('/api/add-ldap', directory({ owner: 'mailorg', usernameAttribute: 'mail' }));
    const mailId = `mailorg/${added.data2.id}`;
    const { users } = (await team.admin.get('/api/get-ldap-users', { id: mailId })).data;
    const bob = users.find((user: LdapDirectoryUser) => user.cn === 'Bob Builder');
    expect(bob.uid).toBe('bob@example.com');
    const res = await team.admin.post('/api/sync-ldap-users', [bob], { id: mailId });
    expect(res).toMatchObject({ status: 'ok', data: { exist: [], failed: [] } });
    expect((await server().ctx.repo(userDef).get('mailorg', 'bob@example.com'))?.ldap).toBe(bob.uuid);
  });

  it('says why a directory cannot be used: a wrong bind password, a refused address, an untrusted certificate', async () => {
    const wrong = await team.orgAdmin.post('/api/add-ldap', directory({ password: 'not-the-password' }));
    expect(await usersOf(`syncorg/${wrong.data2.id}`)).toMatchObject({ status: 'error', code: 'ldapBindFailed' });

    // A server over the same database whose outbound allowlist does not open loopback.
    const closed = await startTestServerOn(server().engine, server().ctx.config.databaseUrl, { outboundAllowlist: [] });
    try {
      const boss = await signedInUser(closed.url, 'syncorg', 'boss', 'boss-pass');
      expect(await boss.get('/api/get-ldap-users', { id })).toMatchObject({ status: 'error', code: 'outboundAddressRefused' });
    } finally {
      await closed.close();
    }

    const ldaps = await team.orgAdmin.post('/api/add-ldap', directory({ port: slapd.tlsPort, enableSsl: true }));
    const ldapsId = `syncorg/${ldaps.data2.id}`;
    expect(await usersOf(ldapsId)).toMatchObject({ status: 'error', code: 'ldapConnectFailed' });
    const allowed = await team.orgAdmin.post('/api/update-ldap', { ...ldaps.data2, allowSelfSignedCert: true }, { id: ldapsId });
    expect(allowed.status).toBe('ok');
    const overTls = await usersOf(ldapsId);
    expect(overTls.status, overTls.msg).toBe('ok');
    expect(overTls.data.users).toHaveLength(4);
  });

  it('upgrades a plain connection with StartTLS and checks the certificate there too', async () => {
    const settings = {
      host: slapd.host,
      port: slapd.port,
      enableSsl: true,
      allowSelfSignedCert: false,
      username: slapd.adminDn,
      password: slapd.adminPassword,
    };
    await expect(DirectoryConnection.open(loopbackOutbound, settings, 'starttls')).rejects.toMatchObject({
      key: 'ldapConnectFailed',
    });
    const connection = await DirectoryConnection.open(loopbackOutbound, { ...settings, allowSelfSignedCert: true }, 'starttls');
    try {
      const entries = await connection.search(slapd.peopleDn, '(uid=alice)', ['cn']);
      expect(entries.map((entry) => entry.cn)).toEqual(['Alice Liddell']);
    } finally {
      await connection.close();
    }
  });
});
