import { isValidEmail, type Organization, type User } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwnSignin } from '../auth/account.js';
import { findSigninUser } from '../auth/credentials.js';
import { sendVerificationCode } from '../auth/verification/send.js';
import { emailReceiver, phoneReceiver, regionsOf, userByEmail, userByPhone } from '../auth/verification/targets.js';
import type { ServerContext } from '../context.js';
import { maskEmail, maskPhone } from '../crypto/verification-codes.js';
import { applicationByName } from '../domain/application.js';
import { inTransaction } from '../domain/entity-domain.js';
import { isMasterVerificationCode, organizationByName } from '../domain/organization.js';
import { users } from '../domain/user.js';
import { checkCode, consumeCode, consumeWithGrant, recordCode, VERIFIED_CODE_COOKIE } from '../domain/verification.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';

/**
 * The verification calls besides sending (send.ts): verify-code (the forgotten-password page checks
 * the code before asking for the new password), get-email-and-phone (the page's first step) and
 * reset-email-or-phone (a signed-in user changes their address with a code sent to the new one).
 */

async function organizationNamed(ctx: ServerContext, name: string): Promise<Organization> {
  const org = await organizationByName(ctx, name);
  if (!org) throw new AppError('organizationMissing', { name });
  return org;
}

/** verify-code's organization: the organization parameter, else the application's. */
async function organizationOfRequest(ctx: ServerContext, request: FastifyRequest): Promise<Organization> {
  const named = paramOf(request, 'organization');
  if (named) return organizationNamed(ctx, named);
  const appName = paramOf(request, 'application');
  const app = appName ? await applicationByName(ctx, appName) : undefined;
  if (!app) throw new AppError('missingParameter', { name: 'organization' });
  return organizationNamed(ctx, app.organization);
}

/**
 * POST /api/verify-code (Casdoor's AuthForm: organization or application, username = the e-mail
 * address or phone number the code went to, possibly masked; name = the account's username;
 * code; countryCode). Uses the code up and lets this browser set the account's password with it
 * (set-password with `code`) within the code's lifetime.
 */
async function verifyCode(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const org = await organizationOfRequest(ctx, request);
  const name = paramOf(request, 'name').trim();
  let dest = paramOf(request, 'username').trim();
  const countryCode = paramOf(request, 'countryCode').trim();
  const named = name ? await findSigninUser(ctx, org.name, name) : undefined;
  const email = dest.includes('@');
  if (named && email && named.email && maskEmail(named.email) === dest) dest = named.email;
  if (named && !email && named.phone && maskPhone(named.phone) === dest) dest = named.phone;
  if (!dest) throw new AppError('missingParameter', { name: 'username' });

  const user = email ? await userByEmail(ctx, org.name, dest) : await userByPhone(ctx, org, dest, countryCode);
  if (!user) throw new AppError('userNotExist', { id: `${org.name}/${dest}` });
  let receiver = emailReceiver(dest);
  if (!email) {
    const region = String(user.countryCode || countryCode);
    const e164 = phoneReceiver(dest, regionsOf(org, region));
    if (!e164) throw new AppError('verificationPhoneInvalid', { region });
    receiver = e164;
  }
  const code = paramOf(request, 'code');
  // The organization's master verification code stands in for the code sent (recorded as one, so
  // that set-password takes it the same way).
  const record = isMasterVerificationCode(org, code)
    ? await recordCode(
        ctx,
        {
          owner: org.name,
          receiver,
          type: email ? 'Email' : 'SMS',
          method: 'forget',
          user: `${user.owner}/${user.name}`,
          provider: '',
          remoteAddr: request.ip,
        },
        code.trim(),
      )
    : await checkCode(ctx, { owner: org.name, receiver }, code);
  const cookie = await consumeWithGrant(ctx, record);
  reply.setCookie(VERIFIED_CODE_COOKIE, cookie, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: ctx.config.verificationCodeTtlSeconds,
  });
  return ok();
}

/**
 * GET /api/get-email-and-phone?organization=&username=: the account the forgotten-password page
 * found, by username, e-mail or phone. data {name, email, phone}: the address typed is answered as
 * typed, the others masked; data2 says what was typed (username, email or phone).
 */
async function getEmailAndPhone(ctx: ServerContext, request: FastifyRequest) {
  const organization = paramOf(request, 'organization').trim();
  const username = paramOf(request, 'username').trim();
  if (!organization) throw new AppError('missingParameter', { name: 'organization' });
  if (!username) throw new AppError('missingParameter', { name: 'username' });
  const user = await findSigninUser(ctx, organization, username);
  if (!user) throw new AppError('userNotExist', { id: `${organization}/${username}` });
  const email = user.email;
  const phone = user.phone;
  const typed = username === email ? 'email' : username === phone ? 'phone' : 'username';
  return ok(
    {
      name: user.name,
      email: typed === 'email' ? email : maskEmail(email),
      phone: typed === 'phone' ? phone : maskPhone(phone),
    },
    typed,
  );
}

/**
 * POST /api/reset-email-or-phone (form: type, dest, code; signed in): the signed-in user's new
 * e-mail address or phone number, proven by a code sent to it (method reset).
 */
async function resetEmailOrPhone(ctx: ServerContext, request: FastifyRequest) {
  const account = await requireOwnSignin(ctx, request);
  const user = account.user;
  if (!user) throw new AppError('pleaseLogin');
  const type = paramOf(request, 'type').trim();
  const dest = paramOf(request, 'dest').trim();
  const code = paramOf(request, 'code').trim();
  if (type !== 'email' && type !== 'phone') throw new AppError('verificationTypeUnknown', { type });
  if (!dest) throw new AppError(type === 'email' ? 'emailEmpty' : 'phoneEmpty');
  if (!code) throw new AppError('verificationCodeEmpty');
  const { owner } = user;
  const org = await organizationNamed(ctx, owner);
  // Only the fields the reset changes (the rest of the record may change meanwhile).
  const next: Partial<User> = {};
  let receiver: string;
  if (type === 'email') {
    if (!isValidEmail(dest)) throw new AppError('emailInvalid');
    const holder = await userByEmail(ctx, owner, dest);
    if (holder && holder.name !== user.name) throw new AppError('emailExists');
    receiver = emailReceiver(dest);
    Object.assign(next, { email: dest, emailVerified: true });
  } else {
    const countryCode = paramOf(request, 'countryCode').trim() || user.countryCode;
    const e164 = phoneReceiver(dest, regionsOf(org, countryCode));
    if (!e164) throw new AppError('verificationPhoneInvalid', { region: countryCode });
    const holder = await userByPhone(ctx, org, dest, countryCode);
    if (holder && holder.name !== user.name) throw new AppError('phoneExists');
    receiver = e164;
    Object.assign(next, { phone: dest, countryCode });
  }
  const record = await checkCode(ctx, { owner, receiver }, code);
  // The code proves the address: the server writes it, which the user could not (an administrator's field).
  await inTransaction(ctx, undefined, async (trx) => {
    await consumeCode(ctx, record, {}, trx);
    await users.update(ctx, 'system', user, next, { trx, columns: Object.keys(next) });
  });
  return ok();
}

export function registerVerificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/send-verification-code', async (request) => {
    await sendVerificationCode(ctx, request);
    return ok();
  });
  app.post('/api/verify-code', (request, reply) => verifyCode(ctx, request, reply));
  app.get('/api/get-email-and-phone', (request) => getEmailAndPhone(ctx, request));
  app.post('/api/reset-email-or-phone', (request) => resetEmailOrPhone(ctx, request));
}
