import { TOKEN_FIELD_OPTIONS } from './application.js';
import { releasedProperties } from './released-user.js';

/** Token fields that are not fields of the stored user (computed when a token is made). */
const TOKEN_ONLY_FIELDS: ReadonlySet<string> = new Set(['roles', 'permissions', 'permissionNames']);

/**
 * What a webhook sends (Casdoor's sendWebhook and filterRecordObject): the audit record, its object
 * restricted to the webhook's object fields, plus the user the record names when the webhook
 * extends it. Pure functions: the server builds deliveries with them and the console's preview
 * shows the same shape.
 */

/** The object fields offered; any key of the request's JSON body may be named too. */
export const WEBHOOK_OBJECT_FIELD_OPTIONS = [
  'All',
  'owner',
  'name',
  'createdTime',
  'updatedTime',
  'deletedTime',
  'id',
  'displayName',
];

/** The object fields value meaning "the whole object". */
export const ALL_OBJECT_FIELDS = 'All';

/** Choosing All collapses the selection to All alone. */
export function collapseObjectFields(fields: readonly string[]): string[] {
  return fields.includes(ALL_OBJECT_FIELDS) ? [ALL_OBJECT_FIELDS] : [...fields];
}

/**
 * The user fields a webhook may extend its payload with (its `tokenFields` choose among them; none
 * chosen means all of them). An allow-list, like the released user of tokens
 * (released-user.ts) but for the organization's own systems: what an administrator sees of a user
 * on its page, without credentials, key material, MFA secrets, passkeys, face data or the accounts
 * a user keeps for others. A field added to the user is not sent until it is named here.
 */
export const WEBHOOK_USER_FIELDS: readonly string[] = [
  // What a relying party may have in a token (the released profile), but the role lists a token computes...
  ...TOKEN_FIELD_OPTIONS.filter((field) => !TOKEN_ONLY_FIELDS.has(field)),
  // ... and what an administrator sees of the account besides.
  'createdTime',
  'updatedTime',
  'ldap',
  'address',
  'balance',
  'balanceCurrency',
  'isDeleted',
  'deletedTime',
  'needUpdatePassword',
  'lastChangePasswordTime',
  'ipWhitelist',
  'idCardType',
  'idCard',
  'realName',
  'applicationScopes',
  'preferredMfaType',
  'mfaPhoneEnabled',
  'mfaEmailEnabled',
];

/** Casdoor names user fields as Go does ("Email"); the wire's JSON names are camelCase. */
export function lowerFirst(name: string): string {
  return name === '' ? name : name[0]?.toLowerCase() + name.slice(1);
}

/** The user as a webhook sends it: the chosen fields (all sendable ones when none are chosen). */
export function restrictUser(user: Record<string, unknown>, tokenFields: readonly string[]): Record<string, unknown> {
  const chosen = tokenFields.length === 0 ? WEBHOOK_USER_FIELDS : tokenFields.map(lowerFirst);
  const out: Record<string, unknown> = {};
  for (const field of chosen) {
    if (!WEBHOOK_USER_FIELDS.includes(field) || !(field in user)) continue;
    const value = user[field];
    // The user's tokens at other services (oauth_* properties) stay here, as in tokens.
    out[field] = field === 'properties' && isStringMap(value) ? releasedProperties(value) : value;
  }
  return out;
}

/**
 * The record's object (the request body as JSON text) with only the named keys, as JSON text;
 * unchanged when every field is wanted or when it is not a JSON object.
 */
export function filterRecordObject(object: string, objectFields: readonly string[]): string {
  if (objectFields.length === 0 || objectFields.includes(ALL_OBJECT_FIELDS)) return object;
  let parsed: unknown;
  try {
    parsed = JSON.parse(object);
  } catch {
    return object;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return object;
  const source: Record<string, unknown> = { ...parsed };
  const out: Record<string, unknown> = {};
  for (const field of objectFields) if (field in source) out[field] = source[field];
  return JSON.stringify(out);
}

/** The webhook's rules for which records it is sent (Casdoor's getFilteredWebhooks). */
export interface WebhookFilter {
  organization: string;
  events: readonly string[];
  singleOrgOnly: boolean;
  isEnabled: boolean;
}

/**
 * Whether a record of `organization` with `action` is sent to the webhook: enabled, listening to
 * the action, and of its organization unless the webhook takes every organization's records
 * (singleOrgOnly off, which only global administrators may set).
 */
export function webhookMatches(webhook: WebhookFilter, organization: string, action: string): boolean {
  if (!webhook.isEnabled || !webhook.events.includes(action)) return false;
  return !webhook.singleOrgOnly || webhook.organization === organization;
}

/**
 * The document a delivery sends: the record's fields, plus `extendedUser` when the webhook extends
 * it (null when the record names no user).
 */
export function webhookDocument(
  record: Record<string, unknown>,
  extendedUser?: Record<string, unknown> | null,
): Record<string, unknown> {
  return extendedUser === undefined ? { ...record } : { ...record, extendedUser };
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : null;
  } catch {
    return null;
  }
}

/**
 * The document of a stored delivery (its payload and extended user as JSON text; an extended user
 * of '' means the webhook does not extend it).
 */
export function deliveryDocument(payload: string, extendedUser: string): Record<string, unknown> {
  const record = parsedObject(payload) ?? {};
  if (extendedUser === '') return webhookDocument(record);
  return webhookDocument(record, parsedObject(extendedUser));
}

/** The content types a webhook sends its document as (the list filters on them). */
export const WEBHOOK_CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;
export type WebhookContentType = (typeof WEBHOOK_CONTENT_TYPES)[number];

/**
 * The body of a delivery: the document as JSON, or form-encoded with one field per top-level key
 * (text as is, other values as JSON).
 */
export function encodeWebhookBody(document: Record<string, unknown>, contentType: string): string {
  if (contentType !== 'application/x-www-form-urlencoded') return JSON.stringify(document);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form.toString();
}

function isStringMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
