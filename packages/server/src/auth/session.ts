import { createHash, randomBytes } from 'node:crypto';
import { nowRfc3339 } from '@gatehouse/entities';
import type { Database, Db } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

/** The cookie that carries the session token (httpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'gatehouse_session';
/** Lifetime of a session made with "auto sign-in" (a persistent cookie). */
export const LONG_SESSION_HOURS = 24 * 30;
/** Lifetime of a browser-session sign-in. */
export const SHORT_SESSION_HOURS = 24;

export type SessionRow = DB['authSession'];

/** Only a hash of the token is stored, so a database reader cannot replay sessions. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: {
    owner: string;
    name: string;
    application: string;
    hours: number;
    remoteAddr: string;
    userAgent: string;
    /** How the user proved who they are (amr values), for the sign-ins this session stands in for. */
    authMethods: readonly string[];
  },
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + input.hours * 3600_000);
  await db
    .insertInto('authSession')
    .values({
      id: sessionIdOf(token),
      owner: input.owner,
      name: input.name,
      application: input.application,
      createdTime: nowRfc3339(),
      expiresTime: nowRfc3339(expires),
      remoteAddr: input.remoteAddr.slice(0, 100),
      userAgent: input.userAgent.slice(0, 500),
      authMethods: input.authMethods.join(' '),
    })
    .execute();
  return { token, expires };
}

const sessionById = prepared('session-by-id', (db, id) => db.selectFrom('authSession').selectAll().where('id', '=', id));

export async function findSession(database: Database, token: string): Promise<SessionRow | undefined> {
  const [row] = await database.queries.run(database.db, sessionById, sessionIdOf(token));
  if (!row || row.expiresTime <= nowRfc3339()) return undefined;
  return row;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('authSession').where('id', '=', sessionIdOf(token)).execute();
}

/**
 * Removes expired sessions, and the sign-ins that waited for a second factor in vain
 * (mfa-challenge.ts; run now and then, not on the request path).
 */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('authSession').where('expiresTime', '<=', nowRfc3339()).execute();
  await db.deleteFrom('mfaChallenge').where('expiresTime', '<=', nowRfc3339()).execute();
}
