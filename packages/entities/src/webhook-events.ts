/**
 * What webhooks are sent for and what a delivery looks like on the wire (Casdoor's
 * WebhookEvent of object/webhook_event.go). Plain data: the server and the console both read it.
 */

/** The objects whose add-, update- and delete- calls are webhook events, in the order the console lists them. */
export const WEBHOOK_OBJECTS = [
  'organization',
  'group',
  'user',
  'application',
  'provider',
  'resource',
  'cert',
  'role',
  'permission',
  'model',
  'adapter',
  'enforcer',
  'session',
  'record',
  'token',
  'product',
  'payment',
  'plan',
  'pricing',
  'subscription',
  'syncer',
  'webhook',
] as const;

/**
 * Every event a webhook may listen to: an audit record's action (the API path after /api/), plus
 * `new-user`, the record a sign-up adds about the user it created.
 */
export const WEBHOOK_EVENTS: readonly string[] = [
  'signup',
  'login',
  'logout',
  'new-user',
  ...WEBHOOK_OBJECTS.flatMap((object) => [`add-${object}`, `update-${object}`, `delete-${object}`]),
  'invoice-payment',
  'notify-payment',
];

/** The events a new webhook listens to. */
export const DEFAULT_WEBHOOK_EVENTS = ['signup', 'login', 'logout', 'update-user'] as const;

/**
 * States of a delivery (Casdoor's WebhookEventStatus): waiting for its first attempt (or replayed),
 * waiting for a retry after a failed attempt, delivered, given up.
 */
export const WEBHOOK_EVENT_STATES = ['Pending', 'Retrying', 'Success', 'Failed'] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];

/** The fields the delivery log sorts on (each served by an index of the delivery table). */
export const WEBHOOK_EVENT_SORT_FIELDS = ['createdTime', 'eventType', 'state'] as const;

/** One delivery of one event to one webhook, as get-webhook-events answers it. */
export interface WebhookEvent {
  owner: string;
  name: string;
  createdTime: string;
  updatedTime: string;
  /** The webhook's id (owner/name). */
  webhook: string;
  /** The organization of the audit record the event comes from. */
  organization: string;
  /** The record's action. */
  eventType: string;
  state: WebhookEventState;
  /** The audit record as JSON, its object restricted to the webhook's object fields. */
  payload: string;
  /** The user the record names, restricted to the webhook's extended user fields, as JSON ('' when not extended). */
  extendedUser: string;
  attemptCount: number;
  maxRetries: number;
  /** When the next attempt is due (RFC 3339), while the state is Retrying. */
  nextRetryTime: string;
  lastStatusCode: number;
  /** The start of the receiver's last answer. */
  lastResponse: string;
  lastError: string;
}

/**
 * Headers of every delivery. The signature is `sha256=` and the hex HMAC-SHA256, keyed with the
 * webhook's secret, of `<timestamp>.<body>`: the timestamp header's value, a dot, and the exact
 * bytes of the body. A receiver recomputes it, compares in constant time, and refuses timestamps
 * older than a few minutes (a replayed request); the delivery id lets it drop a repeated delivery.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Gatehouse-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Gatehouse-Timestamp';
export const WEBHOOK_EVENT_HEADER = 'X-Gatehouse-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Gatehouse-Delivery';
