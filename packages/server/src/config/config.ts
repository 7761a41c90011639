import os from 'node:os';
import path from 'node:path';
import { parseIpRange } from '@gatehouse/entities';
import { parseRedisUrl } from '../cluster/redis.js';

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
  /**
   * Optional Redis, for shared state when several instances run: redis://, rediss://,
   * redis+sentinel:// or redis+cluster:// (cluster/redis.ts).
   */
  redisUrl?: string;
  /**
   * Worker processes of this instance (WORKERS, default 1): with 2 or more, a node:cluster primary
   * forks that many workers sharing the port (cluster/workers.ts); "auto" is one per core.
   */
  workers: number;
  /** Public origin of the server (https://id.example.com) when it runs behind a proxy. */
  origin?: string;
  /** Folder holding the built console (index.html and assets). */
  webRoot: string;
  /** Folder for local data (the SQLite database, stored files). */
  dataDir: string;
  /** pino log level. */
  logLevel: string;
  /**
   * Internal hosts and CIDR ranges outbound calls may reach (OUTBOUND_ALLOWLIST, comma-separated);
   * every other loopback, link-local, private or multicast target is refused.
   */
  outboundAllowlist: string[];
  /** One info line per request (method, URL, status, time); LOG_REQUESTS=false turns it off. */
  logRequests: boolean;
  /** Trust X-Forwarded-* from a reverse proxy: true, false, or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Largest file /api/upload-resource stores, in bytes (UPLOAD_LIMIT_MB, default 20). */
  uploadLimitBytes: number;
  /** How long a verification code is accepted, in seconds (VERIFICATION_CODE_MINUTES, default 5). */
  verificationCodeTtlSeconds: number;
  /** Least time between two codes to one receiver, in seconds (VERIFICATION_RESEND_SECONDS, default 60). */
  verificationResendSeconds: number;
  /** Most codes one client address may ask for in an hour (VERIFICATION_IP_LIMIT_PER_HOUR, default 20). */
  verificationIpLimitPerHour: number;
  /** Most captchas get-captcha serves one client address in a minute (CAPTCHA_IP_LIMIT_PER_MINUTE, default 30). */
  captchaIpLimitPerMinute: number;
  /**
   * Failed sign-ins (wrong passwords and codes, unknown accounts, refused client credentials) one
   * client address may make before it is refused for `signinIpFrozenMinutes` (SIGNIN_IP_FAILURE_LIMIT,
   * default 100; SIGNIN_IP_FROZEN_MINUTES, default 15).
   */
  signinIpFailureLimit: number;
  signinIpFrozenMinutes: number;
  /**
   * An external address that shows the audit records (RECORDS_URL, e.g. a log viewer): when set,
   * the console's Records menu entry opens it instead of the records list.
   */
  recordsUrl?: string;
  /**
   * The bearer token a Prometheus scraper sends to GET /metrics (METRICS_TOKEN); without it only a
   * signed-in global administrator reads the metrics.
   */
  metricsToken?: string;
  /**
   * How often the job scheduler looks for enabled syncers that are due, in seconds
   * (JOB_TICK_SECONDS, default 30); each syncer runs every syncInterval minutes.
   */
  jobTickSeconds: number;
  /** Webhook deliveries (jobs/webhook-dispatcher.ts); times in milliseconds. */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /** Attempts of one delivery before it is given up (WEBHOOK_MAX_ATTEMPTS, default 5). */
  maxAttempts: number;
  /** Wait before the first retry, doubled for each further one (WEBHOOK_RETRY_SECONDS, default 10). */
  retryBaseMs: number;
  /** Longest wait between two attempts (WEBHOOK_RETRY_MAX_SECONDS, default 3600). */
  retryMaxMs: number;
  /** How often each instance looks for due deliveries (WEBHOOK_POLL_SECONDS, default 5). */
  pollMs: number;
  /** Deliveries one instance sends at once (WEBHOOK_CONCURRENCY, default 4). */
  concurrency: number;
  /** Time a receiver has to answer (WEBHOOK_TIMEOUT_SECONDS, default 10). */
  timeoutMs: number;
}

/** The upload limit when UPLOAD_LIMIT_MB is unset. */
export const DEFAULT_UPLOAD_LIMIT_MB = 20;

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
    redisUrl: parseRedis(env.REDIS_URL),
    workers: parseWorkers(env.WORKERS),
    origin: env.ORIGIN ? env.ORIGIN.replace(/\/+$/, '') : undefined,
    webRoot: env.WEB_ROOT || defaultWebRoot(),
    dataDir: env.DATA_DIR || path.resolve('data'),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: parseFlag('LOG_REQUESTS', env.LOG_REQUESTS, true),
    outboundAllowlist: parseAllowlist(env.OUTBOUND_ALLOWLIST),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadLimitBytes: parseUploadLimit(env.UPLOAD_LIMIT_MB),
    // The default e-mail content says a code is valid for 5 minutes.
    verificationCodeTtlSeconds: parseWhole('VERIFICATION_CODE_MINUTES', env.VERIFICATION_CODE_MINUTES, 5, 1, 1440) * 60,
    verificationResendSeconds: parseWhole('VERIFICATION_RESEND_SECONDS', env.VERIFICATION_RESEND_SECONDS, 60, 0, 3600),
    verificationIpLimitPerHour: parseWhole('VERIFICATION_IP_LIMIT_PER_HOUR', env.VERIFICATION_IP_LIMIT_PER_HOUR, 20, 1, 100_000),
    captchaIpLimitPerMinute: parseWhole('CAPTCHA_IP_LIMIT_PER_MINUTE', env.CAPTCHA_IP_LIMIT_PER_MINUTE, 30, 1, 100_000),
    signinIpFailureLimit: parseWhole('SIGNIN_IP_FAILURE_LIMIT', env.SIGNIN_IP_FAILURE_LIMIT, 100, 1, 1_000_000),
    signinIpFrozenMinutes: parseWhole('SIGNIN_IP_FROZEN_MINUTES', env.SIGNIN_IP_FROZEN_MINUTES, 15, 1, 1440),
    recordsUrl: parseRecordsUrl(env.RECORDS_URL),
    metricsToken: env.METRICS_TOKEN || undefined,
    jobTickSeconds: parseWhole('JOB_TICK_SECONDS', env.JOB_TICK_SECONDS, 30, 1, 3600),
    webhooks: {
      maxAttempts: parseWhole('WEBHOOK_MAX_ATTEMPTS', env.WEBHOOK_MAX_ATTEMPTS, 5, 1, 100),
      retryBaseMs: parseSeconds('WEBHOOK_RETRY_SECONDS', env.WEBHOOK_RETRY_SECONDS, 10, 0.01, 86_400),
      retryMaxMs: parseSeconds('WEBHOOK_RETRY_MAX_SECONDS', env.WEBHOOK_RETRY_MAX_SECONDS, 3600, 0.01, 604_800),
      pollMs: parseSeconds('WEBHOOK_POLL_SECONDS', env.WEBHOOK_POLL_SECONDS, 5, 0.01, 3600),
      concurrency: parseWhole('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 4, 1, 64),
      timeoutMs: parseSeconds('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10, 0.1, 300),
    },
  };
}

/** A duration given in seconds (decimals allowed), as milliseconds. */
function parseSeconds(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback * 1000;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new Error(`${name} must be a number of seconds from ${min} to ${max}, got "${value}"`);
  }
  return Math.round(n * 1000);
}

/** A whole number between `min` and `max`, `fallback` when unset. */
/** OUTBOUND_ALLOWLIST: host names, IP addresses and CIDR ranges, comma-separated. */
function parseAllowlist(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!parseIpRange(entry) && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(entry))
      throw new Error(`OUTBOUND_ALLOWLIST must list host names, IP addresses and CIDR ranges, got "${entry}"`);
  }
  return entries;
}

function parseFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const lower = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function parseWhole(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function parseUploadLimit(value: string | undefined): number {
  if (!value) return DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes <= 0 || megabytes > 1024) {
    throw new Error(
      `UPLOAD_LIMIT_MB must be a number of megabytes above 0 and at most 1024 (files are held in memory), got "${value}"`,
    );
  }
  return Math.round(megabytes * 1024 * 1024);
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

/** RECORDS_URL: an http(s) address, or unset. */
function parseRecordsUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`RECORDS_URL must be an http(s) address, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`RECORDS_URL must be an http(s) address, got "${value}"`);
  return value;
}

/** REDIS_URL: one of the forms of cluster/redis.ts (checked at start, not at the first use). */
function parseRedis(value: string | undefined): string | undefined {
  if (!value) return undefined;
  parseRedisUrl(value);
  return value;
}

/** WORKERS: a whole number from 1 to 64, or "auto" (one per core). */
function parseWorkers(value: string | undefined): number {
  if (value?.trim().toLowerCase() === 'auto') return os.availableParallelism();
  return parseWhole('WORKERS', value, 1, 1, 64);
}
