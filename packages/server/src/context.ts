import type { EntityDefinition, Fields } from '@gatehouse/entities';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { Repository } from './db/repository.js';

/**
 * The running state of one server, in one object (`ctx.services`): its caches, the engines it
 * compiled, the event of its committed writes, its registries and its jobs. Nothing of it lives in
 * a module: two servers in one process share none of it. `createServices` (services.ts) builds it
 * once per server, listing every member; app.ts starts and closes what runs on its own.
 *
 * Each member is declared by the module that implements it, which adds it to this interface
 * (`declare module '../context.js' { interface ServerServices { … } }`): the context stays a leaf
 * that imports no layer, and the compiler still holds `createServices` to every member. The
 * members and their modules are listed in docs/subsystems/domain.md ("The services").
 */
export interface ServerServices {
  /** This server, as the holder of the job leases it takes (db/job-lease.ts). */
  readonly instanceId: string;
}

/** What route plugins, flows and hooks share: configuration, the database, the log and the server's services. */
export interface ServerContext {
  readonly config: Config;
  readonly database: Database;
  readonly log: FastifyBaseLogger;
  /** The server's running state (above). */
  readonly services: ServerServices;
  /** Table access for one entity (no rules: the entity's domain applies them). */
  repo: <F extends Fields>(def: EntityDefinition<F>) => Repository<F>;
}

/** Builds a server's services for its context; a service keeps the context and reads the others when it works, not while it is built. */
export type ServicesFactory = (ctx: ServerContext) => ServerServices;

class Context implements ServerContext {
  readonly services: ServerServices;

  constructor(
    readonly config: Config,
    readonly database: Database,
    readonly log: FastifyBaseLogger,
    services: ServicesFactory,
  ) {
    this.services = services(this);
  }

  repo = <F extends Fields>(def: EntityDefinition<F>): Repository<F> => new Repository(def, this.database);
}

export function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  services: ServicesFactory,
): ServerContext {
  return new Context(config, database, log, services);
}
