import { createHash, randomBytes } from 'node:crypto';
import { nowRfc3339, type User } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { bodyOf, queryOf } from '../http/params.js';
import { requestWith } from '../http/request-state.js';
import { markFreshSignin } from './signin-types.js';

/**
 * A sign-in waiting for its second factor (Casdoor keeps the user in its server-side session,
 * MfaSessionUserId). The first step (a password, a code, an identity provider) proved who signs in;
 * the browser gets a random token in an httpOnly cookie, and the database keeps its hash with the
 * user and the first step's request (type, query and body, without credentials), so that the second
 * step only adds the passcode and continues exactly the sign-in that was started (an OAuth code, a
 * SAML response, a CAS ticket ...) on any instance of a cluster. It is used once and expires.
 */

export const MFA_COOKIE = 'gatehouse_mfa';
/** Time for the second step (an e-mail may take a while to arrive). */
export const MFA_CHALLENGE_SECONDS = 10 * 60;

/** Parameters of the first step that the second never replays: credentials and the identity provider's answer. */
const NOT_KEPT = new Set([
  'username',
  'password',
  'code',
  'passcode',
  'recoveryCode',
  'mfaType',
  'captchaType',
  'captchaToken',
  'clientSecret',
  'provider',
  'providerBack',
  'method',
  'state',
  'samlResponse',
]);

type Kept = Record<string, string | number | boolean>;

function kept(values: Record<string, unknown>): Kept {
  const out: Kept = {};
  for (const [key, value] of Object.entries(values)) {
    if (NOT_KEPT.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The first step of a sign-in, as the challenge keeps it. */
export interface MfaChallenge {
  id: string;
  owner: string;
  name: string;
  application: string;
  /** The channel of a first step made with a code ('email', 'sms'), which cannot be the second factor too. */
  verificationType: string;
  /** The first step's request (its type, query and body; cookies and addresses of the request at hand). */
  request: FastifyRequest;
}

/** Starts the wait for the second factor of `user`'s sign-in through `application`, and sets the cookie. */
export async function openMfaChallenge(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  application: string,
  verificationType: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(queryOf(request))) if (typeof value === 'string') query[key] = value;
  const now = Date.now();
  await server.database.db
    .insertInto('mfaChallenge')
    .values({
      id: idOf(token),
      owner: user.owner,
      name: user.name,
      application,
      verificationType,
      request: JSON.stringify({ query: kept(query), body: kept(bodyOf(request)) }),
      createdTime: nowRfc3339(new Date(now)),
      expiresTime: nowRfc3339(new Date(now + MFA_CHALLENGE_SECONDS * 1000)),
    })
    .execute();
  reply.setCookie(MFA_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: MFA_CHALLENGE_SECONDS,
  });
}

function parsedRequest(text: string): { query: Record<string, string>; body: Kept } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'query' in parsed && 'body' in parsed) {
      const { query, body } = parsed;
      if (typeof query === 'object' && query !== null && typeof body === 'object' && body !== null) {
        const strings: Record<string, string> = {};
        for (const [key, value] of Object.entries(query)) if (typeof value === 'string') strings[key] = value;
        return { query: strings, body: kept({ ...body }) };
      }
    }
  } catch {
    // A row this code did not write: nothing to continue.
  }
  return { query: {}, body: {} };
}

/** The unexpired challenge of this browser's cookie, with the first step's request restored; null without one. */
export async function findMfaChallenge(server: ServerContext, request: FastifyRequest): Promise<MfaChallenge | null> {
  const token = request.cookies?.[MFA_COOKIE];
  if (!token) return null;
  const row = await server.database.db
    .selectFrom('mfaChallenge')
    .selectAll()
    .where('id', '=', idOf(token))
    .where('expiresTime', '>', nowRfc3339())
    .executeTakeFirst();
  if (!row) return null;
  const first = parsedRequest(row.request);
  const restored = requestWith(request, first.query, first.body);
  // Its user authenticates now, with the second factor.
  markFreshSignin(restored);
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    application: row.application,
    verificationType: row.verificationType,
    request: restored,
  };
}

/**
 * Ends the challenge once its second factor was given: of two answers racing with one challenge,
 * only the one that deletes the row goes on. Returns whether this caller did.
 */
export async function closeMfaChallenge(server: ServerContext, reply: FastifyReply, challenge: MfaChallenge): Promise<boolean> {
  const result = await server.database.db.deleteFrom('mfaChallenge').where('id', '=', challenge.id).executeTakeFirst();
  reply.clearCookie(MFA_COOKIE, { path: '/' });
  return Number(result.numDeletedRows) === 1;
}
