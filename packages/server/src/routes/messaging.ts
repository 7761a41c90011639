import {
  DEFAULT_SMS_TEST_CODE,
  isAdmin,
  isValidEmail,
  type Provider,
  type ProviderCategory,
  provider as providerDef,
  type Viewer,
} from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Account, callingApplicationOf, requireAccount } from '../auth/account.js';
import { userApplicationOf } from '../auth/provider-login.js';
import type { ServerContext } from '../context.js';
import { typedRecord } from '../db/repository.js';
import { applicationByName } from '../domain/application.js';
import { organizationByName } from '../domain/organization.js';
import { applicationProviders, mayEditProvider, providerForCaller } from '../domain/provider-lookups.js';
import { mergeForUpdate, parseIncoming } from '../domain/records.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { isJsonObject } from '../http/params.js';
import { fillEmailTemplate, sendEmailWith, testEmailConnection } from '../integrations/email/index.js';
import { sendNotificationWith } from '../integrations/notification/index.js';
import { CUSTOM_HTTP_SMS, sendSmsWith } from '../integrations/sms/index.js';
import { toE164 } from '../integrations/sms/phone.js';

/**
 * POST /api/send-email, /api/send-sms and /api/send-notification (Casdoor's wire; the console's
 * provider "send test" buttons and the SDKs): administrators who may read the named provider send
 * through it, or, naming none, through their application's provider of the category. Answers
 * {status:'ok'} or the error envelope.
 */

/** Receivers one call may name. */
export const MAX_RECEIVERS = 20;
/** The receiver that asks send-email for a connection test instead of a message. */
export const SMTP_TEST_RECEIVER = 'TestSmtpServer';

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function receiversOf(body: Body): string[] {
  const list = Array.isArray(body.receivers) ? body.receivers.map(str).filter(Boolean) : [];
  if (list.length === 0) throw new AppError('receiversEmpty');
  if (list.length > MAX_RECEIVERS) throw new AppError('tooManyReceivers', { max: MAX_RECEIVERS });
  return list;
}

/**
 * The provider a call names: body owner + name (the console), else the name alone (query or body),
 * else the calling application's first provider of the category (Casdoor's GetProviderFromContext:
 * the application of the client credentials, or the user's signup or default application).
 */
async function findProvider(ctx: ServerContext, account: Account, body: Body, queryName: string, category: ProviderCategory) {
  const name = str(body.name) || queryName;
  if (name) return providerForCaller(ctx, account.viewer, { owner: str(body.owner) || undefined, name }, category);
  if (!isAdmin(account.viewer)) throw new AppError('unauthorized');
  const caller = callingApplicationOf(account.viewer);
  const app = caller
    ? await applicationByName(ctx, caller)
    : account.user
      ? await userApplicationOf(ctx, account.user)
      : undefined;
  if (!app) throw new AppError('providerRequired');
  const [first] = (await applicationProviders(ctx, app, category)).flatMap((choice) => choice.providers);
  if (!first) throw new AppError('applicationProviderMissing', { category, application: app.name });
  return providerForCaller(ctx, account.viewer, { owner: first.owner, name: first.name }, category);
}

/**
 * The console tests a provider with its unsaved form (`providerObject`); "***" secrets mean the
 * stored ones. Only callers who may edit the provider may replace its settings: anyone else could
 * send the stored secrets to a server of their choosing.
 */
function withFormValues(viewer: Viewer, stored: Provider, form: unknown): Provider {
  if (!isJsonObject(form) || !mayEditProvider(viewer, stored.owner)) return stored;
  const { values } = parseIncoming(providerDef, viewer, form);
  for (const key of ['owner', 'name', 'createdTime']) delete values[key];
  const merged = typedRecord(providerDef, mergeForUpdate(providerDef, stored, values));
  if (merged.category !== stored.category) {
    throw new AppError('providerWrongCategory', { name: stored.name, category: merged.category, expected: stored.category });
  }
  return merged;
}

async function organizationOf(ctx: ServerContext, name: string) {
  return name ? await organizationByName(ctx, name) : undefined;
}

export function registerMessagingRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/send-email', async (request) => {
    const account = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const stored = await findProvider(ctx, account, body, str(body.provider), 'Email');
    const provider = withFormValues(account.viewer, stored, body.providerObject);
    const receivers = receiversOf(body);
    if (receivers.length === 1 && receivers[0] === SMTP_TEST_RECEIVER) {
      await testEmailConnection(ctx.services.outbound, provider);
      return ok();
    }
    const invalid = receivers.filter((r) => !isValidEmail(r));
    if (invalid.length > 0) throw new AppError('emailInvalidReceivers', { receivers: invalid.join(', ') });
    const title = str(body.title) || provider.title.trim();
    const content = str(body.content) || provider.content.trim();
    if (!title || !content) throw new AppError('emailEmptyParams');
    const organization = await organizationOf(ctx, account.viewer.owner);
    const html = fillEmailTemplate(content, {
      code: DEFAULT_SMS_TEST_CODE,
      userName: String(account.user?.displayName || account.user?.name || 'Hi'),
      organization: String(organization?.displayName || account.viewer.owner),
    });
    for (const to of receivers)
      await sendEmailWith(ctx.services.outbound, provider, { to, subject: title, html, senderName: str(body.sender) });
    return ok();
  });

  app.post('/api/send-sms', async (request) => {
    const account = await requireAccount(ctx, request);
    const { viewer } = account;
    const body = bodyOf(request);
    const provider = await findProvider(ctx, account, body, str((request.query as Body).provider), 'SMS');
    const code = str(body.content);
    if (!code) throw new AppError('smsEmptyCode');
    const receivers = receiversOf(body);
    // Numbers without "+" are national numbers of the organization's countries (organizationId, as
    // Casdoor's "admin/<organization>", or the caller's own organization).
    const orgName = str(body.organizationId).split('/').pop() || viewer.owner;
    const regions = (await organizationOf(ctx, orgName))?.countryCodes ?? [];
    const numbers = receivers.map((r) => toE164(r, regions) ?? (provider.type === CUSTOM_HTTP_SMS ? r : null));
    const invalid = receivers.filter((_, i) => numbers[i] === null);
    if (invalid.length > 0) throw new AppError('smsInvalidReceivers', { receivers: invalid.join(', ') });
    for (const to of numbers) await sendSmsWith(ctx.services.outbound, provider, { to: String(to), code });
    return ok();
  });

  app.post('/api/send-notification', async (request) => {
    const account = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const provider = await findProvider(ctx, account, body, str((request.query as Body).provider), 'Notification');
    const text = str(body.content);
    if (!text) throw new AppError('notificationEmptyContent');
    await sendNotificationWith(ctx.services.outbound, provider, { text });
    return ok();
  });
}
