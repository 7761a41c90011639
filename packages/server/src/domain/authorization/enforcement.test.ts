import { describe, expect, it } from 'vitest';
import { DENY_OVERRIDE_MODEL, DOMAINS_MODEL } from '../../test-support/model-texts.js';
import { Enforcement } from './enforcement.js';
import type { EnforcementSource } from './enforcement-source.js';
import type { PermissionRules, RoleMembers } from './permission-policies.js';
import { simulateEdit } from './simulate.js';

function permission(fields: Partial<PermissionRules> & { name: string }): PermissionRules {
  return {
    owner: 'acme',
    model: '',
    adapter: '',
    users: [],
    groups: [],
    roles: [],
    domains: [],
    resources: ['app'],
    actions: ['Read'],
    effect: 'Allow',
    isEnabled: true,
    state: 'Approved',
    ...fields,
  };
}

function role(fields: Partial<RoleMembers> & { name: string }): RoleMembers {
  return { owner: 'acme', users: [], groups: [], roles: [], isEnabled: true, ...fields };
}

class MemorySource implements EnforcementSource {
  reads = 0;
  constructor(
    public permissionsList: PermissionRules[],
    public rolesList: RoleMembers[],
    public groupMembers: Record<string, string[]>,
    public models: Record<string, string>,
  ) {}
  async permission(id: string) {
    this.reads++;
    return this.permissionsList.find((p) => `${p.owner}/${p.name}` === id);
  }
  async permissions(filter: { owner?: string; model?: string; resource?: string }) {
    this.reads++;
    return this.permissionsList.filter(
      (p) =>
        (!filter.owner || p.owner === filter.owner) &&
        (!filter.model || p.model === filter.model) &&
        (!filter.resource || p.resources.includes(filter.resource)),
    );
  }
  async roles(owners: readonly string[]) {
    return this.rolesList.filter((r) => owners.includes(r.owner) && r.isEnabled);
  }
  async members(groupIds: readonly string[]) {
    return new Map(groupIds.map((g) => [g, this.groupMembers[g] ?? []]));
  }
  async modelText(id: string) {
    return this.models[id];
  }
  async enforcerRules() {
    return undefined;
  }
}

describe('Enforcement', () => {
  it('follows roles, sub-roles and groups to the permission, and keeps what it built', async () => {
    const source = new MemorySource(
      [
        permission({ name: 'p1', roles: ['acme/managers'], resources: ['reports'], actions: ['Read', 'Write'] }),
        permission({ name: 'p2', groups: ['acme/staff'], resources: ['wiki'] }),
        permission({ name: 'pending', users: ['acme/eve'], resources: ['reports'], state: 'Pending' }),
        permission({ name: 'off', users: ['acme/eve'], resources: ['wiki'], isEnabled: false }),
      ],
      [role({ name: 'managers', users: ['acme/alice'], roles: ['acme/leads'] }), role({ name: 'leads', groups: ['acme/staff'] })],
      { 'acme/staff': ['acme/bob'] },
      {},
    );
    const engine = new Enforcement(source);
    const owner = { kind: 'owner', value: 'acme' } as const;
    expect(await engine.enforce(owner, ['acme/alice', 'reports', 'Write'])).toEqual({ data: [true], keys: ['/'] });
    // bob is in the staff group, a member of leads, a sub-role of managers.
    expect((await engine.enforce(owner, ['acme/bob', 'reports', 'Read'])).data).toEqual([true]);
    expect((await engine.enforce(owner, ['acme/bob', 'wiki', 'Read'])).data).toEqual([true]);
    expect((await engine.enforce(owner, ['acme/alice', 'wiki', 'Read'])).data).toEqual([false]);
    // Pending or disabled permissions grant nothing.
    expect((await engine.enforce(owner, ['acme/eve', 'reports', 'Read'])).data).toEqual([false]);
    expect((await engine.enforce(owner, ['acme/eve', 'wiki', 'Read'])).data).toEqual([false]);
    const reads = source.reads;
    await engine.enforce(owner, ['acme/alice', 'reports', 'Read']);
    expect(source.reads).toBe(reads);

    const explained = await engine.explain(owner, ['acme/bob', 'reports', 'Read']);
    expect(explained[0]?.explanation.chains).toEqual([['acme/bob', 'group:acme/staff', 'acme/leads', 'acme/managers']]);

    // A change is seen once the engine is told.
    source.rolesList[0] = role({ name: 'managers', users: ['acme/alice'] });
    expect((await engine.enforce(owner, ['acme/bob', 'reports', 'Read'])).data).toEqual([true]);
    engine.invalidate();
    expect((await engine.enforce(owner, ['acme/bob', 'reports', 'Read'])).data).toEqual([false]);
  });

  it('selects one permission, a model or a resource, and answers one result per model and adapter', async () => {
    const source = new MemorySource(
      [
        permission({ name: 'a', users: ['acme/alice'], model: 'acme/deny', adapter: '' }),
        permission({ name: 'b', users: ['acme/bob'], model: 'acme/deny', adapter: '', effect: 'Deny' }),
        permission({ name: 'c', users: ['acme/*'], resources: ['site'] }),
      ],
      [],
      {},
      { 'acme/deny': DENY_OVERRIDE_MODEL },
    );
    const engine = new Enforcement(source);
    expect(await engine.enforce({ kind: 'permissionId', value: 'acme/a' }, ['acme/alice', 'app', 'Read'])).toEqual({
      data: [true],
      keys: ['acme/deny/'],
    });
    expect((await engine.enforce({ kind: 'modelId', value: 'acme/deny' }, ['acme/bob', 'app', 'Read'])).data).toEqual([false]);
    // All (acme/*) stands for every user of acme.
    expect((await engine.enforce({ kind: 'resourceId', value: 'site' }, ['acme/zoe', 'site', 'Read'])).data).toEqual([true]);
    expect((await engine.enforce({ kind: 'resourceId', value: 'site' }, ['other/zoe', 'site', 'Read'])).data).toEqual([false]);
    const batch = await engine.batchEnforce({ kind: 'owner', value: 'acme' }, [
      ['acme/alice', 'app', 'Read'],
      ['acme/zoe', 'site', 'Read'],
    ]);
    expect(batch.keys.sort()).toEqual(['/', 'acme/deny/']);
    await expect(engine.enforce({ kind: 'permissionId', value: 'acme/none' }, ['x', 'y', 'z'])).rejects.toThrow('acme/none');
  });

  it('applies domains to the permission rows and the role rows', async () => {
    const source = new MemorySource(
      [permission({ name: 'd', roles: ['acme/admins'], domains: ['tenant1'], model: 'acme/dom', resources: ['data'] })],
      [role({ name: 'admins', users: ['acme/alice'] })],
      {},
      { 'acme/dom': DOMAINS_MODEL },
    );
    const engine = new Enforcement(source);
    const by = { kind: 'permissionId', value: 'acme/d' } as const;
    expect((await engine.enforce(by, ['acme/alice', 'tenant1', 'data', 'Read'])).data).toEqual([true]);
    expect((await engine.enforce(by, ['acme/alice', 'tenant2', 'data', 'Read'])).data).toEqual([false]);
  });
});

describe('simulateEdit', () => {
  it('counts the users who would gain or lose access with an edit', async () => {
    const stored = [
      permission({ name: 'read', users: ['acme/alice', 'acme/bob'], resources: ['app'] }),
      permission({ name: 'other', users: ['acme/carol'], resources: ['app'] }),
    ];
    const engine = new Enforcement(new MemorySource(stored, [], {}, {}));
    const edited = permission({ name: 'read', users: ['acme/alice', 'acme/dave'], resources: ['app'] });
    const result = await simulateEdit(engine, stored, edited, ['acme/alice', 'acme/bob', 'acme/carol', 'acme/dave']);
    expect(result.checked).toBe(4);
    expect(result.gained).toEqual([{ user: 'acme/dave', domain: '', resource: 'app', action: 'Read' }]);
    expect(result.lost).toEqual([{ user: 'acme/bob', domain: '', resource: 'app', action: 'Read' }]);
    expect([result.gainedUsers, result.lostUsers]).toEqual([1, 1]);
  });

  it('treats a permission that does not yet grant as granting nothing before', async () => {
    const pending = permission({ name: 'new', users: ['acme/alice'], state: 'Pending' });
    const engine = new Enforcement(new MemorySource([pending], [], {}, {}));
    const result = await simulateEdit(engine, [pending], { ...pending, state: 'Approved' }, ['acme/alice', 'acme/bob']);
    expect(result.gained.map((c) => c.user)).toEqual(['acme/alice']);
    expect(result.lost).toEqual([]);
  });
});
