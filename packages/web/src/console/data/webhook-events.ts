import type { WebhookEvent } from '@gatehouse/entities';
import { request } from '../../shared/data/client';

/** The delivery log of a webhook (Casdoor's webhook event calls). */

export interface WebhookEventQuery {
  /** The webhook's id (owner/name). */
  webhook: string;
  page: number;
  pageSize: number;
  sortField?: 'createdTime' | 'eventType' | 'state';
  sortOrder?: 'ascend' | 'descend';
}

/** One page of a webhook's deliveries; data2 is their total. */
export function getWebhookEvents(query: WebhookEventQuery) {
  const params: Record<string, string> = { webhook: query.webhook, p: String(query.page), pageSize: String(query.pageSize) };
  if (query.sortField && query.sortOrder) Object.assign(params, { sortField: query.sortField, sortOrder: query.sortOrder });
  return request<WebhookEvent[], number>('GET', '/api/get-webhook-events', { query: params });
}

/** Queues a delivery again (it is sent by the server's dispatcher, not within the call). */
export function replayWebhookEvent(event: Pick<WebhookEvent, 'owner' | 'name'>) {
  return request<string>('POST', '/api/replay-webhook-event', { query: { id: `${event.owner}/${event.name}` } });
}

export function deleteWebhookEvent(event: Pick<WebhookEvent, 'owner' | 'name'>) {
  return request<string>('POST', '/api/delete-webhook-event', { body: { owner: event.owner, name: event.name } });
}
