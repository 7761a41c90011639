import { ADMIN_OWNER, type Organization, organization as organizationDef, user as userDef } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Rec } from '../crud/repository.js';
import { setUserPassword } from '../entities/user.hooks.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { findGrant, takeGrant, VERIFIED_CODE_COOKIE } from '../integrations/verification/store.js';
import { accountOf } from './account.js';
import { sessionIdOf } from './session.js';

/**
 * POST /api/set-password with `code` (Casdoor's forgotten-password step 3): no old password and
 * no sign-in; instead the code this browser verified for the account with verify-code (its
 * cookie), within the code's lifetime, once. The new password follows the organization's password
 * options; every sign-in of the account ends (but the caller's own, when it is that account's).
 */
export async function setPasswordWithCode(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const owner = paramOf(request, 'userOwner');
  const name = paramOf(request, 'userName');
  const newPassword = paramOf(request, 'newPassword');
  const code = paramOf(request, 'code');
  const cookie = request.cookies?.[VERIFIED_CODE_COOKIE] ?? '';
  const grant = owner && name ? await findGrant(server, owner, `${owner}/${name}`, cookie, code) : null;
  if (!grant) throw new AppError('verificationNotVerified');

  const users = server.repo(userDef);
  const target = await users.get(owner, name);
  if (!target || target.isDeleted) throw new AppError('userNotExist', { id: `${owner}/${name}` });
  const org = (await server.repo(organizationDef).get(ADMIN_OWNER, owner)) as Organization | undefined;
  if (!org) throw new AppError('organizationMissing', { name: owner });
  if (!newPassword) throw new AppError('passwordEmpty');
  // Only the fields the password changes (the rest of the record may change meanwhile).
  const next: Rec = { needUpdatePassword: false };
  // The password options first: a refused password leaves the verified code for another try.
  await setUserPassword(next, newPassword, org);

  const account = await accountOf(server, request);
  const own = account?.via === 'session' && account.viewer.owner === owner && account.viewer.name === name;
  await server.database.db.transaction().execute(async (trx) => {
    if (!(await takeGrant(server, grant, trx))) throw new AppError('verificationNotVerified');
    await users.update(owner, name, next, trx);
    let sessions = trx.deleteFrom('authSession').where('owner', '=', owner).where('name', '=', name);
    if (own && account.sessionToken) sessions = sessions.where('id', '!=', sessionIdOf(account.sessionToken));
    await sessions.execute();
  });
  reply.clearCookie(VERIFIED_CODE_COOKIE, { path: '/api' });
  return ok();
}
