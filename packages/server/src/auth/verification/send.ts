import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  DEFAULT_EMAIL_CONTENT,
  DEFAULT_EMAIL_TITLE,
  findItem,
  isOneOf,
  isValidEmail,
  type Organization,
  type Provider,
  splitId,
  type User,
  user as userDef,
  VERIFICATION_METHODS,
  type VerificationMethod,
} from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { generateCode, maskEmail, maskPhone } from '../../crypto/verification-codes.js';
import { mfaTypeEnabled } from '../../domain/mfa-props.js';
import { organizationByName } from '../../domain/organization.js';
import { checkSendLimits, forgetCode, recordCode } from '../../domain/verification.js';
import { AppError } from '../../errors.js';
import { paramOf } from '../../http/params.js';
import { fillEmailTemplate, sendEmailWith } from '../../integrations/email/index.js';
import { sendSmsWith } from '../../integrations/sms/index.js';
import { accountOf } from '../account.js';
import { checkApplicationCaptcha } from '../captcha.js';
import { findMfaChallenge, type MfaChallenge } from '../mfa-challenge.js';
import {
  type CodeType,
  emailReceiver,
  messagingProvider,
  phoneReceiver,
  regionsOf,
  userByEmail,
  userByPhone,
} from './targets.js';

/**
 * POST /api/send-verification-code (Casdoor's form: dest, type, countryCode, applicationId, method,
 * checkUser, captchaType, clientSecret, captchaToken; JSON bodies too). The checks run in Casdoor's
 * order: the request, the application (and its "Forgot password?" item for method forget), the
 * account the method needs, the CAPTCHA, the destination and the method's rule (sign-up: no account
 * has it yet; sign-in and forgotten password: an account has it), the application's provider for
 * the method, then the sending limits. The code is recorded (hashed) before it is sent and the
 * record removed again when sending fails.
 */

export interface SendForm {
  dest: string;
  type: CodeType;
  countryCode: string;
  applicationId: string;
  method: VerificationMethod;
  checkUser: string;
  captchaType: string;
  captchaToken: string;
  clientSecret: string;
}

function formOf(request: FastifyRequest): SendForm {
  const get = (name: string) => paramOf(request, name).trim();
  const dest = get('dest');
  const type = get('type');
  const method = get('method');
  const applicationId = get('applicationId');
  if (!dest) throw new AppError('missingParameter', { name: 'dest' });
  if (type !== 'email' && type !== 'phone') throw new AppError('verificationTypeUnknown', { type });
  if (!applicationId) throw new AppError('missingParameter', { name: 'applicationId' });
  if (!isOneOf(VERIFICATION_METHODS, method)) throw new AppError('verificationMethodUnknown', { method });
  return {
    dest,
    type,
    countryCode: get('countryCode'),
    applicationId,
    method,
    checkUser: get('checkUser'),
    captchaType: get('captchaType'),
    captchaToken: get('captchaToken'),
    clientSecret: get('clientSecret'),
  };
}

async function applicationOf(ctx: ServerContext, applicationId: string): Promise<Application> {
  const id = splitId(applicationId);
  const name = id?.name ?? applicationId;
  const app = await ctx.repo(applicationDef).get(id?.owner ?? ADMIN_OWNER, name);
  if (!app) throw new AppError('applicationMissing', { name });
  return app;
}

/** Casdoor: method forget needs the application's "Forgot password?" sign-in item, visible. */
export function forgetEnabled(app: Application): boolean {
  return !!findItem(app.signinItems ?? [], 'Forgot password?')?.visible;
}

/** The account the method names before the destination is read (checkUser, or the signed-in one). */
async function accountFor(
  ctx: ServerContext,
  request: FastifyRequest,
  org: Organization,
  form: SendForm,
  challenge: MfaChallenge | null,
) {
  if (form.checkUser) {
    const user = await ctx.repo(userDef).get(org.name, form.checkUser);
    if (!user || user.isDeleted) throw new AppError('verificationUserMissing');
    if (user.isForbidden) throw new AppError('userForbidden');
    return user;
  }
  if (challenge) {
    // The second step of a sign-in: the user of the sign-in waiting in this browser (mfa-challenge.ts).
    const user = await ctx.repo(userDef).get(challenge.owner, challenge.name);
    if (!user || user.isDeleted) throw new AppError('mfaSigninExpired');
    return user;
  }
  if (form.method === 'reset' || form.method === 'mfaSetup') {
    const account = await accountOf(ctx, request);
    if (!account?.user) throw new AppError('pleaseLogin');
    return account.user;
  }
  return undefined;
}

/** The address the user's e-mail or phone method sends codes to; refused when the method is not enabled. */
function mfaAddress(user: User | undefined, type: 'email' | 'sms'): string {
  if (!user || !mfaTypeEnabled(user, type)) throw new AppError('mfaTypeInvalid');
  return type === 'email' ? user.email : user.phone;
}

interface Destination {
  receiver: string;
  user?: User;
  provider: Provider;
}

async function emailDestination(ctx: ServerContext, app: Application, org: Organization, form: SendForm, known?: User) {
  let dest = form.dest;
  let user = known;
  // A second factor goes to the address of the user's e-mail method, whatever the page shows (masked).
  if (form.method === 'mfaAuth') dest = mfaAddress(known, 'email');
  if (!isValidEmail(dest) && !(user && maskEmail(user.email) === dest)) throw new AppError('emailInvalid');
  if (form.method === 'signup' && (await userByEmail(ctx, org.name, dest))) throw new AppError('emailExists');
  if (form.method === 'login' || form.method === 'forget') {
    // The forget page sends the masked address of the account it found.
    if (user?.email && maskEmail(user.email) === dest) dest = user.email;
    user = await userByEmail(ctx, org.name, dest);
    if (!user) throw new AppError('verificationUserMissing');
  }
  const provider = await messagingProvider(ctx, app, 'Email', form.method);
  if (!provider) throw new AppError('verificationEmailProviderMissing', { application: app.name });
  return { receiver: emailReceiver(dest), user, provider };
}

async function phoneDestination(ctx: ServerContext, app: Application, org: Organization, form: SendForm, known?: User) {
  let dest = form.dest;
  let user = known;
  let countryCode = form.countryCode;
  if (form.method === 'mfaAuth') {
    dest = mfaAddress(known, 'sms');
    countryCode = known?.countryCode ?? '';
  } else if (form.method === 'signup') {
    if (await userByPhone(ctx, org, dest, countryCode)) throw new AppError('phoneExists');
  } else if (form.method === 'login' || form.method === 'forget') {
    if (user?.phone && maskPhone(user.phone) === dest) dest = user.phone;
    user = await userByPhone(ctx, org, dest, String(user?.countryCode ?? '') || countryCode);
    if (!user) throw new AppError('verificationUserMissing');
    countryCode = String(user.countryCode || countryCode);
  } else if (!countryCode && user) {
    countryCode = user.countryCode;
  }
  const provider = await messagingProvider(ctx, app, 'SMS', form.method, countryCode);
  if (!provider) throw new AppError('verificationSmsProviderMissing', { application: app.name });
  const receiver = phoneReceiver(dest, regionsOf(org, countryCode));
  if (!receiver) throw new AppError('verificationPhoneInvalid', { region: countryCode });
  return { receiver, user, provider };
}

async function deliver(ctx: ServerContext, org: Organization, destination: Destination, code: string): Promise<void> {
  const { provider, receiver, user } = destination;
  if (provider.category === 'SMS') {
    await sendSmsWith(ctx.services.outbound, provider, { to: receiver, code });
    return;
  }
  // The code must reach the reader: a provider without a template (or without %s) uses the default.
  const template = provider.content.includes('%s') ? provider.content : DEFAULT_EMAIL_CONTENT;
  const html = fillEmailTemplate(template, {
    code,
    userName: String(user?.displayName || user?.name || receiver),
    organization: org.displayName || org.name,
  });
  await sendEmailWith(ctx.services.outbound, provider, {
    to: receiver,
    subject: provider.title.trim() || DEFAULT_EMAIL_TITLE,
    html,
    senderName: org.displayName || org.name,
  });
}

export async function sendVerificationCode(ctx: ServerContext, request: FastifyRequest): Promise<void> {
  const form = formOf(request);
  // The second step of a sign-in: its code goes through the application signed in to.
  const challenge = form.method === 'mfaAuth' ? await findMfaChallenge(ctx, request) : null;
  if (form.method === 'mfaAuth' && !challenge) throw new AppError('mfaSigninExpired');
  const app = await applicationOf(ctx, challenge ? `${ADMIN_OWNER}/${challenge.application}` : form.applicationId);
  if (form.method === 'forget' && !forgetEnabled(app)) throw new AppError('verificationForgetDisabled');
  const org = await organizationByName(ctx, app.organization);
  if (!org) throw new AppError('organizationMissing', { name: app.organization });
  const known = await accountFor(ctx, request, org, form, challenge);
  // Casdoor: a code is sent only after a solved CAPTCHA when the application's captcha rule is not None.
  await checkApplicationCaptcha(ctx, app, {
    captchaType: form.captchaType,
    captchaToken: form.captchaToken,
    clientSecret: form.clientSecret,
    remoteIp: request.ip,
  });

  const destination =
    form.type === 'email'
      ? await emailDestination(ctx, app, org, form, known)
      : await phoneDestination(ctx, app, org, form, known);
  await checkSendLimits(ctx, destination.receiver, request.ip);

  const code = generateCode();
  const record = await recordCode(
    ctx,
    {
      owner: org.name,
      receiver: destination.receiver,
      type: destination.provider.category === 'SMS' ? 'SMS' : 'Email',
      method: form.method,
      user: destination.user ? `${destination.user.owner}/${destination.user.name}` : '',
      provider: destination.provider.name,
      remoteAddr: request.ip,
    },
    code,
  );
  try {
    await deliver(ctx, org, destination, code);
  } catch (error) {
    await forgetCode(ctx, record);
    throw error;
  }
}
