import { nowRfc3339, randomId, type Verification, verification as verificationDef } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { codeMatches, grantHashOf, hashCode, MAX_CODE_ATTEMPTS, newGrant, sameHash } from '../crypto/verification-codes.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { MessageKey } from '../i18n.js';
import { EntityDomain } from './entity-domain.js';

/**
 * The verification records: one per code sent. A code is checked against the
 * latest code sent to its receiver within the organization; it is used once, expires after the
 * configured time, and is burnt after MAX_CODE_ATTEMPTS wrong tries. Everything lives in the
 * database, so every instance of a cluster sees the same codes and limits.
 */

/** Verification records are written by the server only (the entity is read-only to everyone). */
export const verifications = new EntityDomain(verificationDef);

/**
 * Cookie of the browser that verified a code: it lets set-password use that code once for the
 * account (Casdoor keeps the same in its server-side session). httpOnly, for the API only.
 */
export const VERIFIED_CODE_COOKIE = 'gatehouse_verified_code';

/** Where a code goes: the organization it is for and the normalized receiver (see receivers.ts). */
export interface CodeTarget {
  owner: string;
  receiver: string;
}

export interface SentCode extends CodeTarget {
  type: 'Email' | 'SMS';
  method: string;
  /** owner/name of the account, '' when there is none yet (sign-up). */
  user: string;
  provider: string;
  remoteAddr: string;
}

/** A wrong code: sign-in counts it against the account as a wrong password. */
export class WrongCodeError extends AppError {
  constructor(key: MessageKey) {
    super(key);
    this.name = 'WrongCodeError';
  }
}

/** Stores a code about to be sent; returns the record (its code hashed). */
export async function recordCode(ctx: ServerContext, sent: SentCode, code: string): Promise<Verification> {
  const now = Date.now();
  return verifications.create(ctx, 'system', {
    ...sent,
    name: randomId(20),
    createdTime: nowRfc3339(new Date(now)),
    code: hashCode(code),
    isUsed: false,
    expireTime: new Date(now + ctx.config.verificationCodeTtlSeconds * 1000).toISOString(),
    wrongTimes: 0,
  });
}

/** Removes a record whose code could not be sent (it does not count against the limits). */
export async function forgetCode(ctx: ServerContext, record: Verification): Promise<void> {
  await verifications.remove(ctx, 'system', record);
}

/**
 * Refuses a new code to `receiver` within the resend interval, and more codes from `remoteAddr`
 * than the hourly limit.
 */
export async function checkSendLimits(ctx: ServerContext, receiver: string, remoteAddr: string): Promise<void> {
  const { db } = ctx.database;
  const { verificationResendSeconds: resend, verificationIpLimitPerHour: perHour } = ctx.config;
  if (resend > 0) {
    const since = nowRfc3339(new Date(Date.now() - resend * 1000));
    const recent = await db
      .selectFrom('verification')
      .select('name')
      .where('receiver', '=', receiver)
      .where('createdTime', '>', since)
      .limit(1)
      .executeTakeFirst();
    if (recent) throw new AppError('verificationResendTooSoon', { seconds: resend });
  }
  const hourAgo = nowRfc3339(new Date(Date.now() - 3600_000));
  const row = await db
    .selectFrom('verification')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('remoteAddr', '=', remoteAddr)
    .where('createdTime', '>', hourAgo)
    .executeTakeFirst();
  if (Number(row?.count ?? 0) >= perHour) throw new AppError('verificationIpLimit', { limit: perHour });
}

/** The latest code sent to the target (used or not), or undefined. */
export async function latestCode(ctx: ServerContext, target: CodeTarget): Promise<Verification | undefined> {
  const row = await ctx.database.db
    .selectFrom('verification')
    .selectAll()
    .where('receiver', '=', target.receiver)
    .where('owner', '=', target.owner)
    .orderBy('createdTime', 'desc')
    .orderBy('expireTime', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? ctx.repo(verificationDef).toRecord(row) : undefined;
}

/**
 * Checks `code` against the latest code sent to the target and answers its record; does not use
 * it up (see consumeCode). A wrong code counts against the code and throws WrongCodeError.
 */
export async function checkCode(ctx: ServerContext, target: CodeTarget, code: string): Promise<Verification> {
  const record = await latestCode(ctx, target);
  if (!record) throw new AppError('verificationNotSent');
  if (record.isUsed) {
    throw new AppError(record.wrongTimes >= MAX_CODE_ATTEMPTS ? 'verificationBurnt' : 'verificationUsed');
  }
  if (code.trim() === '') throw new AppError('verificationCodeEmpty');
  if (Date.now() > Date.parse(record.expireTime)) {
    throw new AppError('verificationExpired', { minutes: Math.max(1, Math.ceil(ctx.config.verificationCodeTtlSeconds / 60)) });
  }
  if (!codeMatches(record.code, code)) {
    const burnt = await countWrongTry(ctx, record);
    throw new WrongCodeError(burnt ? 'verificationBurnt' : 'verificationWrong');
  }
  return record;
}

/** Counts a wrong try; at the limit the code is burnt. Returns whether it is. */
async function countWrongTry(ctx: ServerContext, record: Verification): Promise<boolean> {
  const { db } = ctx.database;
  const { owner, name } = record;
  await db
    .updateTable('verification')
    .set({ wrongTimes: sql<number>`${sql.ref('wrongTimes')} + 1` })
    .where('owner', '=', owner)
    .where('name', '=', name)
    .execute();
  const row = await db
    .selectFrom('verification')
    .select('wrongTimes')
    .where('owner', '=', owner)
    .where('name', '=', name)
    .executeTakeFirst();
  if ((row?.wrongTimes ?? 0) < MAX_CODE_ATTEMPTS) return false;
  await db.updateTable('verification').set({ isUsed: true }).where('owner', '=', owner).where('name', '=', name).execute();
  return true;
}

/**
 * Uses a checked code up, atomically (of two concurrent uses one wins, the other is told the code
 * was used). `values` are stored with it (the set-password grant of verify-code).
 */
export async function consumeCode(
  ctx: ServerContext,
  record: Verification,
  values: Partial<Pick<Verification, 'grantHash' | 'grantExpireTime'>> = {},
  trx: Db = ctx.database.db,
): Promise<void> {
  const result = await trx
    .updateTable('verification')
    .set({ ...values, isUsed: true })
    .where('owner', '=', record.owner)
    .where('name', '=', record.name)
    .where('isUsed', '=', false)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('verificationUsed');
}

/**
 * Uses a checked code up and grants the browser that verified it one password change of its
 * account (set-password with the code) within the code's lifetime. Returns the cookie value.
 */
export async function consumeWithGrant(ctx: ServerContext, record: Verification): Promise<string> {
  const grant = newGrant();
  await consumeCode(ctx, record, {
    grantHash: grant.hash,
    grantExpireTime: new Date(Date.now() + ctx.config.verificationCodeTtlSeconds * 1000).toISOString(),
  });
  return `${record.name}.${grant.token}`;
}

/**
 * The record of a grant (the verify-code cookie) for `user` (owner/name) and `code`, if it is still
 * valid; the grant itself is taken with takeGrant.
 */
export async function findGrant(
  ctx: ServerContext,
  owner: string,
  user: string,
  cookie: string,
  code: string,
): Promise<Verification | null> {
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const record = await ctx.repo(verificationDef).get(owner, cookie.slice(0, dot));
  if (!record || record.user !== user || !record.grantHash) return null;
  if (!sameHash(record.grantHash, grantHashOf(cookie.slice(dot + 1)))) return null;
  if (Date.now() > Date.parse(record.grantExpireTime)) return null;
  return codeMatches(record.code, code) ? record : null;
}

/** Takes a grant, atomically: false when another request took it first. */
export async function takeGrant(ctx: ServerContext, record: Verification, trx: Db = ctx.database.db): Promise<boolean> {
  const result = await trx
    .updateTable('verification')
    .set({ grantHash: '' })
    .where('owner', '=', record.owner)
    .where('name', '=', record.name)
    .where('grantHash', '=', record.grantHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
