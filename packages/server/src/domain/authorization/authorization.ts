import {
  type KeyedExplanation,
  type Permission,
  SIMULATION_USERS,
  type Simulation,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import { type WatchedChannel, type Watcher, watchOtherInstances } from '../../cluster/watcher.js';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { changedRecord, type Write, type Written } from '../writes.js';
import { CasbinEngines, engineChangesOf } from './casbin-engines.js';
import { Enforcement, EnforcementError, type Selector } from './enforcement.js';
import { DatabaseSource } from './enforcement-source.js';
import { ownerAndName } from './permission-policies.js';
import { simulateEdit } from './simulate.js';
import { loadAccessRecords } from './user-access.js';

/**
 * The authorization subsystem's one channel to the other instances (Redis, or the primary's relay
 * under WORKERS): a message says that something authorization is built from changed there, and drops
 * both the casbin engines and the compiled enforcers here.
 */
export const AUTHORIZATION_CHANNEL: WatchedChannel = {
  name: 'gatehouse:authz-changed',
  subject: 'authorization',
  whileDeaf: 'enforcers are rebuilt on every request',
};

/** Entities whose every write changes what enforcement is built from. */
const AUTHORIZATION_INPUTS = new Set(['permission', 'role', 'model', 'adapter', 'enforcer', 'group']);

/**
 * Whether a committed write changes what enforcement is built from: any change of a permission,
 * role, model, adapter, enforcer (its policy rows included) or group; of a user, its groups
 * (memberships), owner or name; of an organization, its name or its existence; and whatever makes
 * casbin engines stale (a model or adapter saved, even unchanged, is read again everywhere).
 */
function mattersToAuthorization(write: Write): boolean {
  if (engineChangesOf(write).length > 0) return true;
  if (!changedRecord(write)) return false;
  if (AUTHORIZATION_INPUTS.has(write.entity)) return true;
  if (write.entity === 'user') return write.kind === 'delete' || write.kind === 'rename' || write.fields.includes('groups');
  return write.entity === 'organization' && (write.kind === 'rename' || write.kind === 'delete');
}

/**
 * Authorization of one server: the casbin engines of the enforcer records (casbin-engines.ts, which
 * the policy calls use) and enforcement, the compiled enforcers of the enforce calls
 * (enforcement.ts) over our tables; both told of every committed change here by the written event
 * and, through one watcher, of the other instances' changes.
 */
export class Authorization {
  /** The casbin engine of each enforcer record. */
  readonly engines: CasbinEngines;
  /** The compiled enforcers of the enforce calls, by selector. */
  readonly enforcement: Enforcement;
  private readonly source: DatabaseSource;
  private watcher: Watcher | undefined;

  constructor(private readonly ctx: ServerContext) {
    this.engines = new CasbinEngines(ctx);
    this.source = new DatabaseSource(ctx, this.engines);
    this.enforcement = new Enforcement(this.source);
  }

  /**
   * The written event's subscriber: the engines drop what the writes made stale
   * (CasbinEngines.written); a committed change enforcement is built from (mattersToAuthorization)
   * drops the compiled enforcers here and tells the other instances, which drop theirs and their
   * casbin engines.
   */
  written(event: Written): void {
    this.engines.written(event);
    if (event.writes.some(mattersToAuthorization)) this.changed();
  }

  /** Something enforcement is built from changed here: forget it, and tell the other instances. */
  changed(): void {
    this.enforcement.invalidate();
    this.watcher?.publish();
  }

  /**
   * Starts the one watcher (AUTHORIZATION_CHANNEL): with REDIS_URL, or among node:cluster workers,
   * hears the other instances, whose changes drop both the engines and the compiled enforcers here.
   */
  async start(): Promise<void> {
    if (this.watcher) return;
    this.watcher = await watchOtherInstances(
      this.ctx.config.redisUrl,
      AUTHORIZATION_CHANNEL,
      () => this.forgetAll(),
      this.ctx.log,
    );
    if (!this.watcher && this.ctx.database.dialect !== 'sqlite') {
      this.ctx.log.warn(
        'REDIS_URL is not set: if several Gatehouse instances share this database, authorization changes made on one reach the others only when they restart (docs/operations.md "Scaling out")',
      );
    }
  }

  /** Drops the engines and the compiled enforcers of this process (another instance changed something). */
  private forgetAll(): void {
    this.enforcement.invalidate();
    this.engines.invalidate({ kind: 'all' });
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
    return this.run(() => this.enforcement.enforce(selector, request));
  }

  batchEnforce(_viewer: Viewer, selector: Selector, requests: unknown[][]) {
    return this.run(() => this.enforcement.batchEnforce(selector, requests));
  }

  explain(_viewer: Viewer, selector: Selector, request: unknown[]): Promise<KeyedExplanation[]> {
    return this.run(() => this.enforcement.explain(selector, request));
  }

  /**
   * The explain panel's inputs: the request fields of the enforcers a selector leads to, and the
   * actions their policy rows name (what the panel offers for `act`).
   */
  async requestFields(selector: Selector): Promise<{ fields: string[]; actions: string[] }> {
    const targets = await this.run(() => this.enforcement.targetsOf(selector));
    const actions = new Set(targets.flatMap((target) => target.enforcer.policyValues('act')));
    return { fields: targets[0]?.enforcer.requestFields() ?? [], actions: [...actions] };
  }

  /** get-all-roles (role names), get-all-objects and get-all-actions of a user (Casdoor's). */
  async allOf(what: 'objects' | 'actions' | 'roles', userId: string): Promise<string[]> {
    const { owner, name } = ownerAndName(userId);
    const user = await this.ctx.repo(userDef).get(owner, name);
    const [access] = await loadAccessRecords(this.ctx, [{ owner, name, groups: user?.groups ?? [] }]);
    if (what === 'roles') return (access?.roles ?? []).map((r) => r.name);
    const { objects, actions } = await this.run(() => this.enforcement.objectsAndActions(access?.permissions ?? []));
    return what === 'objects' ? objects : actions;
  }

  /** What saving `edited` would change for the first users of its organization. */
  async simulate(edited: Permission): Promise<Simulation> {
    const [stored, users] = await Promise.all([
      this.source.permissions({ owner: edited.owner }),
      this.source.users(edited.owner, SIMULATION_USERS),
    ]);
    return this.run(() => simulateEdit(this.enforcement, stored, edited, users));
  }
}

declare module '../../context.js' {
  interface ServerServices {
    /** The casbin engines and compiled enforcers, with their watcher (domain/authorization/authorization.ts). */
    readonly authorization: Authorization;
  }
}
