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
  it('logs one line per request unless LOG_REQUESTS is false', () => {
    expect(loadConfig({}).logRequests).toBe(true);
    expect(loadConfig({ LOG_REQUESTS: 'false' }).logRequests).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(() => loadConfig({ LOG_REQUESTS: 'sometimes' })).toThrow(/LOG_REQUESTS/);
  });
  it('reads the outbound allowlist of hosts, addresses and CIDR ranges', () => {
    expect(loadConfig({}).outboundAllowlist).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOWLIST: 'idp.internal, 10.1.0.0/16,::1' }).outboundAllowlist).toEqual([
      'idp.internal',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOWLIST: 'http://x/' })).toThrow(/OUTBOUND_ALLOWLIST/);
    expect(() => loadConfig({ OUTBOUND_ALLOWLIST: '10.0.0.0/99' })).toThrow(/OUTBOUND_ALLOWLIST/);
  });
  it('reads the external records address, an http(s) URL', () => {
    expect(loadConfig({}).recordsUrl).toBeUndefined();
    expect(loadConfig({ RECORDS_URL: 'https://logs.example.com/records' }).recordsUrl).toBe('https://logs.example.com/records');
    expect(() => loadConfig({ RECORDS_URL: 'javascript:alert(1)' })).toThrow('RECORDS_URL must be an http(s) address');
    expect(() => loadConfig({ RECORDS_URL: 'logs' })).toThrow('RECORDS_URL must be an http(s) address');
  });

  it('refuses a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
  it('limits uploads to 20 MB unless UPLOAD_LIMIT_MB says otherwise', () => {
    expect(loadConfig({}).uploadLimitBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_LIMIT_MB: '2.5' }).uploadLimitBytes).toBe(2.5 * 1024 * 1024);
    for (const bad of ['0', '-1', 'lots', '4096']) expect(() => loadConfig({ UPLOAD_LIMIT_MB: bad })).toThrow(/UPLOAD_LIMIT_MB/);
  });
  it('reads the verification code limits', () => {
    expect(loadConfig({})).toMatchObject({
      verificationCodeTtlSeconds: 300,
      verificationResendSeconds: 60,
      verificationIpLimitPerHour: 20,
    });
    const config = loadConfig({
      VERIFICATION_CODE_MINUTES: '10',
      VERIFICATION_RESEND_SECONDS: '0',
      VERIFICATION_IP_LIMIT_PER_HOUR: '5',
    });
    expect(config).toMatchObject({
      verificationCodeTtlSeconds: 600,
      verificationResendSeconds: 0,
      verificationIpLimitPerHour: 5,
    });
    expect(() => loadConfig({ VERIFICATION_CODE_MINUTES: '0' })).toThrow(/VERIFICATION_CODE_MINUTES/);
    expect(() => loadConfig({ VERIFICATION_RESEND_SECONDS: '1.5' })).toThrow(/VERIFICATION_RESEND_SECONDS/);
    expect(() => loadConfig({ VERIFICATION_IP_LIMIT_PER_HOUR: 'many' })).toThrow(/VERIFICATION_IP_LIMIT_PER_HOUR/);
  });
  it('reads the webhook delivery settings in seconds, and refuses values out of range', () => {
    expect(loadConfig({}).webhooks).toEqual({
      maxAttempts: 5,
      retryBaseMs: 10_000,
      retryMaxMs: 3_600_000,
      pollMs: 5000,
      concurrency: 4,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        WEBHOOK_MAX_ATTEMPTS: '8',
        WEBHOOK_RETRY_SECONDS: '0.5',
        WEBHOOK_RETRY_MAX_SECONDS: '120',
        WEBHOOK_POLL_SECONDS: '1',
        WEBHOOK_CONCURRENCY: '16',
        WEBHOOK_TIMEOUT_SECONDS: '2.5',
      }).webhooks,
    ).toEqual({ maxAttempts: 8, retryBaseMs: 500, retryMaxMs: 120_000, pollMs: 1000, concurrency: 16, timeoutMs: 2500 });
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS must be a whole number from 1 to 100/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_SECONDS: 'soon' })).toThrow(/WEBHOOK_TIMEOUT_SECONDS must be a number of seconds/);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '1.5' })).toThrow(/WEBHOOK_CONCURRENCY/);
  });
});
