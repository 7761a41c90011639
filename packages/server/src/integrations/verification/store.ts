import { nowRfc3339, randomId, verification as verificationDef } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Rec } from '../../crud/repository.js';
import { fromRow, sqlBool } from '../../db/rows.js';
import { AppError } from '../../errors.js';
import type { MessageKey } from '../../i18n.js';
import { codeMatches, grantHashOf, hashCode, MAX_CODE_ATTEMPTS, newGrant, sameHash } from './codes.js';

/**
 * The verification records: one per code sent (spec part 2 §3.21). A code is checked against the
 * latest code sent to its receiver within the organization; it is used once, expires after the
 * configured time, and is burnt after MAX_CODE_ATTEMPTS wrong tries. Everything lives in the
 * database, so every instance of a cluster sees the same codes and limits.
 */

const TABLE = verificationDef.table;

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
export async function recordCode(ctx: ServerContext, sent: SentCode, code: string): Promise<Rec> {
  const now = Date.now();
  const record: Rec = {};
  for (const [key, field] of Object.entries(verificationDef.fields)) record[key] = field.empty();
  Object.assign(record, {
    ...sent,
    name: randomId(20),
    createdTime: nowRfc3339(new Date(now)),
    code: hashCode(code),
    isUsed: false,
    expireTime: new Date(now + ctx.config.verificationCodeTtlSeconds * 1000).toISOString(),
    wrongTimes: 0,
  });
  await ctx.repo(verificationDef).insert(record);
  return record;
}

/** Removes a record whose code could not be sent (it does not count against the limits). */
export async function forgetCode(ctx: ServerContext, record: Rec): Promise<void> {
  await ctx.repo(verificationDef).delete(String(record.owner), String(record.name));
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
      .selectFrom(TABLE)
      .select('name')
      .where('receiver', '=', receiver)
      .where('createdTime', '>', since)
      .limit(1)
      .executeTakeFirst();
    if (recent) throw new AppError('verificationResendTooSoon', { seconds: resend });
  }
  const hourAgo = nowRfc3339(new Date(Date.now() - 3600_000));
  const row = await db
    .selectFrom(TABLE)
    .select(sql<number | string>`count(*)`.as('count'))
    .where('remoteAddr', '=', remoteAddr)
    .where('createdTime', '>', hourAgo)
    .executeTakeFirst();
  if (Number(row?.count ?? 0) >= perHour) throw new AppError('verificationIpLimit', { limit: perHour });
}

/** The latest code sent to the target (used or not), or undefined. */
export async function latestCode(ctx: ServerContext, target: CodeTarget): Promise<Rec | undefined> {
  const row = await ctx.database.db
    .selectFrom(TABLE)
    .selectAll()
    .where('receiver', '=', target.receiver)
    .where('owner', '=', target.owner)
    .orderBy('createdTime', 'desc')
    .orderBy('expireTime', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? fromRow(verificationDef, row) : undefined;
}

/**
 * Checks `code` against the latest code sent to the target and answers its record; does not use
 * it up (see consumeCode). A wrong code counts against the code and throws WrongCodeError.
 */
export async function checkCode(ctx: ServerContext, target: CodeTarget, code: string): Promise<Rec> {
  const record = await latestCode(ctx, target);
  if (!record) throw new AppError('verificationNotSent');
  if (record.isUsed) {
    throw new AppError(Number(record.wrongTimes) >= MAX_CODE_ATTEMPTS ? 'verificationBurnt' : 'verificationUsed');
  }
  if (code.trim() === '') throw new AppError('verificationCodeEmpty');
  if (Date.now() > Date.parse(String(record.expireTime))) {
    throw new AppError('verificationExpired', { minutes: Math.max(1, Math.ceil(ctx.config.verificationCodeTtlSeconds / 60)) });
  }
  if (!codeMatches(String(record.code), code)) {
    const burnt = await countWrongTry(ctx, record);
    throw new WrongCodeError(burnt ? 'verificationBurnt' : 'verificationWrong');
  }
  return record;
}

/** Counts a wrong try; at the limit the code is burnt. Returns whether it is. */
async function countWrongTry(ctx: ServerContext, record: Rec): Promise<boolean> {
  const { db, dialect } = ctx.database;
  const key = (q: any) => q.where('owner', '=', record.owner).where('name', '=', record.name);
  await key(db.updateTable(TABLE).set({ wrongTimes: sql`${sql.ref('wrongTimes')} + 1` })).execute();
  const row = await key(db.selectFrom(TABLE).select('wrongTimes')).executeTakeFirst();
  if (Number(row?.wrongTimes ?? 0) < MAX_CODE_ATTEMPTS) return false;
  await key(db.updateTable(TABLE).set({ isUsed: sqlBool(dialect, true) })).execute();
  return true;
}

/**
 * Uses a checked code up, atomically (of two concurrent uses one wins, the other is told the code
 * was used). `values` are stored with it (the set-password grant of verify-code).
 */
export async function consumeCode(ctx: ServerContext, record: Rec, values: Rec = {}, trx = ctx.database.db): Promise<void> {
  const { dialect } = ctx.database;
  const result = await trx
    .updateTable(TABLE)
    .set({ ...values, isUsed: sqlBool(dialect, true) })
    .where('owner', '=', record.owner)
    .where('name', '=', record.name)
    .where('isUsed', '=', sqlBool(dialect, false))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('verificationUsed');
}

/**
 * Uses a checked code up and grants the browser that verified it one password change of its
 * account (set-password with the code) within the code's lifetime. Returns the cookie value.
 */
export async function consumeWithGrant(ctx: ServerContext, record: Rec): Promise<string> {
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
): Promise<Rec | null> {
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const record = await ctx.repo(verificationDef).get(owner, cookie.slice(0, dot));
  if (!record || record.user !== user || !record.grantHash) return null;
  if (!sameHash(String(record.grantHash), grantHashOf(cookie.slice(dot + 1)))) return null;
  if (Date.now() > Date.parse(String(record.grantExpireTime))) return null;
  return codeMatches(String(record.code), code) ? record : null;
}

/** Takes a grant, atomically: false when another request took it first. */
export async function takeGrant(ctx: ServerContext, record: Rec, trx = ctx.database.db): Promise<boolean> {
  const result = await trx
    .updateTable(TABLE)
    .set({ grantHash: '' })
    .where('owner', '=', record.owner)
    .where('name', '=', record.name)
    .where('grantHash', '=', String(record.grantHash))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
