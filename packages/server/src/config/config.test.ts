import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 8000 and the embedded SQLite database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBe('sqlite:./data/gatehouse.db');
    expect(config.initAdminPassword).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });
  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      INIT_ADMIN_PASSWORD: 'pw',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ORIGIN: 'https://id.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h/db',
      initAdminPassword: 'pw',
      redisUrl: 'redis://127.0.0.1:6379',
      origin: 'https://id.example.com',
      trustProxy: true,
    });
  });
  it('refuses a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
