import { createHash } from 'node:crypto';
import { ADMIN_OWNER, type Token, token as tokenDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { EntityDomain } from './entity-domain.js';

/**
 * Tokens of the OAuth 2.0 / OpenID Connect endpoints (the Token entity): issued by the server
 * (`system`), read and deleted by administrators. Besides the generic writes, a token is revoked
 * (alone or with its refresh chain) and its code or refresh token is claimed once, atomically.
 * Tokens issued at about the same time are inserted in one transaction (`groupCreates`): on SQLite
 * a token's own commit took a third of the event loop under client_credentials load
 * (docs/performance.md); each caller is still answered only once its token is committed.
 */
export const tokens = new EntityDomain(
  tokenDef,
  {
    // Deleting a token (the console's Delete) takes its whole grant with it: the access and refresh
    // tokens refreshed from it would otherwise outlive it.
    beforeDelete: async ({ trx }, record) => {
      await trx.updateTable('token').set({ isRevoked: true }).where('family', '=', record.family).execute();
    },
  },
  { groupCreates: true },
);

/** Revokes every token of a refresh chain (reuse of a code or of a rotated refresh token). */
export async function revokeFamily(server: ServerContext, family: string): Promise<void> {
  await server.database.db.updateTable('token').set({ isRevoked: true }).where('family', '=', family).execute();
}

/** Revokes every token issued to a user (a password change ends what the old password opened). */
export async function revokeUserTokens(db: Db, organization: string, user: string): Promise<void> {
  await db
    .updateTable('token')
    .set({ isRevoked: true })
    .where('organization', '=', organization)
    .where('user', '=', user)
    .where('isRevoked', '=', false)
    .execute();
}

/**
 * Marks a one-time credential used, atomically: only one of several concurrent requests wins.
 * Returns whether this caller won.
 */
export async function claimOnce(server: ServerContext, name: string, flag: 'codeIsUsed' | 'isRotated'): Promise<boolean> {
  const result = await server.database.db
    .updateTable('token')
    .set(flag === 'codeIsUsed' ? { codeIsUsed: true } : { isRotated: true })
    .where('owner', '=', ADMIN_OWNER)
    .where('name', '=', name)
    .where(flag, '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stored token by the hash of its access or refresh token, or by its code. */
export function findTokenBy(
  server: ServerContext,
  by: 'accessTokenHash' | 'refreshTokenHash' | 'code',
  value: string,
): Promise<Token | undefined> {
  return server.repo(tokenDef).findBy(by, value, { owner: ADMIN_OWNER });
}

/** Tokens and refresh tokens are found by their SHA-256 (hex): the table never holds them usable. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A stored token by its access token, refresh token or code. */
export function findToken(
  server: ServerContext,
  by: 'accessTokenHash' | 'refreshTokenHash' | 'code',
  value: string,
): Promise<Token | undefined> {
  if (!value) return Promise.resolve(undefined);
  return findTokenBy(server, by, by === 'code' ? value : tokenHash(value));
}

/** Seconds since the epoch when a token's access token stops being valid. */
export function accessExpiry(token: Token): number {
  return Math.floor(Date.parse(token.createdTime) / 1000) + token.expiresIn;
}

/** Whether the token's access token may still be used. */
export function accessTokenActive(token: Token): boolean {
  return !token.isRevoked && accessExpiry(token) > Date.now() / 1000;
}
