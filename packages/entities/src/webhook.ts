import { z } from 'zod';
import { ADMIN_OWNER, isGlobalAdmin } from './access.js';
import {
  bool,
  defineEntity,
  enumOf,
  type FieldRuleContext,
  json,
  organizationFieldOwnedRecords,
  type RecordOf,
  recordName,
  secret,
  stringList,
  text,
  timestamp,
} from './define.js';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from './webhook-events.js';
import { lowerFirst, WEBHOOK_CONTENT_TYPES, WEBHOOK_OBJECT_FIELD_OPTIONS, WEBHOOK_USER_FIELDS } from './webhook-payload.js';

export const WEBHOOK_METHODS = ['POST', 'GET', 'PUT', 'DELETE'] as const;

/** A header a webhook adds to its requests. */
export interface WebhookHeader {
  name: string;
  value: string;
}

const headerSchema = z.object({ name: z.string().max(100), value: z.string().max(2000) });

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Header values are visible ASCII, spaces and tabs (no line breaks that would add headers). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the server sets itself: the body's framing and type, and the delivery's signature. */
const RESERVED_HEADERS = new Set(['content-length', 'content-type', 'transfer-encoding', 'connection', 'host']);
const RESERVED_PREFIX = 'x-gatehouse-';

export type WebhookHeaderProblemKey =
  | 'webhookHeaderNameInvalid'
  | 'webhookHeaderValueInvalid'
  | 'webhookHeaderReserved'
  | 'webhookHeaderDuplicate';

export interface WebhookHeaderProblem {
  key: WebhookHeaderProblemKey;
  params: { name: string };
}

/**
 * The first problem of a webhook's headers, or null: each a valid header name and value, none that
 * the server sets itself, no name twice (names are case-insensitive). The server refuses such
 * headers with the message of the key; the console shows the same message before saving.
 */
export function webhookHeadersProblem(headers: readonly WebhookHeader[]): WebhookHeaderProblem | null {
  const seen = new Set<string>();
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name)) return { key: 'webhookHeaderNameInvalid', params: { name } };
    if (!HEADER_VALUE.test(value)) return { key: 'webhookHeaderValueInvalid', params: { name } };
    if (RESERVED_HEADERS.has(lower) || lower.startsWith(RESERVED_PREFIX))
      return { key: 'webhookHeaderReserved', params: { name } };
    if (seen.has(lower)) return { key: 'webhookHeaderDuplicate', params: { name } };
    seen.add(lower);
  }
  return null;
}

const onlyGlobalAdmin = ({ viewer }: FieldRuleContext) => isGlobalAdmin(viewer);

/** Extended user fields as Casdoor writes them too ("Email"); stored camelCase. */
const tokenFieldsSpec = stringList({ options: WEBHOOK_USER_FIELDS, strict: true, maxItems: 200 });
const tokenFields = {
  ...tokenFieldsSpec,
  schema: z.preprocess(
    (value) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? lowerFirst(item) : item)) : value),
    tokenFieldsSpec.schema,
  ),
};

/**
 * Webhooks (Casdoor's Webhook): calls to a URL for the audit
 * records of the chosen events. `organization` names the organization; the owner is `admin`
 * unless the webhook is added with its organization as owner (as Casdoor's SDK adds it), and it
 * is found by that owner's id; only global administrators move a webhook to another organization
 * or let it take every organization's records (singleOrgOnly off). The secret keys the signature
 * of each delivery (docs/subsystems/webhooks.md).
 */
export const webhook = defineEntity({
  name: 'webhook',
  table: 'webhook',
  ...organizationFieldOwnedRecords,
  fields: {
    owner: text({ max: 100, editable: () => false }),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    organization: text({ max: 100, ref: 'organization', sortable: true, searchable: true, editable: onlyGlobalAdmin }),
    url: text({ max: 255, format: 'url', sortable: true, searchable: true }),
    method: { ...enumOf(WEBHOOK_METHODS), sortable: true },
    contentType: { ...enumOf(WEBHOOK_CONTENT_TYPES, { filter: true }), sortable: true },
    headers: json(z.array(headerSchema).max(50), (): WebhookHeader[] => []),
    /** The key of each delivery's signature: generated when empty, shown only to whoever may edit it. */
    secret: secret({ max: 200 }),
    events: stringList({ options: WEBHOOK_EVENTS, strict: true, maxItems: 200 }),
    objectFields: stringList({ options: WEBHOOK_OBJECT_FIELD_OPTIONS, maxItems: 100 }),
    isUserExtended: { ...bool(), sortable: true },
    tokenFields,
    // A webhook that takes every organization's records is the global administrators' to set; the
    // server keeps it on for anyone else (domain/webhook.ts).
    singleOrgOnly: { ...bool({ editable: ({ viewer, adding }) => isGlobalAdmin(viewer) || adding === true }), sortable: true },
    isEnabled: { ...bool(), sortable: true },
  },
  newRecord: ({ organization, random, now }) => ({
    owner: ADMIN_OWNER,
    name: `webhook_${random(6)}`,
    createdTime: now(),
    organization,
    url: 'https://example.com/callback',
    method: 'POST',
    contentType: 'application/json',
    headers: [],
    events: [...DEFAULT_WEBHOOK_EVENTS],
    objectFields: [],
    isUserExtended: false,
    tokenFields: [],
    singleOrgOnly: false,
    isEnabled: true,
  }),
  list: {
    columns: [
      { field: 'name' },
      { field: 'organization' },
      { field: 'createdTime' },
      { field: 'url' },
      { field: 'method', width: 100 },
      { field: 'contentType' },
      { field: 'events' },
      { field: 'isUserExtended', width: 110 },
      { field: 'singleOrgOnly', width: 110 },
      { field: 'isEnabled', width: 100 },
    ],
  },
  form: [
    'organization',
    'name',
    'url',
    'method',
    'contentType',
    'headers',
    'secret',
    'events',
    'objectFields',
    'isUserExtended',
    'tokenFields',
    'singleOrgOnly',
    'isEnabled',
  ],
});

export type Webhook = RecordOf<typeof webhook.fields>;

/** The id a delivery names its webhook by (owner/name). */
export function webhookId(hook: { owner: string; name: string }): string {
  return `${hook.owner}/${hook.name}`;
}
