import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './glyphs.js';
import { CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH, CAPTCHA_LENGTH, drawCaptcha, randomAnswer } from './image.js';
import { PNG_SIGNATURE } from './png.js';
import { answerHash, CAPTCHA_TTL_SECONDS, checkChallenge, createChallenge, purgeExpiredChallenges } from './store.js';

/** The chunks of a PNG file, by type. */
function pngChunks(png: Buffer): Map<string, Buffer[]> {
  const chunks = new Map<string, Buffer[]>();
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    chunks.set(type, [...(chunks.get(type) ?? []), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  return chunks;
}

describe('captcha image', () => {
  it('draws every character of the alphabet, and only look-alike-free characters', () => {
    for (const char of CAPTCHA_ALPHABET) expect(glyph(char)).toHaveLength(GLYPH_WIDTH * GLYPH_HEIGHT);
    for (const lookAlike of '0O1I2Z5S8BQ') expect(CAPTCHA_ALPHABET).not.toContain(lookAlike);
  });

  it('makes random answers of the alphabet', () => {
    const answers = new Set(Array.from({ length: 50 }, () => randomAnswer()));
    expect(answers.size).toBeGreaterThan(45);
    for (const answer of answers) expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
  });

  it('encodes a valid RGB PNG of the announced size with ink on it', () => {
    const png = drawCaptcha('AC3XY');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const chunks = pngChunks(png);
    const header = chunks.get('IHDR')?.[0] as Buffer;
    expect(header.readUInt32BE(0)).toBe(CAPTCHA_IMAGE_WIDTH);
    expect(header.readUInt32BE(4)).toBe(CAPTCHA_IMAGE_HEIGHT);
    expect([header[8], header[9]]).toEqual([8, 2]);
    expect(chunks.has('IEND')).toBe(true);
    const raw = inflateSync(Buffer.concat(chunks.get('IDAT') ?? []));
    expect(raw).toHaveLength((CAPTCHA_IMAGE_WIDTH * 3 + 1) * CAPTCHA_IMAGE_HEIGHT);
    // Dark pixels (the characters, curves and dots) on a light background.
    let dark = 0;
    for (let y = 0; y < CAPTCHA_IMAGE_HEIGHT; y++) {
      for (let x = 0; x < CAPTCHA_IMAGE_WIDTH; x++) {
        const at = y * (CAPTCHA_IMAGE_WIDTH * 3 + 1) + 1 + x * 3;
        if ((raw[at] as number) + (raw[at + 1] as number) + (raw[at + 2] as number) < 300) dark++;
      }
    }
    const share = dark / (CAPTCHA_IMAGE_WIDTH * CAPTCHA_IMAGE_HEIGHT);
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.6);
  });

  it('draws a different picture each time', () => {
    expect(drawCaptcha('AC3XY').equals(drawCaptcha('AC3XY'))).toBe(false);
  });
});

describe('captcha challenges', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  /** A stored challenge whose answer the test knows (the real one is only in the picture). */
  async function challengeWithAnswer(answer: string, now = new Date()) {
    const challenge = await createChallenge(database, { now: () => now });
    await database.db
      .updateTable('captcha')
      .set({ answerHash: answerHash(challenge.id, answer) })
      .where('id', '=', challenge.id)
      .execute();
    return challenge;
  }

  it('stores only a hash of the answer, with a five-minute expiry', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const challenge = await createChallenge(database, { now: () => now });
    expect(challenge.image.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const row = await database.db.selectFrom('captcha').selectAll().where('id', '=', challenge.id).executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(CAPTCHA_TTL_SECONDS).toBe(300);
    expect(row.expiresTime).toBe('2030-01-01T10:05:00Z');
  });

  it('accepts the right answer once, in any case and with surrounding spaces', async () => {
    const challenge = await challengeWithAnswer('AC3XY');
    expect(await checkChallenge(database, challenge.id, ' ac3xy ')).toBe(true);
    // Single use: the same answer again is refused.
    expect(await checkChallenge(database, challenge.id, 'AC3XY')).toBe(false);
  });

  it('spends the challenge on a wrong answer', async () => {
    const challenge = await challengeWithAnswer('AC3XY');
    expect(await checkChallenge(database, challenge.id, 'AC3XX')).toBe(false);
    expect(await checkChallenge(database, challenge.id, 'AC3XY')).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const created = new Date(Date.now() - (CAPTCHA_TTL_SECONDS + 1) * 1000);
    const challenge = await challengeWithAnswer('AC3XY', created);
    expect(await checkChallenge(database, challenge.id, 'AC3XY')).toBe(false);
    const live = await challengeWithAnswer('AC3XY', new Date(Date.now() - (CAPTCHA_TTL_SECONDS - 30) * 1000));
    expect(await checkChallenge(database, live.id, 'AC3XY')).toBe(true);
  });

  it('refuses unknown ids and empty answers, and lets one of concurrent checks win', async () => {
    expect(await checkChallenge(database, 'no-such-id', 'AC3XY')).toBe(false);
    const challenge = await challengeWithAnswer('AC3XY');
    expect(await checkChallenge(database, challenge.id, '')).toBe(false);
    const again = await challengeWithAnswer('AC3XY');
    const results = await Promise.all([1, 2, 3].map(() => checkChallenge(database, again.id, 'AC3XY')));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('purges expired challenges only', async () => {
    const old = await challengeWithAnswer('AC3XY', new Date(Date.now() - 3600_000));
    const fresh = await challengeWithAnswer('AC3XY');
    await purgeExpiredChallenges(database);
    const ids = (await database.db.selectFrom('captcha').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(fresh.id);
  });
});
