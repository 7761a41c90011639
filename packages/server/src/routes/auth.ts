import { allows, organization as organizationDef, user as userDef } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, requireOwnSignin } from '../auth/account.js';
import { signIn } from '../auth/login.js';
import { revealPasswordIfObfuscated } from '../auth/password-obfuscation.js';
import { setPasswordWithCode } from '../auth/password-reset.js';
import { deleteSession, SESSION_COOKIE, sessionIdOf } from '../auth/session.js';
import type { ServerContext } from '../context.js';
import { checkUserPassword } from '../crypto/passwords/index.js';
import { organizationByName } from '../domain/organization.js';
import { maskRecord } from '../domain/records.js';
import { changePassword, extendedUsers } from '../domain/user.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { translate } from '../i18n.js';
import { endSessionRedirect, isRpLogout } from '../protocols/oidc/logout.js';
import { registerIdentityRoutes } from './identity.js';
import { registerMfaRoutes } from './mfa.js';
import { registerPublicPageRoutes } from './public-pages.js';

/** Sign-in, sign-out, the current account, password changes and multi-factor authentication. */
export function registerAuthRoutes(app: FastifyInstance, server: ServerContext) {
  const { db } = server.database;

  app.post('/api/login', (request, reply) => signIn(server, request, reply));
  registerPublicPageRoutes(app, server);
  registerIdentityRoutes(app, server);
  registerMfaRoutes(app, server);

  // Ends the console session; with an id_token_hint it is also OpenID Connect RP-initiated logout.
  // A GET signs out only with a valid hint (a link on another site must not sign the browser
  // out); the console signs out with a POST from its own origin (plugins/origin-check.ts).
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' && !isRpLogout(request)) throw new AppError('logoutNeedsIdTokenHint');
    const account = await accountOf(server, request);
    const redirect = isRpLogout(request) ? await endSessionRedirect(server, request) : null;
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (redirect) return reply.redirect(redirect, 302);
    return ok(account ? `${account.viewer.owner}/${account.viewer.name}` : '', '');
  };
  app.get('/api/logout', logout);
  app.post('/api/logout', logout);

  app.get('/api/get-account', async (request) => {
    const account = await accountOf(server, request);
    if (!account) {
      const msg = translate('pleaseLogin', requestLang(request));
      return { status: 'error', msg, code: 'pleaseLogin', data: msg };
    }
    // Applications acting as themselves have no account of their own.
    if (!account.user) throw new AppError('pleaseLogin');
    const org = await organizationByName(server, account.viewer.owner);
    return {
      status: 'ok',
      msg: '',
      sub: account.user.id,
      name: account.user.name,
      data: (await extendedUsers(server, [account.user], [maskRecord(userDef, account.user, account.viewer)]))[0],
      data2: org ? maskRecord(organizationDef, org, account.viewer) : null,
      // The server's settings the console follows (ours; Casdoor's console has them built in).
      settings: { recordsUrl: server.config.recordsUrl ?? '' },
    };
  });

  app.post('/api/set-password', async (request, reply) => {
    // With a code this browser verified (verify-code): the forgotten-password page, signed out.
    if (paramOf(request, 'code')) return setPasswordWithCode(server, request, reply);
    const { viewer, sessionToken } = await requireOwnSignin(server, request);
    const owner = paramOf(request, 'userOwner');
    const name = paramOf(request, 'userName');
    const self = viewer.owner === owner && viewer.name === name;
    const asAdmin = allows('orgAdmin', viewer, owner);
    if (!self && !asAdmin) throw new AppError('unauthorized');
    const target = await server.repo(userDef).get(owner, name);
    if (!target) throw new AppError('missing', { entity: 'user', id: `${owner}/${name}` });
    const org = await organizationByName(server, owner);
    if (!org) throw new AppError('organizationMissing', { name: owner });
    // The console encrypts both when the organization obfuscates passwords; API callers need not.
    const oldPassword = revealPasswordIfObfuscated(org, paramOf(request, 'oldPassword'));
    const newPassword = revealPasswordIfObfuscated(org, paramOf(request, 'newPassword'));
    // The old password is asked of everyone changing their own (administrators too); an
    // administrator setting another user's does without it.
    if ((self || !asAdmin) && target.password) {
      const check = await checkUserPassword({
        password: oldPassword,
        user: target,
        organization: { ...org, masterPassword: '' },
      });
      if (!check.ok) throw new AppError('oldPasswordWrong');
    }
    // Other sign-ins of this user end when the password changes; the caller's own stays.
    const keepSession = self && sessionToken ? sessionIdOf(sessionToken) : undefined;
    await changePassword(server, target, newPassword, org, { keepSession });
    return ok();
  });
}
