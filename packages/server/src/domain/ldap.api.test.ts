import { ldap as ldapDef, MASK } from '@gatehouse/entities';
import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { maskRecord } from './records.js';

/** LDAP servers as records (defaults, rules, who may do what): no directory needed here. */
describeEachDatabase('LDAP servers', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'dirorg');
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'otherorg' });
    await team.admin.post('/api/add-group', { owner: 'dirorg', name: 'staff', type: 'Virtual' });
    await team.admin.post('/api/add-group', { owner: 'otherorg', name: 'elsewhere', type: 'Virtual' });
  });

  const server1 = (fields: Record<string, unknown> = {}) => ({
    owner: 'dirorg',
    serverName: 'Corporate directory',
    host: 'ldap.example.com',
    port: 389,
    username: 'cn=admin,dc=example,dc=com',
    password: 'bind-secret',
    baseDn: 'ou=People,dc=example,dc=com',
    ...fields,
  });

  it('adds a server with a generated id, answers it in data2 (password masked) and keys it by owner/id', async () => {
    const added = await team.orgAdmin.post('/api/add-ldap', server1());
    expect(added).toMatchObject({ status: 'ok', data: 'Affected' });
    const id: string = added.data2.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(added.data2).toMatchObject({ owner: 'dirorg', serverName: 'Corporate directory', autoSync: 0, lastSync: '' });
    const got = await team.orgAdmin.get('/api/get-ldap', { id: `dirorg/${id}` });
    expect(got.data).toMatchObject({ id, owner: 'dirorg', host: 'ldap.example.com', port: 389 });
    // Its administrators may edit it, and so see the bind password (a secret is *** for the others).
    expect(got.data.password).toBe('bind-secret');
    const list = await team.orgAdmin.get('/api/get-ldaps', { owner: 'dirorg', p: 1, pageSize: 10 });
    expect(list.data.map((row: { id: string }) => row.id)).toContain(id);
    expect(list.data2).toBeGreaterThanOrEqual(1);
  });

  it('masks the bind password for viewers who may not edit the server, and keeps it when *** comes back', async () => {
    const { data2 } = await team.admin.post('/api/add-ldap', server1({ serverName: 'masked' }));
    const id = `dirorg/${data2.id}`;
    // Members of the organization may not read LDAP servers at all.
    expect(await team.member.get('/api/get-ldap', { id })).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await team.member.get('/api/get-ldaps', { owner: 'dirorg' })).toMatchObject({ status: 'error', code: 'unauthorized' });
    const saved = await team.orgAdmin.post('/api/update-ldap', { ...data2, password: MASK, host: 'ldap2.example.com' }, { id });
    expect(saved).toMatchObject({ status: 'ok' });
    const stored = await server().ctx.repo(ldapDef).get('dirorg', data2.id);
    expect(stored).toMatchObject({ password: 'bind-secret', host: 'ldap2.example.com' });
    // What the answers would show anyone who may not edit the server (no such reader exists today).
    const member = { owner: 'dirorg', name: 'worker', level: 'user' as const };
    expect(maskRecord(ldapDef, { ...data2, password: 'bind-secret' }, member).password).toBe(MASK);
  });

  it('updates and deletes as Casdoor does, the record naming itself in the body', async () => {
    const { data2 } = await team.orgAdmin.post('/api/add-ldap', server1({ serverName: 'body-named' }));
    const updated = await team.orgAdmin.post('/api/update-ldap', { ...data2, serverName: 'renamed server', autoSync: 5 });
    expect(updated).toMatchObject({ status: 'ok', data: 'Affected' });
    expect((await team.orgAdmin.get('/api/get-ldap', { id: `dirorg/${data2.id}` })).data).toMatchObject({
      serverName: 'renamed server',
      autoSync: 5,
    });
    expect(await team.orgAdmin.post('/api/delete-ldap', data2)).toMatchObject({ status: 'ok', data: 'Affected' });
    expect((await team.orgAdmin.get('/api/get-ldap', { id: `dirorg/${data2.id}` })).data).toBeNull();
    expect(await team.orgAdmin.post('/api/delete-ldap', data2)).toMatchObject({ status: 'ok', data: 'Unaffected' });
  });

  it('keeps the id: it is read-only once the server exists', async () => {
    const { data2 } = await team.orgAdmin.post('/api/add-ldap', server1({ serverName: 'fixed id' }));
    const res = await team.orgAdmin.post('/api/update-ldap', { ...data2, id: 'another-id' }, { id: `dirorg/${data2.id}` });
    expect(res).toMatchObject({ status: 'error', code: 'fieldLocked' });
  });

  it('holds the port to 0..65535 and auto sync to whole minutes from 0, with no required fields', async () => {
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ port: 65536 }))).toMatchObject({
      status: 'error',
      code: 'invalidField',
    });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ port: -1 }))).toMatchObject({ code: 'invalidField' });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ autoSync: -5 }))).toMatchObject({ code: 'invalidField' });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ port: 65535, autoSync: 0 }))).toMatchObject({ status: 'ok' });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ port: 0 }))).toMatchObject({ status: 'ok' });
    // No field is required.
    const bare = await team.orgAdmin.post('/api/add-ldap', { owner: 'dirorg' });
    expect(bare).toMatchObject({ status: 'ok' });
    expect(bare.data2).toMatchObject({ serverName: '', host: '', port: 0 });
  });

  it('checks the search filter and the default group when they are saved', async () => {
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ filter: '(objectClass=person' }))).toMatchObject({
      status: 'error',
      code: 'ldapFilterInvalid',
    });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ defaultGroup: 'otherorg/elsewhere' }))).toMatchObject({
      code: 'ldapDefaultGroupInvalid',
    });
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ defaultGroup: 'dirorg/nosuch' }))).toMatchObject({
      code: 'ldapDefaultGroupInvalid',
    });
    const ok = await team.orgAdmin.post('/api/add-ldap', server1({ defaultGroup: 'dirorg/staff', filter: '(uid={})' }));
    expect(ok).toMatchObject({ status: 'ok' });
    expect(ok.data2.defaultGroup).toBe('dirorg/staff');
  });

  it('lets organization admins manage their own organization only; only global admins move a server', async () => {
    expect(await team.orgAdmin.post('/api/add-ldap', server1({ owner: 'otherorg' }))).toMatchObject({ code: 'unauthorized' });
    const { data2 } = await team.admin.post('/api/add-ldap', server1({ owner: 'otherorg' }));
    expect(await team.orgAdmin.get('/api/get-ldap', { id: `otherorg/${data2.id}` })).toMatchObject({ code: 'unauthorized' });
    expect(await team.orgAdmin.get('/api/get-ldaps', { owner: 'otherorg' })).toMatchObject({ code: 'unauthorized' });
    expect(await team.orgAdmin.post('/api/delete-ldap', data2)).toMatchObject({ code: 'unauthorized' });

    const own = (await team.orgAdmin.post('/api/add-ldap', server1({ defaultGroup: 'dirorg/staff' }))).data2;
    const moved = await team.orgAdmin.post('/api/update-ldap', { ...own, owner: 'otherorg' }, { id: `dirorg/${own.id}` });
    expect(moved).toMatchObject({ status: 'error', code: 'unauthorized' });
    const byGlobal = await team.admin.post('/api/update-ldap', { ...own, owner: 'otherorg' }, { id: `dirorg/${own.id}` });
    expect(byGlobal).toMatchObject({ status: 'ok' });
    const after = (await team.admin.get('/api/get-ldap', { id: `otherorg/${own.id}` })).data;
    // The old organization's default group stays behind.
    expect(after).toMatchObject({ owner: 'otherorg', defaultGroup: '' });
  });

  it('follows a rename of its default group and of its organization', async () => {
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'movingorg' });
    await team.admin.post('/api/add-group', { owner: 'movingorg', name: 'team', type: 'Virtual' });
    const { data2 } = await team.admin.post('/api/add-ldap', server1({ owner: 'movingorg', defaultGroup: 'movingorg/team' }));
    const group = (await team.admin.get('/api/get-group', { id: 'movingorg/team' })).data;
    expect(await team.admin.post('/api/update-group', { ...group, name: 'crew' }, { id: 'movingorg/team' })).toMatchObject({
      status: 'ok',
    });
    expect((await team.admin.get('/api/get-ldap', { id: `movingorg/${data2.id}` })).data.defaultGroup).toBe('movingorg/crew');
    const org = (await team.admin.get('/api/get-organization', { id: 'admin/movingorg' })).data;
    expect(
      await team.admin.post('/api/update-organization', { ...org, name: 'movedorg' }, { id: 'admin/movingorg' }),
    ).toMatchObject({ status: 'ok' });
    expect((await team.admin.get('/api/get-ldap', { id: `movedorg/${data2.id}` })).data).toMatchObject({
      owner: 'movedorg',
      defaultGroup: 'movedorg/crew',
    });
  });

  it('pages, sorts and searches an organization list on the server', async () => {
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'listorg' });
    for (const name of ['zeta', 'alpha', 'mid'])
      await team.admin.post('/api/add-ldap', server1({ owner: 'listorg', serverName: name }));
    const page = await team.admin.get('/api/get-ldaps', {
      owner: 'listorg',
      p: 1,
      pageSize: 2,
      sortField: 'serverName',
      sortOrder: 'ascend',
    });
    expect(page.data.map((row: { serverName: string }) => row.serverName)).toEqual(['alpha', 'mid']);
    expect(page.data2).toBe(3);
    const found = await team.admin.get('/api/get-ldaps', { owner: 'listorg', field: 'serverName', value: 'et' });
    expect(found.data.map((row: { serverName: string }) => row.serverName)).toEqual(['zeta']);
  });
});
