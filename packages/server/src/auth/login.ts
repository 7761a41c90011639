import { type Application, BUILT_IN_APPLICATION, isPasswordSigninEnabled, type User } from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { applicationByName } from '../domain/application.js';
import { organizationByName } from '../domain/organization.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { accountOf } from './account.js';
import { captchaAnswerOf, checkSigninCaptcha } from './captcha.js';
import { isCodeSignin, verifyCodeSignin } from './code-signin.js';
import { DEFAULT_LOCKOUT, verifyCredentials } from './credentials.js';
import { checkEntryIp } from './ip-whitelist.js';
import { revealSigninPassword } from './password-obfuscation.js';
import { linkWithProvider, providerSigninOf, providerUser } from './provider-login.js';
import { createSession, LONG_SESSION_HOURS, SESSION_COOKIE, SHORT_SESSION_HOURS } from './session.js';
import { type SigninType, signinTypeOf } from './signin-types.js';

/** type=login: the console's own sign-in through an application (app-built-in by default). */
export const CONSOLE_SIGNIN: SigninType = {
  application: async (server, request) => {
    const name = paramOf(request, 'application') || BUILT_IN_APPLICATION;
    const app = await applicationByName(server, name);
    if (!app) throw new AppError('applicationMissing', { name });
    return app;
  },
  opensSession: () => true,
  anyOrganization: true,
  complete: async (_server, _request, user) => ok(`${user.owner}/${user.name}`),
};

export async function startSession(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  app: Application,
  // Casdoor's rule: a sign-in session lasts a day at most unless the person asked to stay signed in.
  autoSignin = paramOf(request, 'autoSignin') === 'true',
): Promise<string> {
  const { token, expires } = await createSession(server.database.db, {
    owner: user.owner,
    name: user.name,
    application: app.name,
    hours: autoSignin ? LONG_SESSION_HOURS : SHORT_SESSION_HOURS,
    remoteAddr: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    ...(autoSignin ? { expires } : {}),
  });
  return token;
}

/**
 * POST /api/login, Casdoor's body shape. The `type` says what the sign-in produces (see
 * signin-types.ts). The password is checked here for every type; without a username the
 * signed-in session stands in for it (auto sign-in, "continue as").
 */
export async function signIn(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  // Through an identity provider (provider + code): the sign-in request comes from the verified state.
  const viaProvider = providerSigninOf(request);
  if (viaProvider?.flow.method === 'link') return linkWithProvider(server, viaProvider);
  if (viaProvider) request = viaProvider.request;
  const typeName = paramOf(request, 'type') || 'login';
  const type = signinTypeOf(typeName);
  if (!type) throw new AppError('loginTypeUnsupported', { type: typeName });
  const app = await type.application(server, request);

  const username = paramOf(request, 'username');
  let user: User;
  let fresh = false;
  let sessionToken: string | undefined;
  if (viaProvider) {
    user = await providerUser(server, app, viaProvider);
    fresh = true;
  } else if (username && isCodeSignin(request)) {
    // A code sent by e-mail or SMS (method login) instead of the password; wrong codes count as wrong passwords.
    const organization = type.anyOrganization ? paramOf(request, 'organization') || app.organization : app.organization;
    user = await verifyCodeSignin(server, request, app, organization, {
      limit: app.failedSigninLimit || DEFAULT_LOCKOUT.limit,
      frozenMinutes: app.failedSigninFrozenTime || DEFAULT_LOCKOUT.frozenMinutes,
    });
    fresh = true;
  } else if (username) {
    if (!isPasswordSigninEnabled(app)) throw new AppError('passwordSigninDisabled');
    const organization = type.anyOrganization ? paramOf(request, 'organization') || app.organization : app.organization;
    // The application's captcha rule (None, Dynamic, Always), before the password is looked at.
    await checkSigninCaptcha(server, app, { organization, username }, captchaAnswerOf(request));
    user = await verifyCredentials(server, {
      organization,
      username,
      // Encrypted by the sign-in page when the application's organization obfuscates passwords.
      password: revealSigninPassword(await organizationByName(server, app.organization), paramOf(request, 'password')),
      lockout: {
        limit: app.failedSigninLimit || DEFAULT_LOCKOUT.limit,
        frozenMinutes: app.failedSigninFrozenTime || DEFAULT_LOCKOUT.frozenMinutes,
      },
    });
    fresh = true;
  } else {
    // Only a console session stands in for a password (never a token or a client secret).
    const account = await accountOf(server, request);
    if (account?.via !== 'session' || !account.user) throw new AppError('missingParameter', { name: 'username' });
    user = account.user;
    sessionToken = account.sessionToken;
  }
  if (!type.anyOrganization && user.owner !== app.organization)
    throw new AppError('userNotInApplication', { application: app.name });
  await checkEntryIp(server, request.ip, user, app);
  if (fresh && type.opensSession(app, user, request)) sessionToken = await startSession(server, request, reply, user, app);
  return type.complete(server, request, user, app, { fresh, sessionToken });
}
