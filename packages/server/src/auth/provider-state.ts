import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isJsonObject } from '../http/params.js';

/**
 * The `state` of a sign-in through an OAuth identity provider. It carries what the callback page
 * needs to finish (Casdoor's state carries the same: the application, the provider, the method and
 * the sign-in request the person started from) and is signed with a random secret kept in an
 * httpOnly cookie of the browser that started it: a state made up, altered or carried to another
 * browser (login CSRF) fails the check. Nothing is stored on the server, so any instance of a
 * cluster finishes what another started.
 */

export const PROVIDER_STATE_COOKIE = 'gatehouse_provider_state';
/** How long the person may take at the identity provider. */
export const PROVIDER_STATE_SECONDS = 15 * 60;

export type ProviderMethod = 'signup' | 'link';

export interface ProviderFlow {
  /** The application signed in to (the user's application for a link). */
  application: string;
  /** The provider's name (a row of the application's providers). */
  provider: string;
  method: ProviderMethod;
  /** The sign-in type of POST /api/login (login, code, token, id_token, saml, cas). */
  type: string;
  /** The sign-in request: what the page would send to /api/login in the query and the body, without credentials. */
  query: Record<string, string>;
  body: Record<string, string>;
  /** Where the identity provider sends the browser back (<origin>/callback). */
  redirectUri: string;
  /** The console page to return to (a link, or the console's own sign-in). */
  from: string;
  /** Web3 providers: the nonce the wallet signs (single use; integrations/web3/nonces.ts). */
  nonce?: string;
  /** SAML providers: the ID of the AuthnRequest sent (the response's InResponseTo; protocols/saml/sp-request.ts). */
  requestId?: string;
  /** Expiry, in milliseconds since the epoch. */
  expires: number;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', Buffer.from(secret, 'base64url')).update(payload).digest();

/** The browser's state secret: the cookie's when it has one, else a new one (set on the answer). */
function browserSecret(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies?.[PROVIDER_STATE_COOKIE];
  const secret = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : b64(randomBytes(32));
  // Renewed with every sign-in started, so that flows of several tabs share one secret.
  reply.setCookie(PROVIDER_STATE_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: PROVIDER_STATE_SECONDS,
  });
  return secret;
}

/** A new state for `flow` (its expiry is set here), bound to the browser of `request`. */
export function issueProviderState(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: Omit<ProviderFlow, 'expires'>,
  now = Date.now(),
): string {
  const payload = b64(Buffer.from(JSON.stringify({ ...flow, expires: now + PROVIDER_STATE_SECONDS * 1000 }), 'utf8'));
  return `${payload}.${b64(mac(browserSecret(request, reply), payload))}`;
}

function stringMap(value: unknown): Record<string, string> | null {
  if (!isJsonObject(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') return null;
    out[key] = item;
  }
  return out;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The payload of a state, without checking its signature (the callback page reads it too). */
export function readProviderState(state: string): ProviderFlow | null {
  const [payload] = state.split('.');
  if (!payload) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isJsonObject(parsed)) return null;
  const { application, provider, method, type, redirectUri, from, expires, nonce, requestId } = parsed;
  const query = stringMap(parsed.query);
  const body = stringMap(parsed.body);
  if (!query || !body) return null;
  if (typeof application !== 'string' || typeof provider !== 'string' || typeof type !== 'string') return null;
  if (typeof redirectUri !== 'string' || typeof from !== 'string' || typeof expires !== 'number') return null;
  if (method !== 'signup' && method !== 'link') return null;
  if ((nonce !== undefined && typeof nonce !== 'string') || (requestId !== undefined && typeof requestId !== 'string'))
    return null;
  return {
    application,
    provider,
    method,
    type,
    query,
    body,
    redirectUri,
    from,
    expires,
    nonce: optionalString(nonce),
    requestId: optionalString(requestId),
  };
}

/**
 * The flow of a state brought back by the identity provider, if this browser started it and it has
 * not expired; otherwise the refusal.
 */
export function verifyProviderState(request: FastifyRequest, state: string, now = Date.now()): ProviderFlow {
  const secret = request.cookies?.[PROVIDER_STATE_COOKIE];
  const [payload, signature, extra] = state.split('.');
  if (!secret || !payload || !signature || extra !== undefined) throw new AppError('providerStateInvalid');
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('providerStateInvalid');
  const flow = readProviderState(state);
  if (!flow) throw new AppError('providerStateInvalid');
  if (flow.expires < now) throw new AppError('providerStateExpired');
  return flow;
}
