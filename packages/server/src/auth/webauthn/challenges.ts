import { createHash, randomBytes } from 'node:crypto';
import { nowRfc3339 } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

/**
 * The challenges of passkey ceremonies under way (table webauthnChallenge, migration 0019). A
 * begin call stores the challenge with the user it is for and sets a random token in an httpOnly
 * cookie of the browser that asked; the finish call takes the challenge back with that cookie only
 * (the client never names it), once: the first finish deletes the row, whatever its outcome. A
 * challenge lives CHALLENGE_TTL_SECONDS; expired rows are purged in the background. Only a hash of
 * the cookie's token is stored.
 */

/** A registration (signed in, for oneself) or a sign-in. */
export type CeremonyPurpose = 'registration' | 'authentication';

export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** How long the browser waits for the authenticator, in milliseconds (the challenge lives longer). */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;

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

/** Stores `challenge` (base64url, as the options carry it) for `user` and binds it to this browser. */
export async function storeChallenge(
  server: ServerContext,
  reply: FastifyReply,
  purpose: CeremonyPurpose,
  challenge: string,
  user: { owner: string; name: string } | null,
  now = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await server.database.db
    .insertInto('webauthnChallenge')
    .values({
      id: rowId(token),
      purpose,
      challenge,
      owner: user?.owner ?? '',
      name: user?.name ?? '',
      createdTime: nowRfc3339(now),
      expiresTime: nowRfc3339(new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000)),
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
