import { splitId, WEBHOOK_EVENT_SORT_FIELDS, WEBHOOK_EVENT_STATES } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import type { RecordKey } from '../domain/entity-domain.js';
import {
  deleteWebhookEvent,
  listWebhookEvents,
  replayWebhookEvent,
  type WebhookEventQuery,
  type WebhookEventSortField,
  webhookEventFor,
  webhookEventState,
} from '../domain/webhook-events.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { bodyOf, queryOf, queryParam } from '../http/params.js';
import { parsePage } from './list-query.js';

const sortFieldOf = (value: string): WebhookEventSortField | undefined =>
  WEBHOOK_EVENT_SORT_FIELDS.find((field) => field === value);

/** The delivery log's query (Casdoor's parameters): webhook, state, p, pageSize, sortField, sortOrder; owner and organization for global administrators. */
function eventQueryOf(request: FastifyRequest): WebhookEventQuery {
  const stateText = queryParam(request, 'state');
  const state = webhookEventState(stateText);
  if (stateText !== '' && !state)
    throw new AppError('webhookEventStateInvalid', { state: stateText, states: WEBHOOK_EVENT_STATES.join(', ') });
  const query: WebhookEventQuery = {
    owner: queryParam(request, 'owner'),
    organization: queryParam(request, 'organization'),
    webhook: queryParam(request, 'webhook'),
    state: state ?? '',
    sort: { field: 'createdTime', order: 'desc' },
  };
  const page = parsePage(queryOf(request));
  if (page) query.page = page;
  const sortField = queryParam(request, 'sortField');
  const sortOrder = queryParam(request, 'sortOrder');
  if (sortField !== '' && sortOrder !== '') {
    const field = sortFieldOf(sortField);
    if (!field) throw new AppError('unknownSortField', { field: sortField });
    if (sortOrder !== 'ascend' && sortOrder !== 'descend') throw new AppError('badSortOrder');
    query.sort = { field, order: sortOrder === 'ascend' ? 'asc' : 'desc' };
  }
  return query;
}

function idOf(request: FastifyRequest): RecordKey {
  const id = queryParam(request, 'id');
  const key = splitId(id);
  if (!key) throw new AppError('badId', { id });
  return key;
}

/**
 * The webhook delivery log (Casdoor's webhook event calls; domain/webhook-events.ts decides who
 * sees what). A replay wakes the dispatcher (`deliverNow`) instead of sending within the request.
 */
export function registerWebhookEventRoutes(app: FastifyInstance, ctx: ServerContext, deliverNow: () => void) {
  app.get('/api/get-webhook-events', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const query = eventQueryOf(request);
    const { events, total } = await listWebhookEvents(ctx, viewer, query);
    return query.page ? ok(events, total) : ok(events);
  });

  app.get('/api/get-webhook-event-detail', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    return ok(await webhookEventFor(ctx, viewer, idOf(request)));
  });

  app.post('/api/replay-webhook-event', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    await replayWebhookEvent(ctx, viewer, idOf(request));
    deliverNow();
    return ok('Webhook event replay triggered');
  });

  app.post('/api/delete-webhook-event', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const deleted = await deleteWebhookEvent(ctx, viewer, { owner: text(body.owner), name: text(body.name) });
    return ok(deleted ? 'Affected' : 'Unaffected');
  });
}
