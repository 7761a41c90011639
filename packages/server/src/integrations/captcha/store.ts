import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { nowRfc3339 } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { drawCaptcha, randomAnswer } from './image.js';

/**
 * Challenges of the built-in image captcha, kept in the database (table captcha, migration 0009)
 * so that every instance of a cluster can check an answer whatever instance drew the image:
 *
 * - only SHA-256(id ":" ANSWER) is stored, never the answer;
 * - a challenge is single use: the first check deletes it, right or wrong, so one image cannot be
 *   guessed at repeatedly;
 * - it expires after CAPTCHA_TTL_SECONDS; expired rows are purged in the background;
 * - answers are compared case-blind (the alphabet has no look-alikes, see glyphs.ts);
 * - every captcha served is a row, so that the captchas served to one client address can be
 *   counted by every instance (servedRecently): an image's row is its challenge; the other types
 *   (checked by their vendor) leave a row without an answer, which no answer matches. A row's id
 *   starts with the tag of the client address it was served to (clientTag).
 */
export const CAPTCHA_TTL_SECONDS = 5 * 60;

export interface CaptchaChallenge {
  /** What the client sends back as clientSecret (Casdoor's captchaId). */
  id: string;
  /** The picture, a PNG file. */
  image: Buffer;
}

/** The clock, replaceable in tests. */
export interface Clock {
  now?: () => Date;
}

/** The stored form of an answer: a hash bound to its challenge, upper case. */
export function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

/** Length of a client tag: 64 bits of a hash, in hex. */
const TAG_LENGTH = 16;

/**
 * The 64 bits of an IPv6 address that name its network (/64): one household or server gets a
 * whole /64, so its addresses count as one client. Null when `ip` is not an IPv6 address.
 */
export function ipv6Network(ip: string): string | null {
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address)) return null;
  const halves = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const all = halves.length > 1 ? [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail] : head;
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The tag of a client address that the ids of the captchas served to it start with: a hash (the
 * address itself is not stored) of the IPv4 address (also when written as IPv4-mapped IPv6), or
 * of the IPv6 address's /64 network.
 */
export function clientTag(ip: string): string {
  const mapped = /^::ffff:([\d.]+)$/i.exec(ip)?.[1];
  const key = mapped && isIPv4(mapped) ? mapped : (ipv6Network(ip) ?? ip);
  return createHash('sha256').update(`captcha-client:${key}`).digest('hex').slice(0, TAG_LENGTH);
}

const expiry = (now: Date) => nowRfc3339(new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000));

/** A row id for a captcha served to the client of `tag` ('' when the client is not known). */
const newId = (tag: string) => `${tag}${randomBytes(16).toString('base64url')}`;

/** Draws a new challenge for the client of `tag` and stores the hash of its answer. */
export async function createChallenge(database: Database, clock: Clock = {}, tag = ''): Promise<CaptchaChallenge> {
  const now = clock.now?.() ?? new Date();
  const id = newId(tag);
  const answer = randomAnswer();
  await database.db
    .insertInto('captcha')
    .values({ id, answerHash: answerHash(id, answer), createdTime: nowRfc3339(now), expiresTime: expiry(now) })
    .execute();
  return { id, image: drawCaptcha(answer) };
}

/** Records a captcha without an answer of ours (a vendor's widget, or none) served to the client of `tag`. */
export async function recordServed(database: Database, tag: string, clock: Clock = {}): Promise<void> {
  const now = clock.now?.() ?? new Date();
  await database.db
    .insertInto('captcha')
    .values({ id: newId(tag), answerHash: '', createdTime: nowRfc3339(now), expiresTime: expiry(now) })
    .execute();
}

/**
 * The captchas served to the client of `tag` within the last `seconds` (at most the rows' lifetime),
 * and the time the oldest of them was served. Every row expires CAPTCHA_TTL_SECONDS after it was
 * served, so the window is a range of the expiry index.
 */
export async function servedRecently(
  database: Database,
  tag: string,
  seconds: number,
  clock: Clock = {},
): Promise<{ count: number; oldest: Date | null }> {
  const now = clock.now?.() ?? new Date();
  const row = await database.db
    .selectFrom('captcha')
    .select([sql<number | string>`count(*)`.as('count'), sql<string | null>`min(${sql.ref('createdTime')})`.as('oldest')])
    .where('expiresTime', '>', expiry(new Date(now.getTime() - seconds * 1000)))
    .where('id', 'like', `${tag}%`)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { count, oldest: count > 0 && row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Checks an answer and spends the challenge: true only for the right answer to a live challenge
 * that no other check has spent (of concurrent checks, exactly one deletes the row).
 */
export async function checkChallenge(database: Database, id: string, answer: string, clock: Clock = {}): Promise<boolean> {
  if (!id || id.length > 64 || !answer) return false;
  const { db } = database;
  const row = await db.selectFrom('captcha').select(['answerHash', 'expiresTime']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const deleted = await db.deleteFrom('captcha').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  if (row.expiresTime <= nowRfc3339(clock.now?.() ?? new Date())) return false;
  const expected = Buffer.from(row.answerHash, 'hex');
  const given = Buffer.from(answerHash(id, answer), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Removes expired challenges (run now and then, never on a request). */
export async function purgeExpiredChallenges(database: Database, clock: Clock = {}): Promise<void> {
  await database.db
    .deleteFrom('captcha')
    .where('expiresTime', '<=', nowRfc3339(clock.now?.() ?? new Date()))
    .execute();
}
