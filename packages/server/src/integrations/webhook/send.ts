import { createHmac } from 'node:crypto';
import {
  encodeWebhookBody,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookHeader,
} from '@gatehouse/entities';
import type { Outbound, OutboundResponse } from '../http/outbound.js';

/** Where and how a webhook's deliveries go (the webhook as stored). */
export interface WebhookTarget {
  url: string;
  method: 'POST' | 'GET' | 'PUT' | 'DELETE';
  contentType: string;
  headers: readonly WebhookHeader[];
  secret: string;
}

/** One attempt of one delivery. */
export interface WebhookAttempt {
  /** The delivery's name (its id without the owner), the receiver's key against repeats. */
  delivery: string;
  eventType: string;
  document: Record<string, unknown>;
}

/**
 * The signature of a delivery: `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<body>` keyed with
 * the webhook's secret (the scheme of webhook-events.ts, which receivers follow).
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Sends one attempt through the guarded outbound client (http(s) only, the address checked, a time
 * limit): the document in the webhook's content type, with its method and headers, signed. The
 * server's own headers come last, so that a webhook's headers never replace them.
 */
export function sendWebhookAttempt(
  outbound: Outbound,
  target: WebhookTarget,
  attempt: WebhookAttempt,
  options: { timeoutMs: number; signal?: AbortSignal; now?: Date },
): Promise<OutboundResponse> {
  const body = encodeWebhookBody(attempt.document, target.contentType);
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  const headers: Record<string, string> = {};
  for (const { name, value } of target.headers) headers[name] = value;
  Object.assign(headers, {
    'content-type': target.contentType,
    [WEBHOOK_EVENT_HEADER]: attempt.eventType,
    [WEBHOOK_DELIVERY_HEADER]: attempt.delivery,
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(target.secret, timestamp, body),
  });
  return outbound.fetch(target.url, {
    method: target.method,
    headers,
    body,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
}
