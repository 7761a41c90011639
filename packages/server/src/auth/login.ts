import {
  type Application,
  BUILT_IN_APPLICATION,
  type Envelope,
  isLdapSigninEnabled,
  isPasswordSigninEnabled,
  LDAP_SIGNIN_METHOD,
  REQUIRED_MFA,
  REQUIRED_UPDATE_PASSWORD,
  type User,
  user as userDef,
} from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { applicationByName } from '../domain/application.js';
import { unmetRequiredMfa } from '../domain/mfa-props.js';
import { organizationByName } from '../domain/organization.js';
import { maskRecord } from '../domain/records.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import { noteNewUserObject, noteRecordSubject } from '../http/record-subject.js';
import { accountOf } from './account.js';
import { captchaAnswerOf, checkSigninCaptcha } from './captcha.js';
import { isCodeSignin, verifyCodeSignin } from './code-signin.js';
import { directoryRuleOf, lockoutOf, verifyCredentials } from './credentials.js';
import { checkEntryIp } from './ip-whitelist.js';
import { nextMfaStep, pendingMfaSignin, verifySecondFactor } from './mfa-signin.js';
import { revealSigninPassword } from './password-obfuscation.js';
import { linkWithProvider, providerSigninOf, providerUser } from './provider-login.js';
import { createSession, LONG_SESSION_HOURS, SESSION_COOKIE, SHORT_SESSION_HOURS } from './session.js';
import type { SigninType } from './signin-types.js';

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

/**
 * A sign-up created `user`: the call's audit record is followed by a `new-user` record whose object
 * is the user, secrets masked (Casdoor's recordSignup; a webhook event).
 */
export function noteNewUser(request: FastifyRequest, user: User): void {
  noteNewUserObject(request, JSON.stringify(maskRecord(userDef, user, null)));
}

export async function startSession(
  server: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  app: Application,
  /** How the user proved who they are (amr values): kept for the sign-ins the session stands in for. */
  authMethods: readonly string[],
  // Casdoor's rule: a sign-in session lasts a day at most unless the person asked to stay signed in.
  autoSignin = paramOf(request, 'autoSignin') === 'true',
): Promise<string> {
  noteRecordSubject(reply.request, { organization: user.owner, user: user.name });
  const { token, expires } = await createSession(server.database.db, {
    owner: user.owner,
    name: user.name,
    application: app.name,
    hours: autoSignin ? LONG_SESSION_HOURS : SHORT_SESSION_HOURS,
    remoteAddr: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    authMethods,
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
 * signed-in session stands in for it (auto sign-in, "continue as"). A user with multi-factor
 * authentication is asked for the second factor after the first step (mfa-signin.ts); the second
 * POST continues the first one's request.
 */
export async function signIn(server: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<Envelope> {
  // Through an identity provider (provider + code): the sign-in request comes from the verified state.
  const viaProvider = providerSigninOf(request);
  if (viaProvider?.flow.method === 'link') return linkWithProvider(server, viaProvider);
  // The second step of a multi-factor sign-in: the request is the first step's.
  const second = viaProvider ? null : await pendingMfaSignin(server, request);
  const signin = viaProvider?.request ?? second?.request ?? request;
  const typeName = paramOf(signin, 'type') || 'login';
  const type = server.services.signinTypes.get(typeName);
  if (!type) throw new AppError('loginTypeUnsupported', { type: typeName });
  const app = await type.application(server, signin);

  const username = paramOf(signin, 'username');
  let user: User;
  let fresh = false;
  let sessionToken: string | undefined;
  // How the user proves who they are (RFC 8176 amr values); a session that stands in brings its own.
  let authMethods: string[] = [];
  let authTime: number | undefined;
  // A first step made with a code sent by e-mail or SMS: that channel cannot be the second factor.
  let verificationType = '';
  let newRecoveryCode: string | undefined;
  if (second) {
    ({ user, newRecoveryCode } = await verifySecondFactor(server, request, reply, second, app));
    fresh = true;
    authMethods = [...firstFactorMethods(second.verificationType), secondFactorMethod(request), 'mfa'];
  } else if (viaProvider) {
    const signedUp = await providerUser(server, app, viaProvider);
    user = signedUp.user;
    if (signedUp.created) noteNewUser(reply.request, user);
    fresh = true;
    authMethods = ['fed'];
  } else if (username && isCodeSignin(signin)) {
    // A code sent by e-mail or SMS (method login) instead of the password; wrong codes count as wrong passwords.
    const organization = type.anyOrganization ? paramOf(signin, 'organization') || app.organization : app.organization;
    user = await verifyCodeSignin(server, signin, app, organization, lockoutOf(app));
    verificationType = username.includes('@') ? 'email' : 'sms';
    fresh = true;
    authMethods = firstFactorMethods(verificationType);
  } else if (username) {
    // The LDAP method signs in users synced from a directory, with the directory's password.
    const signinMethod = paramOf(signin, 'signinMethod');
    if (signinMethod === LDAP_SIGNIN_METHOD) {
      if (!isLdapSigninEnabled(app)) throw new AppError('ldapSigninDisabled');
    } else if (!isPasswordSigninEnabled(app)) throw new AppError('passwordSigninDisabled');
    const organization = type.anyOrganization ? paramOf(signin, 'organization') || app.organization : app.organization;
    // The application's captcha rule (None, Dynamic, Always), before the password is looked at.
    await checkSigninCaptcha(server, app, { organization, username }, captchaAnswerOf(signin));
    user = await verifyCredentials(server, {
      organization,
      username,
      // Encrypted by the sign-in page when the application's organization obfuscates passwords.
      password: revealSigninPassword(await organizationByName(server, app.organization), paramOf(signin, 'password')),
      lockout: lockoutOf(app),
      directory: directoryRuleOf(app, signinMethod),
    });
    fresh = true;
    authMethods = ['pwd'];
  } else {
    // Only a console session stands in for a password (never a token or a client secret).
    const account = await accountOf(server, signin);
    if (account?.via !== 'session' || !account.user) throw new AppError('missingParameter', { name: 'username' });
    user = account.user;
    sessionToken = account.sessionToken;
    authTime = account.authTime;
    authMethods = account.authMethods ?? [];
  }
  return completeSignin(server, signin, reply, type, app, user, {
    fresh,
    sessionToken,
    authMethods,
    authTime,
    secondFactorDone: !!second,
    verificationType,
    newRecoveryCode,
  });
}

/** How a sign-in knew its user, for what follows (completeSignin). */
export interface KnownUser {
  /** The user proved who they are in this request (not a session standing in). */
  fresh: boolean;
  /** The session that stands in, or the one this sign-in opened. */
  sessionToken?: string;
  /** How the user proved who they are (amr values: pwd, otp, sms, hwk, fed, mfa). */
  authMethods: string[];
  /** When the user proved it, for a session that stands in (seconds since the epoch); now when fresh. */
  authTime?: number;
  /**
   * Whether no second factor is asked: it was just given, or the first one counts as both (a
   * passkey, which is something the user has and, verified, is or knows).
   */
  secondFactorDone?: boolean;
  /** A first step made with a code sent by e-mail ('email') or SMS ('sms'): that channel is no second factor. */
  verificationType?: string;
  /** The recovery code that replaces one just used, answered once. */
  newRecoveryCode?: string;
}

/**
 * What every sign-in does once it knows the user (password, code, identity provider, passkey): the
 * organization rule, the IP whitelists, the second factor a fresh sign-in owes, the organization's
 * required MFA and a required password change, the session a fresh sign-in of this type opens, and
 * the type's answer.
 */
export async function completeSignin(
  server: ServerContext,
  signin: FastifyRequest,
  reply: FastifyReply,
  type: SigninType,
  app: Application,
  user: User,
  known: KnownUser,
): Promise<Envelope> {
  const { fresh, newRecoveryCode, authMethods } = known;
  let { sessionToken } = known;
  const authTime = fresh || known.authTime === undefined ? Math.floor(Date.now() / 1000) : known.authTime;
  // The audit record names the user (the caller was nobody when the call began).
  noteRecordSubject(reply.request, { organization: user.owner, user: user.name });
  if (!type.anyOrganization && user.owner !== app.organization)
    throw new AppError('userNotInApplication', { application: app.name });
  await checkEntryIp(server, signin.ip, user, app);
  if (fresh && !known.secondFactorDone) {
    const next = await nextMfaStep(server, signin, reply, user, app, known.verificationType ?? '');
    if (next) return next;
  }
  // The organization requires a method the user has not enabled: a console session to enable it, no credential.
  if (unmetRequiredMfa(await organizationByName(server, user.owner), user)) {
    if (fresh) await startSession(server, signin, reply, user, app, authMethods);
    return ok(REQUIRED_MFA);
  }
  // The password must change first (Casdoor): no credential either; the console sign-in keeps its session.
  if (user.needUpdatePassword) {
    if (fresh && type.opensSession(app, user, signin)) await startSession(server, signin, reply, user, app, authMethods);
    return { ...ok(REQUIRED_UPDATE_PASSWORD), data3: true, ...recoveryCodesOf(newRecoveryCode) };
  }
  if (fresh && type.opensSession(app, user, signin))
    sessionToken = await startSession(server, signin, reply, user, app, authMethods);
  const answer = await type.complete(server, signin, user, app, { fresh, sessionToken, authTime, authMethods });
  return { ...answer, ...recoveryCodesOf(newRecoveryCode) };
}

/** The amr of a first step: a code sent by e-mail is a one-time password, one sent by SMS is `sms`. */
function firstFactorMethods(verificationType: string): string[] {
  if (verificationType === 'email') return ['otp'];
  if (verificationType === 'sms') return ['sms'];
  return ['pwd'];
}

/** The amr of a second step: the app's code or a recovery code is a one-time password; an SMS code is `sms`. */
function secondFactorMethod(request: FastifyRequest): string {
  return paramOf(request, 'passcode') && paramOf(request, 'mfaType') === 'sms' ? 'sms' : 'otp';
}

/** A sign-in with a recovery code answers the code that replaces it (the only time it is shown). */
function recoveryCodesOf(code: string | undefined): { recoveryCodes?: string[] } {
  return code ? { recoveryCodes: [code] } : {};
}
