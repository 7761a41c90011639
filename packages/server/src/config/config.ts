import path from 'node:path';

/** Everything the server reads from its environment, typed and defaulted in one place. */
export interface Config {
  /** TCP port of the HTTP server (API, protocols and console). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** sqlite:./data/gatehouse.db (default), postgres://..., mysql://... */
  databaseUrl: string;
  /** First-start password of built-in/admin; a random one is generated and logged when unset. */
  initAdminPassword?: string;
  /** Optional Redis, for shared state when several instances run. */
  redisUrl?: string;
  /** Public origin of the server (https://id.example.com) when it runs behind a proxy. */
  origin?: string;
  /** Folder holding the built console (index.html and assets). */
  webRoot: string;
  /** Folder for local data (the SQLite database, stored files). */
  dataDir: string;
  /** pino log level. */
  logLevel: string;
  /** Trust X-Forwarded-* from a reverse proxy: true, false, or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number between 0 and 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/gatehouse.db';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    initAdminPassword: env.INIT_ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    origin: env.ORIGIN ? env.ORIGIN.replace(/\/+$/, '') : undefined,
    webRoot: env.WEB_ROOT || defaultWebRoot(),
    dataDir: env.DATA_DIR || path.resolve('data'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** The console build of this checkout: packages/web/dist beside the server package. */
function defaultWebRoot(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
