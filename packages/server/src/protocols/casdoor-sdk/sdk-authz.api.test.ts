import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CasbinRule,
  type CasdoorSdk,
  expectAffected,
  namesOf,
  type Row,
  recordOf,
  rowsOf,
  sdkRecord,
  sdkSuite,
} from '../../test-support/casdoor-sdk.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-authz';
const ALICE = `${ORG}/alice`;
const BOB = `${ORG}/bob`;
const CAROL = `${ORG}/carol`;

/** Casdoor's RBAC model text (its permission page's default). */
const RBAC_MODEL = `[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act`;

/** A policy row as the SDK's source sends it (xorm-adapter's CasbinRule, Go field names). */
const rule = (Ptype: string, ...values: string[]): CasbinRule => ({
  Id: 0,
  Ptype,
  V0: values[0] ?? '',
  V1: values[1] ?? '',
  V2: values[2] ?? '',
  V3: values[3] ?? '',
  V4: values[4] ?? '',
  V5: values[5] ?? '',
});

/**
 * Models, adapters, enforcers and their policies, roles, permissions, and enforcement through
 * casdoor-nodejs-sdk (client credentials of an application of the built-in organization).
 * Permissions are written as Casdoor's applications write them: actions capitalised ("Read"),
 * users as owner/name, the model as a bare name of the permission's organization.
 */
describeEachDatabase('casdoor-nodejs-sdk: models, adapters, enforcers, policies, roles, permissions, enforce', (server) => {
  let sdk: CasdoorSdk;

  beforeAll(async () => {
    ({ sdk } = await sdkSuite(server().url, ORG, 'sdk-authz-app'));
    for (const name of ['alice', 'bob', 'carol']) {
      expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name, password: `${name}-pass-1` })));
    }
  });

  describe('models', () => {
    it('adds, lists, reads, updates and deletes a model', async () => {
      expectAffected(
        await sdk.addModel(sdkRecord({ owner: ORG, name: 'rbac', displayName: 'RBAC', modelText: RBAC_MODEL })),
        'addModel',
      );
      expectAffected(
        await sdk.addModel(sdkRecord({ owner: ORG, name: 'scratch', displayName: 'Scratch', modelText: RBAC_MODEL })),
      );
      expect(namesOf(await sdk.getModels()).sort()).toEqual(['rbac', 'scratch']);
      const model = recordOf(await sdk.getModel('rbac'));
      expect(model).toMatchObject({ owner: ORG, name: 'rbac', displayName: 'RBAC' });
      expect(String(model?.modelText)).toContain('m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act');

      expectAffected(await sdk.updateModel(sdkRecord({ ...model, owner: ORG, name: 'rbac', displayName: 'Role-based' })));
      expect(recordOf(await sdk.getModel('rbac'))).toMatchObject({ displayName: 'Role-based' });
      expectAffected(await sdk.deleteModel(sdkRecord({ owner: ORG, name: 'scratch' })), 'deleteModel');
      expect(recordOf(await sdk.getModel('scratch'))).toBeNull();
    });
  });

  describe('adapters, enforcers and policies', () => {
    const enforcer = { owner: ORG, name: 'doc-enforcer' };

    it('adds an adapter with an empty table (casbin_rule, as in Casdoor), lists, reads, updates and deletes', async () => {
      expectAffected(
        await sdk.addAdapter(sdkRecord({ owner: ORG, name: 'rules', table: '', useSameDb: true, host: '', user: '' })),
        'addAdapter',
      );
      expectAffected(await sdk.addAdapter(sdkRecord({ owner: ORG, name: 'spare', table: 'spare_rules', useSameDb: true })));
      expect(namesOf(await sdk.getAdapters()).sort()).toEqual(['rules', 'spare']);
      const adapter = recordOf(await sdk.getAdapter('rules'));
      expect(adapter).toMatchObject({ owner: ORG, name: 'rules', table: '', useSameDb: true });

      expectAffected(await sdk.updateAdapter(sdkRecord({ ...adapter, owner: ORG, name: 'spare', table: 'spare_rules_2' })));
      expectAffected(await sdk.deleteAdapter(sdkRecord({ owner: ORG, name: 'spare' })), 'deleteAdapter');
      expect(recordOf(await sdk.getAdapter('spare'))).toBeNull();
    });

    it('adds, lists, reads, updates and deletes an enforcer of the model and the adapter', async () => {
      const fields = { model: `${ORG}/rbac`, adapter: `${ORG}/rules`, description: '' };
      expectAffected(await sdk.addEnforcer(sdkRecord({ ...enforcer, displayName: 'Docs', ...fields })), 'addEnforcer');
      expectAffected(await sdk.addEnforcer(sdkRecord({ owner: ORG, name: 'spare-enforcer', displayName: 'Spare', ...fields })));
      expect(namesOf(await sdk.getEnforcers()).sort()).toEqual(['doc-enforcer', 'spare-enforcer']);
      const record = recordOf(await sdk.getEnforcer('doc-enforcer'));
      expect(record).toMatchObject({ ...enforcer, displayName: 'Docs', model: `${ORG}/rbac`, adapter: `${ORG}/rules` });

      expectAffected(await sdk.updateEnforcer(sdkRecord({ ...record, ...enforcer, description: 'Who reads which document' })));
      expect(recordOf(await sdk.getEnforcer('doc-enforcer'))).toMatchObject({ description: 'Who reads which document' });
      expectAffected(await sdk.deleteEnforcer(sdkRecord({ owner: ORG, name: 'spare-enforcer' })), 'deleteEnforcer');
      expect(recordOf(await sdk.getEnforcer('spare-enforcer'))).toBeNull();
    });

    // The SDK's repository source (src/policy.ts; not in the published 1.24.0) posts each policy as
    // JSON text, which axios labels application/x-www-form-urlencoded; Casdoor unmarshals the raw
    // body whatever its content type (controllers/enforcer.go AddPolicy, UpdatePolicy, RemovePolicy).
    it('addPolicy, updatePolicy and removePolicy as the SDK source sends them (JSON text, form content type)', async () => {
      expectAffected(await sdk.addPolicy(enforcer, rule('p', 'carol', 'data9', 'read')), 'addPolicy');
      expectAffected(
        await sdk.updatePolicy(enforcer, rule('p', 'carol', 'data9', 'read'), rule('p', 'carol', 'data9', 'write')),
        'updatePolicy',
      );
      expectAffected(await sdk.removePolicy(enforcer, rule('p', 'carol', 'data9', 'write')), 'removePolicy');
    });

    it('adds, lists, updates, filters and removes policies in CasbinRule shape (JSON bodies)', async () => {
      const id = { id: `${ORG}/doc-enforcer` };
      expectAffected(await sdk.postJson('/add-policy', rule('p', 'alice', 'data1', 'read'), id), 'add-policy');
      // Go decodes JSON names without regard to case: lower-case names are the same rule.
      expectAffected(await sdk.postJson('/add-policy', { ptype: 'g', v0: 'bob', v1: 'alice' }, id), 'add-policy g');
      const listed = rowsOf(await sdk.getPolicies('doc-enforcer'));
      expect(listed).toEqual(
        expect.arrayContaining([
          { ...rule('p', 'alice', 'data1', 'read'), Id: expect.any(Number) },
          { ...rule('g', 'bob', 'alice'), Id: expect.any(Number) },
        ]),
      );

      const pair = [rule('p', 'alice', 'data1', 'read'), rule('p', 'alice', 'data1', 'write')];
      expectAffected(await sdk.postJson('/update-policy', pair, id), 'update-policy');
      const filtered = rowsOf(
        await sdk.getFilteredPolicies('doc-enforcer', [{ ptype: 'p', fieldIndex: 0, fieldValues: ['alice'] }]),
      );
      expect(filtered).toEqual([{ ...rule('p', 'alice', 'data1', 'write'), Id: 0 }]);

      expectAffected(await sdk.postJson('/remove-policy', rule('g', 'bob', 'alice'), id), 'remove-policy');
      const after = rowsOf(await sdk.getPolicies('doc-enforcer'));
      expect(after).toContainEqual({ ...rule('p', 'alice', 'data1', 'write'), Id: expect.any(Number) });
      expect(after.filter((r) => r.Ptype === 'g')).toEqual([]);
      expect(answerOf(await sdk.postJson('/remove-policy', rule('g', 'bob', 'alice'), id))).toMatchObject({
        status: 'ok',
        data: 'Unaffected',
      });
    });

    it("getPolicies with an adapterId tests the adapter's connection (data empty), as Casdoor does", async () => {
      expect(answerOf(await sdk.getPolicies('/', `${ORG}/rules`))).toMatchObject({ status: 'ok' });
      expect(answerOf(await sdk.getPolicies('/', `${ORG}/missing`)).status).toBe('error');
    });
  });

  describe('roles', () => {
    it('adds, lists, reads, updates and deletes roles', async () => {
      expectAffected(
        await sdk.addRole(
          sdkRecord({ owner: ORG, name: 'editors', displayName: 'Editors', users: [BOB], roles: [], isEnabled: true }),
        ),
        'addRole',
      );
      expectAffected(
        await sdk.addRole(sdkRecord({ owner: ORG, name: 'temps', displayName: 'Temps', users: [], isEnabled: true })),
      );
      expect(namesOf(await sdk.getRoles()).sort()).toEqual(['editors', 'temps']);
      const role = recordOf(await sdk.getRole('editors'));
      expect(role).toMatchObject({ owner: ORG, name: 'editors', users: [BOB], isEnabled: true });
      expectAffected(await sdk.updateRole(sdkRecord({ ...role, owner: ORG, name: 'editors', displayName: 'Document editors' })));
      expect(recordOf(await sdk.getRole('editors'))).toMatchObject({ displayName: 'Document editors', users: [BOB] });
      expectAffected(await sdk.deleteRole(sdkRecord({ owner: ORG, name: 'temps' })), 'deleteRole');
      expect(recordOf(await sdk.getRole('temps'))).toBeNull();
    });
  });

  describe('permissions and enforcement', () => {
    const PERMISSION = `${ORG}/doc-access`;

    it('adds, lists and reads a Casdoor-style permission', async () => {
      expectAffected(
        await sdk.addPermission(
          sdkRecord({
            owner: ORG,
            name: 'doc-access',
            displayName: 'Document access',
            users: [ALICE],
            roles: [`${ORG}/editors`],
            domains: [],
            model: 'rbac',
            adapter: '',
            resourceType: 'Custom',
            resources: ['doc1', 'doc2'],
            actions: ['Read', 'Write'],
            effect: 'Allow',
            isEnabled: true,
            state: 'Approved',
          }),
        ),
        'addPermission',
      );
      expectAffected(
        await sdk.addPermission(
          sdkRecord({
            owner: ORG,
            name: 'spare-access',
            users: [CAROL],
            resourceType: 'Custom',
            resources: ['doc9'],
            actions: ['Read'],
            effect: 'Allow',
            isEnabled: true,
            state: 'Approved',
          }),
        ),
      );
      expect(namesOf(await sdk.getPermissions()).sort()).toEqual(['doc-access', 'spare-access']);
      expect(recordOf(await sdk.getPermission('doc-access'))).toMatchObject({
        owner: ORG,
        name: 'doc-access',
        users: [ALICE],
        roles: [`${ORG}/editors`],
        model: 'rbac',
        resources: ['doc1', 'doc2'],
        actions: ['Read', 'Write'],
        effect: 'Allow',
        isEnabled: true,
        state: 'Approved',
      });
    });

    it('enforce(permissionId): users and role members get the actions, in any case of the action', async () => {
      const enforce = (request: string[]) => sdk.enforce(PERMISSION, '', '', request);
      expect(await enforce([ALICE, 'doc1', 'read'])).toBe(true);
      expect(await enforce([ALICE, 'doc2', 'Write'])).toBe(true);
      // bob holds the action through the role editors.
      expect(await enforce([BOB, 'doc1', 'read'])).toBe(true);
      expect(await enforce([CAROL, 'doc1', 'read'])).toBe(false);
      expect(await enforce([ALICE, 'doc3', 'read'])).toBe(false);
      expect(await enforce([ALICE, 'doc1', 'delete'])).toBe(false);
    });

    it('enforce answers Casdoor envelope: data = one result per enforcer, data2 = their keys', async () => {
      const response = await sdk.postJson('/enforce', [ALICE, 'doc1', 'read'], { permissionId: PERMISSION });
      expect(answerOf(response)).toMatchObject({ status: 'ok', data: [true] });
      expect(Array.isArray(answerOf(response).data2)).toBe(true);
    });

    it('enforce(modelId) and enforce(resourceId) reach the permissions of the model and of the resource', async () => {
      expect(await sdk.enforce('', `${ORG}/rbac`, '', [ALICE, 'doc1', 'read'])).toBe(true);
      expect(await sdk.enforce('', `${ORG}/rbac`, '', [CAROL, 'doc2', 'read'])).toBe(false);
      // resourceId names a resource as the permissions list it (Casdoor: resources like %<id>"%).
      expect(await sdk.enforce('', '', 'doc9', [CAROL, 'doc9', 'read'])).toBe(true);
      expect(await sdk.enforce('', '', 'doc9', [ALICE, 'doc9', 'read'])).toBe(false);
    });

    it('batchEnforce answers one result per request, flattened', async () => {
      const results = await sdk.batchEnforce(PERMISSION, '', '', [
        [ALICE, 'doc1', 'read'],
        [BOB, 'doc2', 'write'],
        [CAROL, 'doc1', 'read'],
        [ALICE, 'doc1', 'Admin'],
      ]);
      expect(results).toEqual([true, true, false, false]);
    });

    it('updatePermission and deletePermission change what enforce answers', async () => {
      const permission = recordOf(await sdk.getPermission('doc-access')) as Row;
      expectAffected(
        await sdk.updatePermission(
          sdkRecord({ ...permission, owner: ORG, name: 'doc-access', actions: ['Read', 'Write', 'Admin'] }),
        ),
        'updatePermission',
      );
      expect(recordOf(await sdk.getPermission('doc-access'))).toMatchObject({ actions: ['Read', 'Write', 'Admin'] });
      expect(await sdk.enforce(PERMISSION, '', '', [ALICE, 'doc1', 'admin'])).toBe(true);

      expectAffected(await sdk.deletePermission(sdkRecord({ owner: ORG, name: 'doc-access' })), 'deletePermission');
      expect(recordOf(await sdk.getPermission('doc-access'))).toBeNull();
      expect(await sdk.enforce('', `${ORG}/rbac`, '', [ALICE, 'doc1', 'read'])).toBe(false);
    });

    it('enforce with an unknown permission answers an error envelope (the SDK throws reading its data)', async () => {
      const response = await sdk.postJson('/enforce', [ALICE, 'doc1', 'read'], { permissionId: `${ORG}/missing` });
      expect(answerOf(response).status).toBe('error');
    });
  });
});
