import type { EntityDefinition } from '@gatehouse/entities';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import { Repository } from './crud/repository.js';
import type { Database } from './db/database.js';

/** What route plugins and hooks share: configuration, the database and one repository per entity. */
export interface ServerContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  repo: (def: EntityDefinition<any>) => Repository;
}

export function createContext(config: Config, database: Database, log: FastifyBaseLogger): ServerContext {
  const repos = new Map<string, Repository>();
  return {
    config,
    database,
    log,
    repo: (def) => {
      let r = repos.get(def.name);
      if (!r) {
        r = new Repository(def, database);
        repos.set(def.name, r);
      }
      return r;
    },
  };
}
