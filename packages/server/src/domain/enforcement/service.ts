import {
  enforcer as enforcerDef,
  type KeyedExplanation,
  model as modelDef,
  type Permission,
  permission as permissionDef,
  SIMULATION_USERS,
  type Simulation,
  splitId,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { likePattern, likePrefix } from '../../db/list.js';
import { AppError } from '../../errors.js';
import { engineChangesOf } from '../authz/engines.js';
import { changedRecord, type Write, type Written } from '../writes.js';
import { type AuthzSource, Enforcement, EnforcementError, type Selector } from './enforcement.js';
import { ownerAndName, type PermissionRules, type RoleMembers } from './permission-policies.js';
import { simulateEdit } from './simulate.js';
import { loadAccessRecords } from './user-access.js';
import { type AuthzWatcher, redisWatcher, workerWatcher } from './watcher.js';

/** A JSON list column may hold `value` (a LIKE narrows the rows; the caller checks exactly). */
function listMayHold(column: 'resources' | 'users', value: string) {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(JSON.stringify(value))} escape '!'`;
}

/** The engine's reads, from our tables: one query per question, never one per record. */
class DatabaseSource implements AuthzSource {
  constructor(private readonly ctx: ServerContext) {}

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

  /** An enforcer record's model text and rows, read from its engine (domain/authz/engines.ts). */
  async enforcerRules(enforcerId: string): Promise<{ modelText: string; rules: Map<string, string[][]> } | undefined> {
    const key = splitId(enforcerId);
    if (!key || !(await this.ctx.repo(enforcerDef).exists(key.owner, key.name))) return undefined;
    const engine = await this.ctx.services.engines.engineOf(enforcerId);
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

/** Entities whose every write changes what enforcement is built from. */
const AUTHZ_INPUTS = new Set(['permission', 'role', 'model', 'adapter', 'enforcer', 'group']);

/**
 * Whether a committed write changes what enforcement is built from: any change of a permission,
 * role, model, adapter, enforcer (its policy rows included) or group; of a user, its groups
 * (memberships), owner or name; of an organization, its name or its existence; and whatever makes
 * casbin engines stale (a model or adapter saved, even unchanged, is read again everywhere).
 */
function mattersToAuthz(write: Write): boolean {
  if (engineChangesOf(write).length > 0) return true;
  if (!changedRecord(write)) return false;
  if (AUTHZ_INPUTS.has(write.entity)) return true;
  if (write.entity === 'user') return write.kind === 'delete' || write.kind === 'rename' || write.fields.includes('groups');
  return write.entity === 'organization' && (write.kind === 'rename' || write.kind === 'delete');
}

/**
 * Authorization of one server: the enforcement engine over our tables, told of every committed
 * change by the written event and, with REDIS_URL, of other instances' changes.
 */
export class Authz {
  readonly source: DatabaseSource;
  readonly engine: Enforcement;
  private watcher: AuthzWatcher | undefined;

  constructor(private readonly ctx: ServerContext) {
    this.source = new DatabaseSource(ctx);
    this.engine = new Enforcement(this.source);
  }

  /**
   * The written event's subscriber: a committed change enforcement is built from (mattersToAuthz)
   * drops the compiled enforcers here and tells the other instances, which drop theirs and their
   * casbin engines (the engines here follow the same event: EngineRegistry.written).
   */
  written({ writes }: Written): void {
    if (writes.some(mattersToAuthz)) this.changed();
  }

  /** Something enforcement is built from changed here: forget it, and tell the other instances. */
  changed(): void {
    this.engine.invalidate();
    this.watcher?.publish();
  }

  /** With REDIS_URL (or node:cluster workers), hears the other instances, whose changes drop both kinds of compiled enforcers here. */
  async start(): Promise<void> {
    if (this.watcher) return;
    const url = this.ctx.config.redisUrl;
    const forget = () => this.forgetAll();
    this.watcher = url ? await redisWatcher(url, forget, this.ctx.log) : workerWatcher(forget);
    if (!this.watcher && this.ctx.database.dialect !== 'sqlite') {
      this.ctx.log.warn(
        'REDIS_URL is not set: if several Gatehouse instances share this database, authorization changes made on one reach the others only when they restart (docs/operations.md "Scaling out")',
      );
    }
  }

  /** Drops both kinds of compiled enforcers of this process (another instance changed something). */
  private forgetAll(): void {
    this.engine.invalidate();
    this.ctx.services.engines.invalidate({ kind: 'all' });
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = undefined;
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    // Deaf to the other instances (Redis lost): what was compiled may miss their changes.
    if (this.watcher && !this.watcher.hearing()) this.forgetAll();
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof EnforcementError)) throw err;
      if (err.key === 'permissionNotFound') throw new AppError('enforcePermissionMissing', { id: err.detail });
      if (err.key === 'enforcerNotFound') throw new AppError('enforceEnforcerMissing', { id: err.detail });
      if (err.key === 'requestSize') {
        const [count, fields] = err.detail.split('|');
        throw new AppError('enforceRequestSize', { count: count ?? '', fields: fields ?? '' });
      }
      throw new AppError('enforceModelError', { detail: err.detail });
    }
  }

  enforce(_viewer: Viewer, selector: Selector, request: unknown[]) {
    return this.run(() => this.engine.enforce(selector, request));
  }

  batchEnforce(_viewer: Viewer, selector: Selector, requests: unknown[][]) {
    return this.run(() => this.engine.batchEnforce(selector, requests));
  }

  explain(_viewer: Viewer, selector: Selector, request: unknown[]): Promise<KeyedExplanation[]> {
    return this.run(() => this.engine.explain(selector, request));
  }

  /**
   * The explain panel's inputs: the request fields of the enforcers a selector leads to, and the
   * actions their policy rows name (what the panel offers for `act`).
   */
  async requestFields(selector: Selector): Promise<{ fields: string[]; actions: string[] }> {
    const targets = await this.run(() => this.engine.targetsOf(selector));
    const actions = new Set(targets.flatMap((target) => target.enforcer.policyValues('act')));
    return { fields: targets[0]?.enforcer.requestFields() ?? [], actions: [...actions] };
  }

  /** get-all-roles (role names), get-all-objects and get-all-actions of a user (Casdoor's). */
  async allOf(what: 'objects' | 'actions' | 'roles', userId: string): Promise<string[]> {
    const { owner, name } = ownerAndName(userId);
    const user = await this.ctx.repo(userDef).get(owner, name);
    const [access] = await loadAccessRecords(this.ctx, [{ owner, name, groups: user?.groups ?? [] }]);
    if (what === 'roles') return (access?.roles ?? []).map((r) => r.name);
    const { objects, actions } = await this.run(() => this.engine.objectsAndActions(access?.permissions ?? []));
    return what === 'objects' ? objects : actions;
  }

  /** What saving `edited` would change for the first users of its organization. */
  async simulate(edited: Permission): Promise<Simulation> {
    const [stored, users] = await Promise.all([
      this.source.permissions({ owner: edited.owner }),
      this.source.users(edited.owner, SIMULATION_USERS),
    ]);
    return this.run(() => simulateEdit(this.engine, stored, edited, users));
  }
}

declare module '../../context.js' {
  interface ServerServices {
    /** Enforcement over the permissions and enforcer records (domain/enforcement/service.ts). */
    readonly authz: Authz;
  }
}
