import { createHash, randomBytes } from 'node:crypto';
import { nowRfc3339 } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { clientTag } from '../../integrations/captcha/store.js';

/**
 * The challenges of passkey ceremonies under way (table webauthnChallenge, migration 0019). A
 * begin call stores the challenge with the user it is for and sets a random token in an httpOnly
 * cookie of the browser that asked; the finish call takes the challenge back with that cookie only
 * (the client never names it), once: the first finish deletes the row, whatever its outcome. A
 * challenge lives CHALLENGE_TTL_SECONDS; expired rows are purged in the background. Only a hash of
 * the cookie's token is stored, with a tag of the client address (a hash too): one address begins at
 * most BEGIN_LIMIT_PER_MINUTE ceremonies a minute, counted in the table so that every instance of a
 * cluster counts the same (more are refused with HTTP 429 and Retry-After).
 */

/** A registration (signed in, for oneself) or a sign-in. */
export type CeremonyPurpose = 'registration' | 'authentication';

export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** How long the browser waits for the authenticator, in milliseconds (the challenge lives longer). */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** Ceremonies one client address (an IPv4 address, an IPv6 /64) may begin in a minute. */
export const BEGIN_LIMIT_PER_MINUTE = 60;
const LIMIT_WINDOW_SECONDS = 60;

const COOKIES: Record<CeremonyPurpose, string> = {
  registration: 'gatehouse_webauthn_signup',
  authentication: 'gatehouse_webauthn_signin',
};
const COOKIE_PATH = '/api/webauthn';

/** A challenge taken back: the base64url challenge and the user it was issued for ('' when any user may answer it). */
export interface PendingCeremony {
  challenge: string;
  owner: string;
  name: string;
}

const rowId = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes for the authenticator to sign. */
export function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

const expiryOf = (time: Date) => nowRfc3339(new Date(time.getTime() + CHALLENGE_TTL_SECONDS * 1000));

/** Refuses a client address that began BEGIN_LIMIT_PER_MINUTE ceremonies within the last minute. */
async function checkBeginLimit(db: Db, client: string, reply: FastifyReply, now: Date): Promise<void> {
  // Every row expires CHALLENGE_TTL_SECONDS after it was made: the window is a range of the expiry index.
  const rows = await db
    .selectFrom('webauthnChallenge')
    .select('createdTime')
    .where('expiresTime', '>', expiryOf(new Date(now.getTime() - LIMIT_WINDOW_SECONDS * 1000)))
    .where('client', '=', client)
    .orderBy('createdTime')
    .limit(BEGIN_LIMIT_PER_MINUTE)
    .execute();
  if (rows.length < BEGIN_LIMIT_PER_MINUTE) return;
  // A place frees up when the oldest ceremony counted leaves the window.
  const oldest = Date.parse(rows[0]?.createdTime ?? '');
  const wait = Number.isNaN(oldest)
    ? LIMIT_WINDOW_SECONDS
    : Math.ceil((oldest + LIMIT_WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  reply.header('retry-after', String(Math.min(LIMIT_WINDOW_SECONDS, Math.max(1, wait))));
  throw new AppError('webauthnIpLimit', { limit: BEGIN_LIMIT_PER_MINUTE }, 429);
}

/** Stores `challenge` (base64url, as the options carry it) for `user` and binds it to this browser. */
export async function storeChallenge(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: CeremonyPurpose,
  challenge: string,
  user: { owner: string; name: string } | null,
  now = new Date(),
): Promise<void> {
  const { db } = server.database;
  const client = clientTag(request.ip);
  await checkBeginLimit(db, client, reply, now);
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('webauthnChallenge')
    .values({
      id: rowId(token),
      purpose,
      challenge,
      owner: user?.owner ?? '',
      name: user?.name ?? '',
      client,
      createdTime: nowRfc3339(now),
      expiresTime: expiryOf(now),
    })
    .execute();
  reply.setCookie(COOKIES[purpose], token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: CHALLENGE_TTL_SECONDS,
  });
}

/**
 * Takes back the challenge this browser was given for `purpose`: refused when there is none, when
 * another finish took it first (of concurrent ones, exactly one deletes the row) or when it expired.
 */
export async function takeChallenge(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: CeremonyPurpose,
): Promise<PendingCeremony> {
  const token = request.cookies?.[COOKIES[purpose]];
  reply.clearCookie(COOKIES[purpose], { path: COOKIE_PATH });
  if (!token) throw new AppError('webauthnChallengeMissing');
  const { db } = server.database;
  const id = rowId(token);
  const row = await db
    .selectFrom('webauthnChallenge')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) throw new AppError('webauthnChallengeMissing');
  const deleted = await db.deleteFrom('webauthnChallenge').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || row.expiresTime <= nowRfc3339()) throw new AppError('webauthnChallengeMissing');
  return { challenge: row.challenge, owner: row.owner, name: row.name };
}

/** Removes expired challenges (run now and then, never on a request). */
export async function purgeExpiredChallenges(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('webauthnChallenge').where('expiresTime', '<=', nowRfc3339(now)).execute();
}
