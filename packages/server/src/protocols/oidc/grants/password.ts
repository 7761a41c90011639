import type { FastifyRequest } from 'fastify';
import { directoryRuleOf, verifyCredentials } from '../../../auth/credentials.js';
import { checkEntryIp } from '../../../auth/ip-whitelist.js';
import type { ServerContext } from '../../../context.js';
import { isMfaEnabled } from '../../../domain/mfa-props.js';
import { AppError } from '../../../errors.js';
import { langOf, translate } from '../../../i18n.js';
import { assertGrantAllowed, authenticateClient, requireParam } from '../clients.js';
import { invalidGrant } from '../errors.js';
import { issueForUser } from '../tokens.js';

/**
 * password (RFC 6749 §4.3), only for applications that list it: the same checks as the sign-in
 * page, including the wrong-password lockout; users with multi-factor authentication are refused
 * (the grant cannot ask for the second factor).
 */
export async function passwordGrant(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  issuer: string,
) {
  const { app, withSecret } = await authenticateClient(server, request, params, false);
  assertGrantAllowed(app, 'password');
  const username = requireParam(params, 'username');
  const password = requireParam(params, 'password');
  let user: Awaited<ReturnType<typeof verifyCredentials>>;
  try {
    user = await verifyCredentials(server, {
      organization: app.organization,
      username,
      password,
      lockout: { limit: app.failedSigninLimit || 5, frozenMinutes: app.failedSigninFrozenTime || 15 },
      // As the Password sign-in method: users synced from LDAP with their directory password, unless Non-LDAP.
      directory: directoryRuleOf(app, 'Password'),
    });
    await checkEntryIp(server, request.ip, user, app);
    // The grant has no second step: a user with multi-factor authentication signs in at the authorization endpoint.
    if (isMfaEnabled(user)) throw new AppError('mfaPasswordGrantRefused');
  } catch (error) {
    if (error instanceof AppError)
      throw invalidGrant(translate(error.key, langOf(request.headers['accept-language']), error.params));
    throw error;
  }
  return issueForUser(server, {
    issuer,
    app,
    user,
    scope: params.scope ?? '',
    authTime: Math.floor(Date.now() / 1000),
    authMethods: ['pwd'],
    clientAuthenticated: withSecret,
  });
}
