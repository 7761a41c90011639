import type { EntityDefinition, Fields } from '@gatehouse/entities';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { Repository } from './db/repository.js';

/** What route plugins, flows and hooks share: configuration, the database and the log. */
export interface ServerContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Table access for one entity (no rules: the entity's domain applies them). */
  repo: <F extends Fields>(def: EntityDefinition<F>) => Repository<F>;
}

export function createContext(config: Config, database: Database, log: FastifyBaseLogger): ServerContext {
  return { config, database, log, repo: (def) => new Repository(def, database) };
}
