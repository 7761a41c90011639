import { type Application, application as applicationDef, type Provider, splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf } from '../auth/account.js';
import { applicationCaptcha, captchaAnswerOf, signinCaptchaNeeded, verifyCaptchaAnswer } from '../auth/captcha.js';
import type { ServerContext } from '../context.js';
import { providerByName } from '../domain/provider.js';
import { maySendWith } from '../domain/provider-lookups.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { paramOf } from '../http/params.js';
import {
  clientTag,
  createChallenge,
  purgeExpiredChallenges,
  recordServed,
  servedRecently,
} from '../integrations/captcha/store.js';

/**
 * Casdoor's captcha calls:
 *
 *   GET  /api/get-captcha?applicationId=admin/<app>        the application's captcha to show
 *        &isCurrentProvider=true with applicationId=<owner>/<provider>: that provider's (the
 *        provider page's preview; administrators who may read the provider)
 *   GET  /api/get-captcha-status?organization=&userId=&application=   whether a password sign-in
 *        of that login needs a captcha now (data: boolean)
 *   POST /api/verify-captcha  captchaType, captchaToken, clientSecret, applicationId (a captcha
 *        provider's id, else an application's)   data: whether the answer is right
 *
 * get-captcha answers Casdoor's Captcha object. For the built-in type (Default): captchaId and
 * captchaImage, a PNG file in base64 (no data: prefix; show it as data:image/png;base64,...), valid
 * for one check within five minutes. For the remote types: the site key as clientId (and appKey)
 * and the secrets masked as ***; the page runs the vendor's widget. Without a captcha: type 'none'.
 *
 * get-captcha serves at most `captchaIpLimitPerMinute` captchas a minute to one client address
 * (CAPTCHA_IP_LIMIT_PER_MINUTE, default 30), counted in the captcha table so that the limit holds
 * across the instances of a cluster; more are refused with HTTP 429 and a Retry-After header.
 */

type Query = Record<string, string | undefined>;

/** Expired challenges are removed every ten minutes. */
const PURGE_INTERVAL_MS = 10 * 60_000;

const masked = (secret: string | undefined) => (secret ? '***' : '');

/** The window of the per-address limit. */
const LIMIT_WINDOW_SECONDS = 60;

/** Refuses a client address that was served the limit of captchas within the last minute. */
async function checkCaptchaLimit(ctx: ServerContext, tag: string, reply: FastifyReply): Promise<void> {
  const limit = ctx.config.captchaIpLimitPerMinute;
  const { count, oldest } = await servedRecently(ctx.database, tag, LIMIT_WINDOW_SECONDS);
  if (count < limit) return;
  // The window frees a place when the oldest captcha counted leaves it.
  const wait = oldest ? Math.ceil((oldest.getTime() + LIMIT_WINDOW_SECONDS * 1000 - Date.now()) / 1000) : LIMIT_WINDOW_SECONDS;
  reply.header('retry-after', String(Math.min(LIMIT_WINDOW_SECONDS, Math.max(1, wait))));
  throw new AppError('captchaIpLimit', { limit }, 429);
}

/** The captcha of `provider` (type none without one), recorded as served to the client of `tag`. */
export async function captchaOf(ctx: ServerContext, provider: Provider | null, tag = ''): Promise<Record<string, unknown>> {
  if (provider?.type !== 'Default') await recordServed(ctx.database, tag);
  if (!provider) return { type: 'none' };
  const empty = { appKey: '', scene: '', captchaId: '', captchaImage: null, clientId: '', clientSecret: '' };
  const common = { clientId2: '', clientSecret2: '', subType: provider.subType ?? '' };
  if (provider.type === 'Default') {
    const challenge = await createChallenge(ctx.database, {}, tag);
    return {
      type: 'Default',
      ...empty,
      ...common,
      captchaId: challenge.id,
      captchaImage: challenge.image.toString('base64'),
    };
  }
  return {
    type: provider.type,
    ...empty,
    appKey: provider.clientId ?? '',
    clientId: provider.clientId ?? '',
    clientSecret: masked(provider.clientSecret),
    clientId2: provider.clientId2 ?? '',
    clientSecret2: masked(provider.clientSecret2),
    subType: provider.subType ?? '',
  };
}

function idParam(request: FastifyRequest, name: string) {
  const value = paramOf(request, name);
  if (!value) throw new AppError('missingParameter', { name });
  const id = splitId(value);
  if (!id) throw new AppError('badId', { id: value });
  return id;
}

async function applicationByName(ctx: ServerContext, owner: string, name: string): Promise<Application> {
  const app = await ctx.repo(applicationDef).get(owner, name);
  if (!app) throw new AppError('applicationMissing', { name });
  return app;
}

async function getCaptcha(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const id = idParam(request, 'applicationId');
  const tag = clientTag(request.ip);
  await checkCaptchaLimit(ctx, tag, reply);
  if (paramOf(request, 'isCurrentProvider') === 'true') {
    const account = await accountOf(ctx, request);
    if (!account || !maySendWith(account.viewer, id.owner)) throw new AppError('unauthorized');
    const provider = await providerByName(ctx, id.owner, id.name);
    if (!provider) throw new AppError('providerNotFound', { name: `${id.owner}/${id.name}` });
    if (provider.category !== 'Captcha') {
      throw new AppError('providerWrongCategory', { name: provider.name, category: provider.category, expected: 'Captcha' });
    }
    return ok(await captchaOf(ctx, provider, tag));
  }
  const app = await applicationByName(ctx, id.owner, id.name);
  return ok(await captchaOf(ctx, (await applicationCaptcha(ctx, app))?.provider ?? null, tag));
}

async function getCaptchaStatus(ctx: ServerContext, request: FastifyRequest) {
  const q = (request.query ?? {}) as Query;
  const name = q.application?.trim();
  if (!name) throw new AppError('missingParameter', { name: 'application' });
  const app = await applicationByName(ctx, 'admin', name);
  const needed = await signinCaptchaNeeded(ctx, app, {
    organization: q.organization?.trim() || app.organization,
    username: (q.userId ?? q.user_id)?.trim() ?? '',
  });
  return ok(needed);
}

/** The captcha provider `applicationId` names: a Captcha provider's id (Casdoor's), else an application's id. */
async function providerOfId(ctx: ServerContext, owner: string, name: string): Promise<Provider> {
  const provider = await providerByName(ctx, owner, name);
  if (provider?.category === 'Captcha') return provider;
  const app = await ctx.repo(applicationDef).get(owner, name);
  const captcha = app ? await applicationCaptcha(ctx, app) : null;
  if (!captcha) throw new AppError('captchaProviderInvalid');
  return captcha.provider;
}

async function verifyCaptcha(ctx: ServerContext, request: FastifyRequest) {
  const answer = captchaAnswerOf(request);
  if (!answer.captchaToken) throw new AppError('missingParameter', { name: 'captchaToken' });
  const id = idParam(request, 'applicationId');
  const provider = await providerOfId(ctx, id.owner, id.name);
  if (provider.type === 'Default' && !answer.clientSecret) throw new AppError('missingParameter', { name: 'clientSecret' });
  return ok(await verifyCaptchaAnswer(ctx, provider, answer));
}

export function registerCaptchaRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/get-captcha', (request, reply) => getCaptcha(ctx, request, reply));
  app.get('/api/get-captcha-status', (request) => getCaptchaStatus(ctx, request));
  app.post('/api/verify-captcha', (request) => verifyCaptcha(ctx, request));

  // Expired challenges are removed in the background, never on a request.
  const purge = setInterval(
    () => purgeExpiredChallenges(ctx.database).catch((err) => app.log.warn({ err }, 'captcha purge failed')),
    PURGE_INTERVAL_MS,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
