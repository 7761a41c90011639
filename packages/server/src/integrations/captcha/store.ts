import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { nowRfc3339 } from '@gatehouse/entities';
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
 * - answers are compared case-blind (the alphabet has no look-alikes, see glyphs.ts).
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

/** Draws a new challenge and stores the hash of its answer. */
export async function createChallenge(database: Database, clock: Clock = {}): Promise<CaptchaChallenge> {
  const now = clock.now?.() ?? new Date();
  const id = randomBytes(16).toString('base64url');
  const answer = randomAnswer();
  await database.db
    .insertInto('captcha')
    .values({
      id,
      answerHash: answerHash(id, answer),
      createdTime: nowRfc3339(now),
      expiresTime: nowRfc3339(new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000)),
    })
    .execute();
  return { id, image: drawCaptcha(answer) };
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
  if (String(row.expiresTime) <= nowRfc3339(clock.now?.() ?? new Date())) return false;
  const expected = Buffer.from(String(row.answerHash), 'hex');
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
