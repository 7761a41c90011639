import type { Cluster, Redis, RedisOptions } from 'ioredis';

/**
 * The Redis a cluster of Gatehouse processes shares (REDIS_URL), through ioredis. Three forms:
 *
 *   redis://[[user]:password@]host[:6379][/db]             one server (rediss:// for TLS)
 *   redis+sentinel://[[user]:password@]host[:26379][,host[:26379]...]/master[/db][?sentinelPassword=...]
 *                                                          Sentinel (rediss+sentinel:// for TLS)
 *   redis+cluster://[[user]:password@]host[:6379][,host[:6379]...]
 *                                                          Redis Cluster (rediss+cluster:// for TLS)
 *
 * ioredis reads the first form itself; the others are parsed here into its `sentinels` and
 * `Cluster` options. The password of the user info is the data nodes'; Sentinel's own is the
 * `sentinelPassword` parameter.
 */
export type RedisTarget =
  | { kind: 'single'; url: string }
  | {
      kind: 'sentinel';
      sentinels: HostPort[];
      name: string;
      db: number;
      username?: string;
      password?: string;
      sentinelPassword?: string;
      tls: boolean;
    }
  | { kind: 'cluster'; nodes: HostPort[]; username?: string; password?: string; tls: boolean };

export interface HostPort {
  host: string;
  port: number;
}

export type RedisClient = Redis | Cluster;

const FORM =
  /^(redis|rediss|redis\+sentinel|rediss\+sentinel|redis\+cluster|rediss\+cluster):\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/;

function fail(url: string, why: string): never {
  throw new Error(
    `REDIS_URL ${why}: use redis://host:port[/db], rediss://..., redis+sentinel://host:port[,host:port]/master[/db] or redis+cluster://host:port[,host:port], got "${redact(url)}"`,
  );
}

/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

function hostsOf(url: string, list: string, defaultPort: number): HostPort[] {
  return list.split(',').map((entry) => {
    const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(entry.trim());
    if (!match?.[1]) fail(url, `has a host "${entry}" that is not host[:port]`);
    const port = match[2] ? Number(match[2]) : defaultPort;
    if (port < 1 || port > 65535) fail(url, `has a port out of range in "${entry}"`);
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  });
}

function credentialsOf(userInfo: string | undefined): { username?: string; password?: string } {
  if (!userInfo) return {};
  const colon = userInfo.indexOf(':');
  const username = decodeURIComponent(colon < 0 ? userInfo : userInfo.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(userInfo.slice(colon + 1));
  return { ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

function dbOf(url: string, text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,2}$/.test(text)) fail(url, `has a database "${text}" that is not a number`);
  return Number(text);
}

/** Reads REDIS_URL; throws a message naming the accepted forms when it fits none. */
export function parseRedisUrl(url: string): RedisTarget {
  const match = FORM.exec(url.trim());
  if (!match) return fail(url, 'is not in a form Gatehouse reads');
  const [, scheme = '', userInfo, hosts = '', path = '', query = ''] = match;
  const tls = scheme.startsWith('rediss');
  const credentials = credentialsOf(userInfo);
  if (scheme === 'redis' || scheme === 'rediss') {
    if (hosts.includes(',')) fail(url, 'names several hosts: use redis+sentinel:// or redis+cluster://');
    hostsOf(url, hosts, 6379);
    dbOf(url, path.slice(1));
    return { kind: 'single', url: url.trim() };
  }
  const params = new URLSearchParams(query);
  if (scheme.endsWith('+sentinel')) {
    const [name = '', db] = path.split('/').slice(1);
    if (!name) fail(url, 'names no master: redis+sentinel://host:port/<master name>');
    const sentinelPassword = params.get('sentinelPassword') ?? undefined;
    return {
      kind: 'sentinel',
      sentinels: hostsOf(url, hosts, 26379),
      name: decodeURIComponent(name),
      db: dbOf(url, db),
      ...credentials,
      ...(sentinelPassword ? { sentinelPassword } : {}),
      tls,
    };
  }
  if (path !== '' && path !== '/') fail(url, 'names a database, which Redis Cluster does not have');
  return { kind: 'cluster', nodes: hostsOf(url, hosts, 6379), ...credentials, tls };
}

/**
 * A client of REDIS_URL, not yet connected (lazyConnect: `connect()` it, or let the first command
 * do so). `options` apply to every connection (to each node of a cluster). ioredis is loaded with
 * the first client: a server without REDIS_URL does not spend its memory.
 */
export async function createRedisClient(url: string, options: RedisOptions = {}): Promise<RedisClient> {
  const target = parseRedisUrl(url);
  const { Cluster, Redis } = await import('ioredis');
  const base: RedisOptions = { lazyConnect: true, ...options };
  if (target.kind === 'single') return new Redis(target.url, base);
  const tls = target.tls ? { tls: {} } : {};
  const auth = { username: target.username, password: target.password };
  if (target.kind === 'sentinel') {
    return new Redis({
      ...base,
      ...auth,
      sentinels: target.sentinels,
      name: target.name,
      db: target.db,
      sentinelPassword: target.sentinelPassword,
      ...tls,
      enableTLSForSentinelMode: target.tls,
    });
  }
  return new Cluster(target.nodes, { lazyConnect: true, redisOptions: { ...options, ...auth, ...tls } });
}
