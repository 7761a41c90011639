import { checkPasswordOptions, user as userDef } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { inTransaction } from '../domain/entity-domain.js';
import { organizationByName } from '../domain/organization.js';
import { changePassword } from '../domain/user.js';
import { findGrant, takeGrant, VERIFIED_CODE_COOKIE } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { accountOf } from './account.js';
import { revealPasswordIfObfuscated } from './password-obfuscation.js';
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
  const code = paramOf(request, 'code');
  const cookie = request.cookies?.[VERIFIED_CODE_COOKIE] ?? '';
  const grant = owner && name ? await findGrant(server, owner, `${owner}/${name}`, cookie, code) : null;
  if (!grant) throw new AppError('verificationNotVerified');

  const target = await server.repo(userDef).get(owner, name);
  if (!target || target.isDeleted) throw new AppError('userNotExist', { id: `${owner}/${name}` });
  const org = await organizationByName(server, owner);
  if (!org) throw new AppError('organizationMissing', { name: owner });
  const newPassword = revealPasswordIfObfuscated(org, paramOf(request, 'newPassword'));
  // The password options first: a refused password leaves the verified code for another try.
  const violated = checkPasswordOptions(newPassword, org.passwordOptions);
  if (violated) throw new AppError(violated);

  const account = await accountOf(server, request);
  const own = account?.via === 'session' && account.viewer.owner === owner && account.viewer.name === name;
  const keepSession = own && account.sessionToken ? sessionIdOf(account.sessionToken) : undefined;
  await inTransaction(server, undefined, async (trx) => {
    if (!(await takeGrant(server, grant, trx))) throw new AppError('verificationNotVerified');
    await changePassword(server, target, newPassword, org, { keepSession, trx });
  });
  reply.clearCookie(VERIFIED_CODE_COOKIE, { path: '/api' });
  return ok();
}
