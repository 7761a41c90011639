import type { Application, Provider } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { applicationProviders } from '../domain/provider-lookups.js';
import { AppError } from '../errors.js';
import { paramOf } from '../http/params.js';
import { isRemoteCaptchaType, verifyRemoteToken } from '../integrations/captcha/remote.js';
import { checkChallenge } from '../integrations/captcha/store.js';
import { failedSigninCount } from './credentials.js';

/**
 * When an application asks for a captcha (the rule of its Captcha provider row is None, Dynamic or
 * Always) and how an answer is checked.
 *
 * - Password sign-in (POST /api/login): None never, Always every time, Dynamic once the login
 *   has had a wrong password since its last successful sign-in (the failed sign-in counter).
 * - Sending a verification code: whenever the rule is not None (Casdoor's rule), through
 *   `checkApplicationCaptcha`.
 *
 * The answer travels as Casdoor's form fields: captchaType (the provider's type), captchaToken
 * (the typed characters, or the widget's token) and clientSecret (the captchaId of the built-in
 * image captcha; ignored for the remote types, whose secret key stays on the server).
 */

export type CaptchaRule = 'None' | 'Dynamic' | 'Always';

export interface CaptchaAnswer {
  captchaType?: string;
  captchaToken?: string;
  clientSecret?: string;
  /** The caller's address, passed on to the remote services. */
  remoteIp?: string;
}

export interface ApplicationCaptcha {
  provider: Provider;
  rule: CaptchaRule;
}

/** Casdoor's form fields of a request (query or body) as a captcha answer. */
export function captchaAnswerOf(request: FastifyRequest): CaptchaAnswer {
  return {
    captchaType: paramOf(request, 'captchaType'),
    captchaToken: paramOf(request, 'captchaToken'),
    clientSecret: paramOf(request, 'clientSecret'),
    remoteIp: request.ip,
  };
}

function ruleOf(value: string | undefined): CaptchaRule {
  return value === 'Dynamic' || value === 'Always' ? value : 'None';
}

/**
 * The application's captcha: the first of its provider rows that names a Captcha provider (its
 * organization's own provider of that name first, then the shared one of admin), with the row's
 * rule; null when no row does.
 */
export async function applicationCaptcha(ctx: ServerContext, app: Application): Promise<ApplicationCaptcha | null> {
  const [first] = await applicationProviders(ctx, app, 'Captcha');
  const provider = first?.providers[0];
  return first && provider ? { provider, rule: ruleOf(first.row.rule) } : null;
}

/**
 * Whether `answer` solves a challenge of `provider`. A captchaType naming another type fails; an
 * image challenge is spent by the check, right or wrong.
 */
export async function verifyCaptchaAnswer(ctx: ServerContext, provider: Provider, answer: CaptchaAnswer): Promise<boolean> {
  if (answer.captchaType && answer.captchaType !== provider.type) return false;
  const token = answer.captchaToken ?? '';
  if (!token) return false;
  if (provider.type === 'Default') return checkChallenge(ctx.database, answer.clientSecret ?? '', token);
  if (isRemoteCaptchaType(provider.type)) return verifyRemoteToken(ctx.services.outbound, provider, token, answer.remoteIp);
  throw new AppError('captchaTypeUnsupported', { type: provider.type });
}

/** Refuses a missing answer ("captcha required") or a wrong one ("Turing test failed."). */
export async function requireCaptchaAnswer(ctx: ServerContext, provider: Provider, answer: CaptchaAnswer): Promise<void> {
  if (!answer.captchaToken || (provider.type === 'Default' && !answer.clientSecret)) throw new AppError('captchaRequired');
  if (!(await verifyCaptchaAnswer(ctx, provider, answer))) throw new AppError('captchaFailed');
}

/**
 * The captcha check of calls that always need one when the application has a captcha at all
 * (Casdoor's send-verification-code): a Captcha provider row whose rule is not None asks for a
 * solved captcha; otherwise nothing is checked. Throws captchaRequired / captchaFailed.
 */
export async function checkApplicationCaptcha(
  ctx: ServerContext,
  application: Application,
  answer: CaptchaAnswer,
): Promise<void> {
  const captcha = await applicationCaptcha(ctx, application);
  if (!captcha || captcha.rule === 'None') return;
  await requireCaptchaAnswer(ctx, captcha.provider, answer);
}

/** Whether a password sign-in of `username` in `organization` through `app` needs a captcha now. */
export async function signinCaptchaNeeded(
  ctx: ServerContext,
  app: Application,
  login: { organization: string; username: string },
  captcha?: ApplicationCaptcha | null,
): Promise<boolean> {
  const found = captcha === undefined ? await applicationCaptcha(ctx, app) : captcha;
  if (!found || found.rule === 'None') return false;
  if (found.rule === 'Always') return true;
  if (!login.username) return false;
  return (await failedSigninCount(ctx, login.organization, login.username)) > 0;
}

/** The captcha check of a password sign-in (POST /api/login), by the application's rule. */
export async function checkSigninCaptcha(
  ctx: ServerContext,
  app: Application,
  login: { organization: string; username: string },
  answer: CaptchaAnswer,
): Promise<void> {
  const captcha = await applicationCaptcha(ctx, app);
  if (!captcha || !(await signinCaptchaNeeded(ctx, app, login, captcha))) return;
  await requireCaptchaAnswer(ctx, captcha.provider, answer);
}
