import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { parseRedisUrl, redact } from './redis.js';

describe('REDIS_URL forms', () => {
  it('passes one server on to ioredis as it is', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379/2')).toEqual({ kind: 'single', url: 'redis://127.0.0.1:6379/2' });
    expect(parseRedisUrl('rediss://:secret@cache.example.com')).toMatchObject({ kind: 'single' });
  });

  it('reads Sentinel: several sentinels, the master name, a database, both passwords', () => {
    expect(parseRedisUrl('redis+sentinel://app:pw%40x@s1:26380,s2,[::1]:26381/mymaster/3?sentinelPassword=sp')).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26380 },
        { host: 's2', port: 26379 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
      db: 3,
      username: 'app',
      password: 'pw@x',
      sentinelPassword: 'sp',
      tls: false,
    });
  });

  it('reads Redis Cluster nodes, with TLS', () => {
    expect(parseRedisUrl('rediss+cluster://:pw@n1:7000,n2:7001')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'n1', port: 7000 },
        { host: 'n2', port: 7001 },
      ],
      password: 'pw',
      tls: true,
    });
  });

  it('refuses what it cannot read, at start, without showing the password', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL is not in a form/);
    expect(() => parseRedisUrl('redis://a:6379,b:6379')).toThrow(/redis\+sentinel/);
    expect(() => parseRedisUrl('redis+sentinel://s1:26379')).toThrow(/names no master/);
    expect(() => parseRedisUrl('redis+cluster://n1:7000/1')).toThrow(/Redis Cluster/);
    expect(() => parseRedisUrl('redis://:hunter2@h:99999')).toThrow(/out of range/);
    expect(() => parseRedisUrl('redis://:hunter2@h:99999')).not.toThrow(/hunter2/);
    expect(redact('redis://user:hunter2@h:6379')).toBe('redis://user:***@h:6379');
  });

  it('reads WORKERS', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be a whole number from 1 to 64/);
  });
});
