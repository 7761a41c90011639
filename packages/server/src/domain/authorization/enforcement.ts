import { type KeyedExplanation, permissionModelId } from '@gatehouse/entities';
import { newModelFromString } from 'casbin';
import { CompiledEnforcer } from './compiled-enforcer.js';
import type { EnforcementSource } from './enforcement-source.js';
import {
  type Directory,
  directoryNeeds,
  fitRows,
  groupingRowsOf,
  idOf,
  inForce,
  modelAndAdapterOf,
  ownerOf,
  type PermissionRules,
  permissionModel,
  policiesOf,
  type RoleMembers,
} from './permission-policies.js';

/** Which enforcement an API call asks for: exactly one selector (Casdoor's /api/enforce). */
export type Selector =
  | { kind: 'permissionId'; value: string }
  | { kind: 'modelId'; value: string }
  | { kind: 'resourceId'; value: string }
  | { kind: 'enforcerId'; value: string }
  | { kind: 'owner'; value: string };

export const SELECTOR_KINDS = ['permissionId', 'modelId', 'resourceId', 'enforcerId', 'owner'] as const;

/** One enforcer a selector leads to, under Casdoor's key (`model/adapter` of its permissions). */
export interface Target {
  key: string;
  enforcer: CompiledEnforcer;
}

export class EnforcementError extends Error {
  constructor(
    readonly key: 'permissionNotFound' | 'enforcerNotFound' | 'modelError' | 'requestSize',
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * Enforcement: compiled enforcers built once per selector and kept until something they were built
 * from changes (`invalidate`, called by the authorization service, authorization.ts, after a
 * committed write here or another instance's). A request is then a map lookup and a synchronous
 * casbin evaluation.
 */
export class Enforcement {
  private generation = 0;
  private readonly targets = new Map<string, Promise<Target[]>>();

  constructor(private readonly source: EnforcementSource) {}

  /** Forgets every compiled enforcer: the next request rebuilds from the database. */
  invalidate(): void {
    this.generation++;
    this.targets.clear();
  }

  /** The enforcers a selector leads to (cached). */
  async targetsOf(selector: Selector): Promise<Target[]> {
    const key = `${selector.kind}\u0000${selector.value}`;
    const cached = this.targets.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const made = this.build(selector);
    this.targets.set(key, made);
    made.then(
      () => {
        if (generation !== this.generation) this.targets.delete(key);
      },
      () => this.targets.delete(key),
    );
    return made;
  }

  private async build(selector: Selector): Promise<Target[]> {
    if (selector.kind === 'enforcerId') {
      const found = await this.source.enforcerRules(selector.value);
      if (!found) throw new EnforcementError('enforcerNotFound', selector.value);
      const model = parseModel(found.modelText, newModelFromString);
      const rules = new Map([...found.rules].map(([ptype, rows]) => [ptype, fitRows(model, ptype, rows)]));
      return [{ key: selector.value, enforcer: await CompiledEnforcer.build(model, rules) }];
    }
    if (selector.kind === 'permissionId') {
      const permission = await this.source.permission(selector.value);
      if (!permission) throw new EnforcementError('permissionNotFound', selector.value);
      return [{ key: modelAndAdapterOf(permission), enforcer: await this.compile([permission]) }];
    }
    const permissions =
      selector.kind === 'modelId'
        ? await this.source.permissions({ owner: ownerOf(selector.value), model: selector.value })
        : selector.kind === 'resourceId'
          ? await this.source.permissions({ resource: selector.value })
          : await this.source.permissions({ owner: selector.value });
    const groups = new Map<string, PermissionRules[]>();
    for (const p of permissions) {
      const list = groups.get(modelAndAdapterOf(p));
      if (list) list.push(p);
      else groups.set(modelAndAdapterOf(p), [p]);
    }
    return Promise.all([...groups].map(async ([key, group]) => ({ key, enforcer: await this.compile(group) })));
  }

  /** One enforcer for permissions that share a model and an adapter. */
  async compile(permissions: readonly PermissionRules[]): Promise<CompiledEnforcer> {
    const first = permissions[0];
    const modelId = first ? permissionModelId(first) : '';
    const modelText = modelId ? await this.source.modelText(modelId) : '';
    const model = parseModel(modelText ?? '', permissionModel);
    const active = permissions.filter(inForce);
    const directory = await this.directoryFor(active);
    const rules = new Map<string, string[][]>([
      ['p', fitRows(model, 'p', active.flatMap(policiesOf))],
      ['g', model.model.get('g')?.has('g') ? fitRows(model, 'g', groupingRowsOf(active, directory)) : []],
    ]);
    const wildcards = active.some((p) => [...p.users, ...p.roles].some((s) => s === '*' || s.endsWith('/*')));
    // Permissions' actions are compiled in lower case (Casdoor before 2025 did; its applications
    // send "read"), and requests compare in lower case too (current Casdoor keeps "Read" as written).
    return CompiledEnforcer.build(model, rules, { wildcardSubjects: wildcards, lowerCaseActions: true });
  }

  /** Reads, in three queries at most, the roles and group members the permissions' rows need. */
  private async directoryFor(permissions: readonly PermissionRules[]): Promise<Directory> {
    const byOwner = new Map<string, RoleMembers[]>();
    const rolesOf = (owner: string) => byOwner.get(owner) ?? [];
    const owners = directoryNeeds(permissions, rolesOf).owners;
    if (owners.size > 0) {
      for (const role of await this.source.roles([...owners])) {
        const list = byOwner.get(role.owner);
        if (list) list.push(role);
        else byOwner.set(role.owner, [role]);
      }
    }
    const groups = directoryNeeds(permissions, rolesOf).groups;
    const members = groups.size > 0 ? await this.source.members([...groups]) : new Map<string, string[]>();
    return { rolesOf, membersOf: (groupId) => members.get(groupId) ?? [] };
  }

  /**
   * Whether `request` fits the target's request definition. Asked of one enforcer, a request of
   * another size is refused; asked of several (an organization's models), the enforcers it does not
   * fit answer false, so that one call can span models of different shapes.
   */
  private fits(target: Target, request: readonly unknown[], several: boolean): boolean {
    const fields = target.enforcer.requestFields();
    if (request.length === fields.length) return true;
    if (several) return false;
    throw new EnforcementError('requestSize', `${request.length}|${fields.join(', ')}`);
  }

  /** casbin's decision; an evaluation that fails (an attribute the request lacks) is a model error. */
  private decide(target: Target, request: readonly unknown[], several: boolean): boolean {
    if (!this.fits(target, request, several)) return false;
    try {
      return target.enforcer.enforce(request);
    } catch (err) {
      throw new EnforcementError('modelError', err instanceof Error ? err.message : String(err));
    }
  }

  async enforce(selector: Selector, request: readonly unknown[]): Promise<{ data: boolean[]; keys: string[] }> {
    const targets = await this.targetsOf(selector);
    const several = targets.length > 1;
    return {
      data: targets.map((t) => this.decide(t, request, several)),
      keys: targets.map((t) => t.key),
    };
  }

  async batchEnforce(
    selector: Selector,
    requests: readonly (readonly unknown[])[],
  ): Promise<{ data: boolean[][]; keys: string[] }> {
    const targets = await this.targetsOf(selector);
    const several = targets.length > 1;
    return {
      data: targets.map((t) => requests.map((r) => this.decide(t, r, several))),
      keys: targets.map((t) => t.key),
    };
  }

  async explain(selector: Selector, request: readonly unknown[]): Promise<KeyedExplanation[]> {
    const targets = await this.targetsOf(selector);
    const several = targets.length > 1;
    return targets
      .filter((t) => this.fits(t, request, several))
      .map((t) => ({ key: t.key, explanation: t.enforcer.explain(request) }));
  }

  /** Objects and actions of the enforcers of these permissions (get-all-objects / actions). */
  async objectsAndActions(permissions: readonly PermissionRules[]): Promise<{ objects: string[]; actions: string[] }> {
    const objects: string[] = [];
    const actions: string[] = [];
    for (const p of permissions) {
      const targets = await this.targetsOf({ kind: 'permissionId', value: idOf(p) });
      for (const t of targets) {
        objects.push(...(await t.enforcer.objects()));
        actions.push(...(await t.enforcer.actions()));
      }
    }
    return { objects, actions };
  }
}

/** A model from its text, a malformed text as the engine's model error. */
function parseModel<T>(text: string, read: (text: string) => T): T {
  try {
    return read(text);
  } catch (err) {
    throw new EnforcementError('modelError', err instanceof Error ? err.message : String(err));
  }
}
