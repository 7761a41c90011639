import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { ACL_MODEL, DENY_OVERRIDE_MODEL, DOMAINS_MODEL } from '../../test-support/model-texts.js';
import { permissionBody } from '../../test-support/records.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'enforceorg';

const MODELS: Record<string, string> = { acl: ACL_MODEL, domains: DOMAINS_MODEL, deny: DENY_OVERRIDE_MODEL };

type Row = [request: string[], allowed: boolean];

describeEachDatabase('enforcement (/api/enforce)', (server) => {
  let team: Team;
  let admin: ApiClient;
  const u = (name: string) => `${ORG}/${name}`;

  const permission = (name: string, fields: Record<string, unknown>) =>
    admin.post('/api/add-permission', permissionBody(ORG, name, fields));

  const enforce = async (query: Record<string, string>, body: unknown) => admin.post('/api/enforce', body, query);

  /** Every row of the table answered as expected, one call per row. */
  async function expectTable(query: Record<string, string>, table: Row[]) {
    const answers: Row[] = [];
    for (const [request] of table) {
      const answer = await enforce(query, request);
      expect(answer).toMatchObject({ status: 'ok' });
      answers.push([request, (answer.data as boolean[]).every(Boolean) && (answer.data as boolean[]).length > 0]);
    }
    expect(answers).toEqual(table);
  }

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    admin = team.admin;
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      expect(await admin.post('/api/add-user', { owner: ORG, name, password: `${name}-pass` })).toMatchObject({ status: 'ok' });
    }
    expect(await admin.post('/api/add-group', { owner: ORG, name: 'staff', type: 'Virtual' })).toMatchObject({ status: 'ok' });
    expect(
      await admin.post('/api/update-user', { owner: ORG, name: 'bob', groups: [u('staff')] }, { id: u('bob') }),
    ).toMatchObject({
      status: 'ok',
    });
    for (const [name, modelText] of Object.entries(MODELS)) {
      expect(await admin.post('/api/add-model', { owner: ORG, name, modelText })).toMatchObject({ status: 'ok' });
    }
    const role = (name: string, fields: Record<string, unknown>) =>
      admin.post('/api/add-role', {
        owner: ORG,
        name,
        users: [],
        groups: [],
        roles: [],
        domains: [],
        isEnabled: true,
        ...fields,
      });
    expect(await role('readers', { users: [u('alice')] })).toMatchObject({ status: 'ok' });
    expect(await role('managers', { users: [u('carol')], roles: [u('readers')] })).toMatchObject({ status: 'ok' });
    expect(await role('tenant-admins', { users: [u('alice')] })).toMatchObject({ status: 'ok' });

    const added = await Promise.all([
      permission('acl-read', { model: u('acl'), users: [u('alice')], resources: ['doc1'] }),
      permission('rbac-readers', { roles: [u('readers')], resources: ['doc2'], actions: ['Read', 'Write'] }),
      permission('rbac-staff', { groups: [u('staff')], users: [u('carol')], resources: ['doc3'] }),
      permission('rbac-managers', { roles: [u('managers')], resources: ['doc4'] }),
      permission('dom-admins', { model: u('domains'), roles: [u('tenant-admins')], domains: ['tenant1'], resources: ['data'] }),
      permission('deny-all-read', { model: u('deny'), users: [`${ORG}/*`], resources: ['secret'] }),
      permission('deny-bob', { model: u('deny'), users: [u('bob')], resources: ['secret'], effect: 'Deny' }),
    ]);
    for (const answer of added) expect(answer).toMatchObject({ status: 'ok' });
  });

  it('answers an ACL model as its table says; actions compare in lower case, as Casdoor applications send them', async () => {
    await expectTable({ permissionId: u('acl-read') }, [
      [[u('alice'), 'doc1', 'Read'], true],
      [[u('alice'), 'doc1', 'read'], true],
      [[u('alice'), 'doc1', 'READ'], true],
      [[u('alice'), 'doc1', 'Write'], false],
      [[u('bob'), 'doc1', 'read'], false],
      [[u('alice'), 'doc2', 'read'], false],
    ]);
  });

  it('answers RBAC through roles, sub-roles and groups', async () => {
    // The permissions without a model share Casdoor's built-in RBAC model: one enforcer, key "/".
    const byOwner = async (request: string[]) => {
      const answer = await enforce({ owner: ORG }, request);
      expect(answer).toMatchObject({ status: 'ok' });
      const keys = answer.data2 as string[];
      return (answer.data as boolean[])[keys.indexOf('/')];
    };
    const table: Row[] = [
      [[u('alice'), 'doc2', 'Write'], true],
      // readers is a sub-role of managers: its members have what managers have.
      [[u('alice'), 'doc4', 'Read'], true],
      [[u('carol'), 'doc4', 'Read'], true],
      [[u('carol'), 'doc2', 'Read'], false],
      // bob is in the staff group.
      [[u('bob'), 'doc3', 'Read'], true],
      [[u('bob'), 'doc2', 'Read'], false],
      [[u('dave'), 'doc3', 'Read'], false],
    ];
    const answers: Row[] = [];
    for (const [request] of table) answers.push([request, (await byOwner(request)) === true]);
    expect(answers).toEqual(table);
  });

  it('answers RBAC with domains', async () => {
    await expectTable({ permissionId: u('dom-admins') }, [
      [[u('alice'), 'tenant1', 'data', 'Read'], true],
      [[u('alice'), 'tenant2', 'data', 'Read'], false],
      [[u('carol'), 'tenant1', 'data', 'Read'], false],
    ]);
  });

  it('answers a deny-override model per model, All standing for every user of the organization', async () => {
    const answer = await enforce({ modelId: u('deny') }, [u('alice'), 'secret', 'Read']);
    expect(answer).toMatchObject({ status: 'ok', data: [true], data2: [`${u('deny')}/`] });
    await expectTable({ modelId: u('deny') }, [
      [[u('dave'), 'secret', 'Read'], true],
      [[u('bob'), 'secret', 'Read'], false],
      [[u('alice'), 'secret', 'Write'], false],
    ]);
  });

  it('answers batches, one list per enforcer', async () => {
    const answer = await admin.post(
      '/api/batch-enforce',
      [
        [u('alice'), 'secret', 'Read'],
        [u('bob'), 'secret', 'Read'],
      ],
      { modelId: u('deny') },
    );
    expect(answer).toMatchObject({ status: 'ok', data: [[true, false]], data2: [`${u('deny')}/`] });
  });

  it('takes effect at once: an edit, a pending permission, its approval', async () => {
    const req = [u('dave'), 'doc9', 'Read'];
    expect(
      await team.orgAdmin.post('/api/add-permission', {
        owner: ORG,
        name: 'pending-dave',
        users: [u('dave')],
        resourceType: 'Custom',
        resources: ['doc9'],
        actions: ['Read'],
        effect: 'Allow',
        isEnabled: true,
      }),
    ).toMatchObject({ status: 'ok' });
    expect((await enforce({ permissionId: u('pending-dave') }, req)).data).toEqual([false]);
    expect(await admin.post('/api/update-permission', { state: 'Approved' }, { id: u('pending-dave') })).toMatchObject({
      status: 'ok',
    });
    expect((await enforce({ permissionId: u('pending-dave') }, req)).data).toEqual([true]);
    expect(await admin.post('/api/update-permission', { users: [u('carol')] }, { id: u('pending-dave') })).toMatchObject({
      status: 'ok',
    });
    expect((await enforce({ permissionId: u('pending-dave') }, req)).data).toEqual([false]);
    // A role change reaches the permissions that name the role.
    expect((await enforce({ permissionId: u('rbac-managers') }, [u('dave'), 'doc4', 'Read'])).data).toEqual([false]);
    expect(await admin.post('/api/update-role', { users: [u('carol'), u('dave')] }, { id: u('managers') })).toMatchObject({
      status: 'ok',
    });
    expect((await enforce({ permissionId: u('rbac-managers') }, [u('dave'), 'doc4', 'Read'])).data).toEqual([true]);
  });

  it('answers an enforcer record from its adapter’s rows, and follows policy edits at once', async () => {
    expect(
      await admin.post('/api/add-adapter', { owner: ORG, name: 'rules', table: 'enforce_test_rule', useSameDb: true }),
    ).toMatchObject({
      status: 'ok',
    });
    expect(
      await admin.post('/api/add-enforcer', { owner: ORG, name: 'acl-enforcer', model: u('acl'), adapter: u('rules') }),
    ).toMatchObject({
      status: 'ok',
    });
    const id = u('acl-enforcer');
    expect(await admin.post('/api/add-policy', { Ptype: 'p', V0: 'alice', V1: 'data1', V2: 'read' }, { id })).toMatchObject({
      status: 'ok',
      data: 'Affected',
    });
    expect(await enforce({ enforcerId: id }, ['alice', 'data1', 'read'])).toMatchObject({
      status: 'ok',
      data: [true],
      data2: [id],
    });
    expect((await enforce({ enforcerId: id }, ['alice', 'data2', 'read'])).data).toEqual([false]);
    expect(await admin.post('/api/add-policy', { Ptype: 'p', V0: 'alice', V1: 'data2', V2: 'read' }, { id })).toMatchObject({
      data: 'Affected',
    });
    expect((await enforce({ enforcerId: id }, ['alice', 'data2', 'read'])).data).toEqual([true]);
    expect(await admin.post('/api/remove-policy', { Ptype: 'p', V0: 'alice', V1: 'data1', V2: 'read' }, { id })).toMatchObject({
      status: 'ok',
    });
    expect((await enforce({ enforcerId: id }, ['alice', 'data1', 'read'])).data).toEqual([false]);
    expect(await enforce({ enforcerId: u('none') }, ['a', 'b', 'c'])).toMatchObject({
      status: 'error',
      msg: `The enforcer: "${u('none')}" doesn't exist`,
    });
  });

  it('keeps a permission’s rows in its adapter’s table, where an enforcer over it reads them', async () => {
    expect(
      await admin.post('/api/add-adapter', { owner: ORG, name: 'permrules', table: 'perm_rules_test', useSameDb: true }),
    ).toMatchObject({
      status: 'ok',
    });
    expect(
      await admin.post('/api/add-enforcer', { owner: ORG, name: 'perm-view', model: u('acl'), adapter: u('permrules') }),
    ).toMatchObject({
      status: 'ok',
    });
    expect(
      await permission('acl-stored', { model: u('acl'), adapter: 'permrules', users: [u('alice')], resources: ['docX'] }),
    ).toMatchObject({
      status: 'ok',
    });
    const policies = async () => (await admin.get('/api/get-policies', { id: u('perm-view') })).data;
    expect(await policies()).toEqual([
      // The permission's action "Read", compiled in lower case as Casdoor compiled it.
      { Id: expect.any(Number), Ptype: 'p', V0: u('alice'), V1: 'docX', V2: 'read', V3: 'allow', V4: '', V5: u('acl-stored') },
    ]);
    // An enforcer reads the rows as stored (its model may hold rows of its own): the lower-case action.
    expect((await enforce({ enforcerId: u('perm-view') }, [u('alice'), 'docX', 'read'])).data).toEqual([true]);
    expect(await admin.post('/api/update-permission', { users: [u('bob')] }, { id: u('acl-stored') })).toMatchObject({
      status: 'ok',
    });
    expect((await policies())[0]).toMatchObject({ V0: u('bob') });
    expect((await enforce({ enforcerId: u('perm-view') }, [u('alice'), 'docX', 'read'])).data).toEqual([false]);
    expect(await admin.post('/api/delete-permission', { owner: ORG, name: 'acl-stored' })).toMatchObject({ status: 'ok' });
    expect(await policies()).toEqual([]);
  });

  it('reads a bare model name in the permission`s organization; an unknown model is Casdoor`s built-in RBAC model; refuses a model that cannot hold permission rows', async () => {
    // A model named without its organization is the permission's organization's (Casdoor's getModel(owner, model)).
    expect(await permission('bare-acl', { model: 'acl', users: [u('alice')], resources: ['docB'] })).toMatchObject({
      status: 'ok',
    });
    expect((await enforce({ permissionId: u('bare-acl') }, [u('alice'), 'docB', 'read'])).data).toEqual([true]);
    expect((await enforce({ modelId: u('acl') }, [u('alice'), 'docB', 'read'])).data).toContain(true);
    // A model that does not exist is the built-in RBAC model: roles are kept and grant.
    expect(await permission('lost-model', { model: u('nothing'), roles: [u('readers')], resources: ['docL'] })).toMatchObject({
      status: 'ok',
    });
    expect((await admin.get('/api/get-permission', { id: u('lost-model') })).data).toMatchObject({ roles: [u('readers')] });
    expect((await enforce({ permissionId: u('lost-model') }, [u('alice'), 'docL', 'read'])).data).toEqual([true]);
    const seven = MODELS.acl.replace('p = sub, obj, act', 'p = sub, obj, act, a, b, c, d');
    expect(
      await admin.post('/api/add-model', {
        owner: ORG,
        name: 'seven',
        modelText: seven.replace('r = sub, obj, act', 'r = sub, obj, act'),
      }),
    ).toMatchObject({
      status: 'ok',
    });
    expect(await permission('too-wide', { model: u('seven'), users: [u('alice')], resources: ['x'] })).toMatchObject({
      status: 'error',
      msg: 'The model cannot be used for enforcement: the maximum policy_definition field number cannot exceed 6, got 7',
    });
    // Without a role definition a permission keeps no roles; without a domain field no domains.
    expect(
      await permission('acl-roles', {
        model: u('acl'),
        users: [u('alice')],
        roles: [u('readers')],
        domains: ['d'],
        resources: ['x'],
      }),
    ).toMatchObject({
      status: 'ok',
    });
    expect((await admin.get('/api/get-permission', { id: u('acl-roles') })).data).toMatchObject({ roles: [], domains: [] });
  });

  it('refuses calls naming no selector, several, or no request, with the error envelope', async () => {
    expect(await enforce({}, [u('alice'), 'doc1', 'Read'])).toMatchObject({
      status: 'error',
      msg: 'Missing parameter: permissionId | modelId | resourceId | enforcerId | owner',
    });
    expect(await enforce({ permissionId: u('acl-read'), owner: ORG }, [u('alice'), 'doc1', 'Read'])).toMatchObject({
      status: 'error',
      msg: 'Only one of the parameters (permissionId, modelId, resourceId, enforcerId, owner) should be provided',
    });
    expect(await admin.post('/api/batch-enforce', [], { permissionId: u('acl-read'), owner: ORG })).toMatchObject({
      status: 'error',
      msg: 'Only one of the parameters (permissionId, modelId, enforcerId, owner) should be provided',
    });
    expect(await enforce({ permissionId: u('acl-read') }, undefined)).toMatchObject({
      status: 'error',
      msg: 'The request body should not be empty',
    });
    expect(await enforce({ permissionId: u('dom-admins') }, [u('alice'), 'data', 'Read'])).toMatchObject({
      status: 'error',
      msg: 'The request has 3 values; the model expects sub, dom, obj, act',
    });
    expect(await enforce({ permissionId: u('nothing') }, ['a', 'b', 'c'])).toMatchObject({
      status: 'error',
      msg: `The permission: "${u('nothing')}" doesn't exist`,
    });
  });

  it('keeps callers to their own organization', async () => {
    const other = await organizationTeam(server().url, 'enforceother');
    expect(
      await other.orgAdmin.post('/api/enforce', [u('alice'), 'doc1', 'Read'], { permissionId: u('acl-read') }),
    ).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await team.member.post('/api/enforce', [u('alice'), 'doc1', 'Read'], { permissionId: u('acl-read') })).toMatchObject({
      status: 'ok',
      data: [true],
    });
  });

  it('explains a decision: matched rows, the deciding row and the role chain', async () => {
    const answer = await admin.post('/api/enforce-explain', [u('alice'), 'doc4', 'Read'], { permissionId: u('rbac-managers') });
    expect(answer).toMatchObject({ status: 'ok' });
    const [first] = answer.data as { key: string; explanation: Record<string, unknown> }[];
    expect(first?.explanation).toMatchObject({
      allowed: true,
      matched: [{ ptype: 'p', rule: [u('managers'), 'doc4', 'read', 'allow', '', u('rbac-managers')], effect: 'allow' }],
      chains: [[u('alice'), u('readers'), u('managers')]],
      requestFields: ['sub', 'obj', 'act'],
    });
    expect(await admin.get('/api/get-enforce-fields', { permissionId: u('dom-admins') })).toMatchObject({
      status: 'ok',
      data: ['sub', 'dom', 'obj', 'act'],
    });
    // data2: the actions the policy rows name (permissions' rows keep them in lower case), for the panel's picker.
    expect(await admin.get('/api/get-enforce-fields', { permissionId: u('rbac-managers') })).toMatchObject({
      status: 'ok',
      data: ['sub', 'obj', 'act'],
      data2: ['read'],
    });
  });

  it('simulates an edit before it is saved', async () => {
    const answer = await admin.post('/api/simulate-permission', { users: [u('bob'), u('carol')] }, { id: u('acl-read') });
    expect(answer).toMatchObject({ status: 'ok' });
    expect(answer.data).toMatchObject({
      gained: [
        { user: u('bob'), resource: 'doc1', action: 'Read' },
        { user: u('carol'), resource: 'doc1', action: 'Read' },
      ],
      lost: [{ user: u('alice'), resource: 'doc1', action: 'Read' }],
      gainedUsers: 2,
      lostUsers: 1,
    });
    // Nothing was saved.
    expect((await enforce({ permissionId: u('acl-read') }, [u('alice'), 'doc1', 'Read'])).data).toEqual([true]);
    expect(await team.member.post('/api/simulate-permission', {}, { id: u('acl-read') })).toMatchObject({ status: 'error' });
  });

  it('answers a user’s roles, objects and actions', async () => {
    expect((await admin.get('/api/get-all-roles', { userId: u('alice') })).data).toEqual(
      expect.arrayContaining(['readers', 'managers', 'tenant-admins']),
    );
    const objects = (await admin.get('/api/get-all-objects', { userId: u('alice') })).data as string[];
    expect(objects).toEqual(expect.arrayContaining(['doc1', 'doc2']));
    const actions = (await admin.get('/api/get-all-actions', { userId: u('alice') })).data as string[];
    expect(actions).toEqual(expect.arrayContaining(['read', 'write']));
  });
});
