import { ADMIN_OWNER, allows, type Organization, organization as organizationDef, user as userDef } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { maskRecord } from '../crud/records.js';
import type { Rec } from '../crud/repository.js';
import { setUserPassword } from '../entities/user.hooks.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { translate } from '../i18n.js';
import { endSessionRedirect, isRpLogout } from '../protocols/oidc/logout.js';
import { accountOf, requireAccount } from './account.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { signIn } from './login.js';
import { setPasswordWithCode } from './password-reset.js';
import { checkUserPassword } from './passwords/index.js';
import { registerPublicPageRoutes } from './public-pages.js';
import { deleteSession, SESSION_COOKIE, sessionIdOf } from './session.js';

/** Sign-in, sign-out, the current account and password changes. */
export function registerAuthRoutes(app: FastifyInstance, server: ServerContext) {
  const { db } = server.database;

  app.post('/api/login', (request, reply) => signIn(server, request, reply));
  registerPublicPageRoutes(app, server);
  registerIdentityRoutes(app, server);

  // Ends the console session; with an id_token_hint it is also OpenID Connect RP-initiated logout.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
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
    const org = await server.repo(organizationDef).get(ADMIN_OWNER, account.viewer.owner);
    return {
      status: 'ok',
      msg: '',
      sub: String(account.user.id),
      name: String(account.user.name),
      data: maskRecord(userDef, account.user, account.viewer),
      data2: org ? maskRecord(organizationDef, org, account.viewer) : null,
    };
  });

  app.post('/api/set-password', async (request, reply) => {
    // With a code this browser verified (verify-code): the forgotten-password page, signed out.
    if (paramOf(request, 'code')) return setPasswordWithCode(server, request, reply);
    const { viewer, sessionToken } = await requireAccount(server, request);
    const owner = paramOf(request, 'userOwner');
    const name = paramOf(request, 'userName');
    const oldPassword = paramOf(request, 'oldPassword');
    const newPassword = paramOf(request, 'newPassword');
    const self = viewer.owner === owner && viewer.name === name;
    const asAdmin = allows('orgAdmin', viewer, owner);
    if (!self && !asAdmin) throw new AppError('unauthorized');
    const users = server.repo(userDef);
    const target = await users.get(owner, name);
    if (!target) throw new AppError('missing', { entity: 'user', id: `${owner}/${name}` });
    const org = (await server.repo(organizationDef).get(ADMIN_OWNER, owner)) as Organization | undefined;
    if (!org) throw new AppError('organizationMissing', { name: owner });
    if (!asAdmin && target.password) {
      const check = await checkUserPassword({
        password: oldPassword,
        user: {
          password: String(target.password),
          passwordType: String(target.passwordType),
          passwordSalt: String(target.passwordSalt),
        },
        organization: { ...org, masterPassword: '' },
      });
      if (!check.ok) throw new AppError('oldPasswordWrong');
    }
    if (!newPassword) throw new AppError('passwordEmpty');
    // Only the fields the password changes: a write of the whole record read above could undo a
    // concurrent change (a payment from the balance).
    const next: Rec = { needUpdatePassword: false };
    await setUserPassword(next, newPassword, org);
    await db.transaction().execute(async (trx) => {
      await users.update(owner, name, next, trx);
      // Other sign-ins of this user end when the password changes; the caller's own stays.
      let q = trx.deleteFrom('authSession').where('owner', '=', owner).where('name', '=', name);
      if (self && sessionToken) q = q.where('id', '!=', sessionIdOf(sessionToken));
      await q.execute();
    });
    return ok();
  });
}
