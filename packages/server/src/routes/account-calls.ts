import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import { deleteSession, SESSION_COOKIE } from '../auth/session.js';
import type { ServerContext } from '../context.js';
import { signOutOfEveryApplication } from '../domain/user.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';

/**
 * Casdoor's account calls for applications beside get-account: GET /api/user, the signed-in user
 * as Laravel's user JSON (id, name, email, email_verified_at, created_at, updated_at; not the
 * envelope), and GET|POST /api/sso-logout, which signs the user out of every application at once
 * (logoutAll empty, true or 1: every session and token) or of the calling browser only.
 */
export function registerAccountCallRoutes(app: FastifyInstance, server: ServerContext) {
  app.get('/api/user', async (request) => {
    const { user } = await requireAccount(server, request);
    if (!user) throw new AppError('pleaseLogin');
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      // Casdoor answers the creation time whatever the state; an unverified address is null here.
      email_verified_at: user.emailVerified ? user.createdTime : null,
      created_at: user.createdTime,
      updated_at: user.updatedTime,
    };
  });

  const ssoLogout = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = await accountOf(server, request);
    // A GET from a browser's cookie could be any page's image: only a token may sign out with GET.
    if (request.method === 'GET' && account?.via === 'session') throw new AppError('ssoLogoutNeedsPost');
    if (!account?.user) return ok();
    const flag = paramOf(request, 'logoutAll');
    const everywhere = flag === '' || flag === 'true' || flag === '1';
    const cookie = request.cookies[SESSION_COOKIE];
    if (everywhere) await signOutOfEveryApplication(server, account.user);
    else if (cookie) await deleteSession(server.database.db, cookie);
    if (cookie) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok();
  };
  app.get('/api/sso-logout', ssoLogout);
  app.post('/api/sso-logout', ssoLogout);
}
