import type { Application, Organization } from '@gatehouse/entities';
import { type WatchedChannel, type Watcher, watchOtherInstances } from '../cluster/watcher.js';
import type { ServerContext } from '../context.js';
import { changedRecord, type Written } from './writes.js';

/** The channel on which instances say that organizations or applications changed. */
export const RECORDS_CHANNEL: WatchedChannel = {
  name: 'gatehouse:records-changed',
  subject: 'record cache',
  whileDeaf: 'organizations and applications are read from the database on every request',
};

/** Entries kept per cache; past it the oldest goes (lookups of unknown names are kept too). */
const MAX_ENTRIES = 10_000;

/**
 * Records read on almost every request (the organization of a sign-in or an account, the
 * application of a token or a client) kept in memory by a lookup key. A kept record is frozen, so
 * that no caller can change what the next one reads. Every committed write that may change one
 * (RecordCaches.written) empties the cache; a lookup that started before an emptying does not keep
 * what it read, which may be older than the write.
 */
export class RecordCache<T extends object> {
  readonly #entries = new Map<string, T | null>();
  #generation = 0;

  /** `trusted`: false while other instances' writes may go unheard (Redis lost): read, keep nothing. */
  async get(key: string, load: () => Promise<T | undefined>, trusted = true): Promise<T | undefined> {
    if (!trusted) {
      this.clear();
      return load();
    }
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, value ? deepFreeze(value) : null);
    }
    return value;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The entities the caches hold. */
const CACHED = new Set(['organization', 'application']);

/** The record caches of one server, and what keeps them true across instances. */
export class RecordCaches {
  /** Organizations by name. */
  readonly organizations = new RecordCache<Organization>();
  /** Applications by name. */
  readonly applications = new RecordCache<Application>();
  /** Applications by client id. */
  readonly clients = new RecordCache<Application>();
  /** The origins of every application's redirect URIs (one entry), for cross-origin reads. */
  readonly redirectOrigins = new RecordCache<{ origins: readonly string[] }>();
  private watcher: Watcher | undefined;

  constructor(private readonly ctx: ServerContext) {}

  /**
   * The written event's subscriber: a committed change of a cached entity, or a rename or delete of
   * anything (followed into the records that name it, organizations and applications among them),
   * empties the caches here and on the other instances.
   */
  written({ writes }: Written): void {
    const matters = writes.some(
      (write) => (CACHED.has(write.entity) && changedRecord(write)) || write.kind === 'rename' || write.kind === 'delete',
    );
    if (matters) this.changed();
  }

  /** Empties every cache here, and (with REDIS_URL) on the other instances. */
  changed(): void {
    this.clearHere();
    this.watcher?.publish();
  }

  clearHere(): void {
    this.organizations.clear();
    this.applications.clear();
    this.clients.clear();
    this.redirectOrigins.clear();
  }

  /**
   * Hears the other instances' changes: with REDIS_URL over Redis (and empties the caches on a
   * reconnect), else the other node:cluster workers of this primary over its IPC channel.
   */
  async start(): Promise<void> {
    if (this.watcher) return;
    this.watcher = await watchOtherInstances(this.ctx.config.redisUrl, RECORDS_CHANNEL, () => this.clearHere(), this.ctx.log);
  }

  /** Whether what is kept can be trusted: not while this instance is deaf to the others (Redis lost). */
  trusted(): boolean {
    return !this.watcher || this.watcher.hearing();
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = undefined;
  }
}

declare module '../context.js' {
  interface ServerServices {
    /** Organizations and applications kept in memory (domain/record-cache.ts). */
    readonly recordCaches: RecordCaches;
  }
}
