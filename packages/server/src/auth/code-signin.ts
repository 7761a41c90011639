import { type Application, codeSigninChannels, type User, type Verification } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { organizationByName } from '../domain/organization.js';
import { users } from '../domain/user.js';
import { checkCode, consumeCode, WrongCodeError } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { paramOf } from '../http/params.js';
import { clearFailuresOf, countFailure, failureKey, findSigninUser, type LockoutRule, readFailures } from './credentials.js';
import { emailReceiver, phoneReceiver, regionsOf, userByEmail, userByPhone } from './verification/targets.js';

/** The sign-in method name of a code sign-in (POST /api/login signinMethod). */
export const CODE_SIGNIN_METHOD = 'Verification code';

/**
 * Whether a POST /api/login signs in with a code sent by e-mail or SMS: signinMethod says so, or,
 * as Casdoor reads it, the request has a code and no password (and is no third-party sign-in).
 */
export function isCodeSignin(request: FastifyRequest): boolean {
  if (paramOf(request, 'signinMethod') === CODE_SIGNIN_METHOD) return true;
  return paramOf(request, 'password') === '' && paramOf(request, 'code') !== '' && paramOf(request, 'provider') === '';
}

/**
 * Checks a code sign-in and returns the user. `username` is the e-mail address or phone number
 * the code was sent to (method login); the application must accept codes sent there (its
 * Verification code method's rule). A wrong code counts against the account as a wrong password
 * does (the same lockout); other refusals (no code sent, expired, used) do not.
 */
export async function verifyCodeSignin(
  server: ServerContext,
  request: FastifyRequest,
  app: Application,
  organization: string,
  lockout: LockoutRule,
): Promise<User> {
  const login = paramOf(request, 'username').trim();
  const org = await organizationByName(server, organization);
  const byEmail = login.includes('@');
  let user = org ? await findSigninUser(server, organization, login) : undefined;
  if (org && !user) {
    const countryCode = paramOf(request, 'countryCode');
    user = byEmail ? await userByEmail(server, organization, login) : await userByPhone(server, org, login, countryCode);
  }
  if (!org || !user) throw new AppError('userNotExist', { id: `${organization}/${login}` });

  const channels = codeSigninChannels(app);
  if (byEmail && !channels.email) throw new AppError('codeSigninEmailDisabled');
  if (!byEmail && !channels.phone) throw new AppError('codeSigninSmsDisabled');
  let receiver = emailReceiver(login);
  if (!byEmail) {
    const region = user.countryCode || paramOf(request, 'countryCode');
    const e164 = phoneReceiver(login, regionsOf(org, region));
    if (!e164) throw new AppError('verificationPhoneInvalid', { region });
    receiver = e164;
  }

  const failures = await readFailures(server, failureKey(organization, user, login), lockout);
  let record: Verification;
  try {
    record = await checkCode(server, { owner: organization, receiver }, paramOf(request, 'code'));
  } catch (error) {
    if (error instanceof WrongCodeError) await countFailure(server, failures, lockout);
    throw error;
  }
  await consumeCode(server, record);
  await clearFailuresOf(server, failures, user);
  if (user.isForbidden) throw new AppError('userForbidden');
  // The code proves the address belongs to the user.
  if (byEmail && !user.emailVerified) {
    await users.update(server, 'system', user, { emailVerified: true }, { columns: ['emailVerified'] });
    user.emailVerified = true;
  }
  return user;
}
