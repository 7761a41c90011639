import {
  enforcer as enforcerDef,
  model as modelDef,
  type Permission,
  permission as permissionDef,
  splitId,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { likePattern, likePrefix } from '../../db/list.js';
import type { CasbinEngines } from './casbin-engines.js';
import { ownerAndName, type PermissionRules, type RoleMembers } from './permission-policies.js';

/** Where enforcement (enforcement.ts) reads permissions, roles, group members, models and enforcers' rows. */
export interface EnforcementSource {
  permission(id: string): Promise<PermissionRules | undefined>;
  /** Permissions of an organization, optionally only those of a model (id) or naming a resource. */
  permissions(filter: { owner?: string; model?: string; resource?: string }): Promise<PermissionRules[]>;
  /** The enabled roles of these organizations. */
  roles(owners: readonly string[]): Promise<RoleMembers[]>;
  /** The users (owner/name) of each group id; `owner/*` is every group of the organization. */
  members(groupIds: readonly string[]): Promise<Map<string, string[]>>;
  /** A model's text, by id (owner/name); undefined when there is no such model. */
  modelText(modelId: string): Promise<string | undefined>;
  /** An enforcer record's model text and rows by ptype; undefined when there is no such enforcer. */
  enforcerRules(enforcerId: string): Promise<{ modelText: string; rules: Map<string, string[][]> } | undefined>;
}

/** A JSON list column may hold `value` (a LIKE narrows the rows; the caller checks exactly). */
function listMayHold(column: 'resources' | 'users', value: string) {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(JSON.stringify(value))} escape '!'`;
}

/** Enforcement's reads, from our tables: one query per question, never one per record. */
export class DatabaseSource implements EnforcementSource {
  constructor(
    private readonly ctx: ServerContext,
    private readonly engines: CasbinEngines,
  ) {}

  private get db(): Db {
    return this.ctx.database.db;
  }

  async permission(id: string): Promise<PermissionRules | undefined> {
    const { owner, name } = ownerAndName(id);
    return this.ctx.repo(permissionDef).get(owner, name);
  }

  async permissions(filter: { owner?: string; model?: string; resource?: string; user?: string }): Promise<Permission[]> {
    let q = this.db.selectFrom('permission').selectAll();
    if (filter.owner) q = q.where('owner', '=', filter.owner);
    // A permission names its model by id, or by name within its organization (permissionModelId).
    if (filter.model) q = q.where('model', 'in', [filter.model, ownerAndName(filter.model).name]);
    if (filter.resource) q = q.where(listMayHold('resources', filter.resource));
    if (filter.user) q = q.where(listMayHold('users', filter.user));
    const rows = (await q.orderBy('createdTime', 'desc').execute()).map((row) => this.ctx.repo(permissionDef).toRecord(row));
    return rows.filter(
      (p) => (!filter.resource || p.resources.includes(filter.resource)) && (!filter.user || p.users.includes(filter.user)),
    );
  }

  async roles(owners: readonly string[]): Promise<RoleMembers[]> {
    if (owners.length === 0) return [];
    const rows = await this.db
      .selectFrom('role')
      .select(['owner', 'name', 'users', 'groups', 'roles', 'isEnabled'])
      .where('owner', 'in', [...owners])
      .execute();
    return rows.filter((r) => r.isEnabled);
  }

  async members(groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const exact = groupIds.filter((g) => !g.endsWith('/*'));
    const whole = groupIds.filter((g) => g.endsWith('/*')).map((g) => g.slice(0, -2));
    const result = new Map<string, string[]>(groupIds.map((g) => [g, []]));
    if (exact.length === 0 && whole.length === 0) return result;
    const rows = await this.db
      .selectFrom('userGroup')
      .select(['owner', 'name', 'groupId'])
      .where((eb) =>
        eb.or([
          ...(exact.length ? [eb('groupId', 'in', exact)] : []),
          ...whole.map((owner) => sql<boolean>`${sql.ref('groupId')} like ${likePrefix(`${owner}/`)} escape '!'`),
        ]),
      )
      .execute();
    for (const row of rows) {
      const user = `${row.owner}/${row.name}`;
      result.get(row.groupId)?.push(user);
      const owner = ownerAndName(row.groupId).owner;
      if (whole.includes(owner)) result.get(`${owner}/*`)?.push(user);
    }
    return result;
  }

  async modelText(modelId: string): Promise<string | undefined> {
    const { owner, name } = ownerAndName(modelId);
    return (await this.ctx.repo(modelDef).get(owner, name))?.modelText;
  }

  /** An enforcer record's model text and rows, read from its casbin engine (casbin-engines.ts). */
  async enforcerRules(enforcerId: string): Promise<{ modelText: string; rules: Map<string, string[][]> } | undefined> {
    const key = splitId(enforcerId);
    if (!key || !(await this.ctx.repo(enforcerDef).exists(key.owner, key.name))) return undefined;
    const engine = await this.engines.engineOf(enforcerId);
    const rules = new Map<string, string[][]>();
    for (const sec of ['p', 'g']) {
      for (const [ptype, assertion] of engine.enforcer.getModel().model.get(sec) ?? []) {
        rules.set(
          ptype,
          assertion.policy.map((row) => [...row]),
        );
      }
    }
    return { modelText: engine.model.modelText, rules };
  }

  /** The first users of an organization by name (simulations). */
  async users(owner: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user')
      .select('name')
      .where('owner', '=', owner)
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((r) => `${owner}/${r.name}`);
  }
}
