import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  issueProviderState,
  PROVIDER_STATE_COOKIE,
  PROVIDER_STATE_SECONDS,
  type ProviderFlow,
  readProviderState,
  verifyProviderState,
} from './provider-state.js';

/** A browser: the cookies it holds, and a reply that stores what the server sets. */
function browser() {
  const cookies: Record<string, string> = {};
  const request = { cookies } as unknown as FastifyRequest;
  const reply = {
    setCookie: (name: string, value: string) => {
      cookies[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { cookies, request, reply };
}

const FLOW: Omit<ProviderFlow, 'expires'> = {
  application: 'app-social',
  provider: 'upstream',
  method: 'signup',
  type: 'code',
  query: { clientId: 'c1', redirectUri: 'https://rp.example/cb', state: 'rp' },
  body: { organization: 'acme' },
  redirectUri: 'https://id.example/callback',
  from: '',
};

describe('provider sign-in state', () => {
  it('carries the flow, readable by the callback page, verified only in the browser that started it', () => {
    const one = browser();
    const now = Date.parse('2030-01-01T00:00:00Z');
    const state = issueProviderState(one.request, one.reply, FLOW, now);
    expect(one.cookies[PROVIDER_STATE_COOKIE]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readProviderState(state)).toEqual({ ...FLOW, expires: now + PROVIDER_STATE_SECONDS * 1000 });
    expect(verifyProviderState(one.request, state, now + 1000)).toMatchObject(FLOW);

    // A second flow of the same browser shares the secret: both states stay good.
    const second = issueProviderState(one.request, one.reply, { ...FLOW, provider: 'other' }, now);
    expect(verifyProviderState(one.request, state, now).provider).toBe('upstream');
    expect(verifyProviderState(one.request, second, now).provider).toBe('other');

    const other = browser();
    issueProviderState(other.request, other.reply, FLOW, now);
    expect(() => verifyProviderState(other.request, state, now)).toThrow(
      expect.objectContaining({ key: 'providerStateInvalid' }),
    );
    expect(() => verifyProviderState(browser().request, state, now)).toThrow(
      expect.objectContaining({ key: 'providerStateInvalid' }),
    );
  });

  it('refuses altered, malformed and expired states', () => {
    const { request, reply } = browser();
    const now = Date.now();
    const state = issueProviderState(request, reply, FLOW, now);
    const [payload, signature] = state.split('.');
    const altered = Buffer.from(JSON.stringify({ ...readProviderState(state), method: 'link' })).toString('base64url');
    for (const bad of [`${altered}.${signature}`, `${payload}.`, `${payload}.${signature}.x`, 'junk', '']) {
      expect(() => verifyProviderState(request, bad, now), bad).toThrow(expect.objectContaining({ key: 'providerStateInvalid' }));
    }
    expect(() => verifyProviderState(request, state, now + PROVIDER_STATE_SECONDS * 1000 + 1)).toThrow(
      expect.objectContaining({ key: 'providerStateExpired' }),
    );
    expect(readProviderState('bm90IGpzb24.sig')).toBeNull();
  });
});
