import { may, user as userDef, type Viewer, WEBAUTHN_CREDENTIAL_LIMIT, type WebauthnCredential } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import { inTransaction, type RecordKey } from './entity-domain.js';
import { users } from './user.js';

/**
 * The write path of a user's WebAuthn credentials (passkeys): registration, the signature counter
 * of each sign-in, removal. Each reads the user's list with the row locked and writes it back
 * through the user domain in the same transaction, so that concurrent changes of the list (two
 * registrations, a sign-in and a removal) never undo one another.
 */

/**
 * A credential ID in one spelling (base64url without padding), whichever base64 it came in:
 * Casdoor stores standard base64, browsers send base64url.
 */
export function credentialKey(id: string): string {
  return Buffer.from(id, 'base64').toString('base64url');
}

/** Whether `credential` has the ID `id` (in either base64 spelling). */
export function hasCredentialId(credential: WebauthnCredential, id: string): boolean {
  return credentialKey(credential.id) === credentialKey(id);
}

/** The user's credentials, read with the row locked until the transaction ends (SQLite has a single writer and no FOR UPDATE). */
async function lockedCredentials(server: ServerContext, trx: Db, key: RecordKey): Promise<WebauthnCredential[]> {
  let query = trx.selectFrom('user').select('webauthnCredentials').where('owner', '=', key.owner).where('name', '=', key.name);
  if (server.database.dialect !== 'sqlite') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('userNotExist', { id: `${key.owner}/${key.name}` });
  return row.webauthnCredentials;
}

async function writeCredentials(server: ServerContext, trx: Db, key: RecordKey, list: WebauthnCredential[]): Promise<void> {
  await users.update(server, 'system', key, { webauthnCredentials: list }, { trx, columns: ['webauthnCredentials'] });
}

/** Adds a credential the user has just registered (auth/webauthn/registration.ts checked the ceremony). */
export async function addWebauthnCredential(
  server: ServerContext,
  key: RecordKey,
  credential: WebauthnCredential,
): Promise<void> {
  await inTransaction(server, undefined, async (trx) => {
    const list = await lockedCredentials(server, trx, key);
    if (list.some((stored) => hasCredentialId(stored, credential.id))) throw new AppError('webauthnCredentialExists');
    if (list.length >= WEBAUTHN_CREDENTIAL_LIMIT)
      throw new AppError('webauthnCredentialLimit', { limit: WEBAUTHN_CREDENTIAL_LIMIT });
    await writeCredentials(server, trx, key, [...list, credential]);
  });
}

/**
 * Removes the credential `id` of the user `key`, as `viewer`: the user themself or an
 * administrator who may change the user (Casdoor's WebAuthn credentials item is Self/Self, where
 * Self lets administrators in too).
 */
export async function removeWebauthnCredential(server: ServerContext, viewer: Viewer, key: RecordKey, id: string): Promise<void> {
  await inTransaction(server, undefined, async (trx) => {
    const user = await server.repo(userDef).get(key.owner, key.name, trx);
    // Whether a user the viewer may not manage exists is none of the viewer's business.
    if (!may(userDef, 'update', viewer, user ?? { ...key })) throw refusal(viewer);
    if (!user) throw new AppError('userNotExist', { id: `${key.owner}/${key.name}` });
    const list = await lockedCredentials(server, trx, key);
    const kept = list.filter((credential) => !hasCredentialId(credential, id));
    if (kept.length === list.length)
      throw new AppError('webauthnCredentialMissing', { id: credentialKey(id), user: `${key.owner}/${key.name}` });
    await writeCredentials(server, trx, key, kept);
  });
}

/**
 * Records the signature counter of a verified sign-in with credential `id`. The counter must have
 * grown since the last sign-in (authenticators that keep none answer 0 every time): of two sign-ins
 * racing with the same counter, the second is refused, as a cloned authenticator would be.
 */
export async function recordWebauthnSignin(server: ServerContext, key: RecordKey, id: string, counter: number): Promise<void> {
  await inTransaction(server, undefined, async (trx) => {
    const list = await lockedCredentials(server, trx, key);
    const used = list.find((credential) => hasCredentialId(credential, id));
    if (!used) throw new AppError('webauthnUnknownCredential');
    const stored = used.authenticator.signCount;
    if ((counter > 0 || stored > 0) && counter <= stored) throw new AppError('webauthnCounterNotIncreased', { counter, stored });
    if (counter === stored) return;
    const next = list.map((credential) =>
      credential === used ? { ...credential, authenticator: { ...credential.authenticator, signCount: counter } } : credential,
    );
    await writeCredentials(server, trx, key, next);
  });
}
