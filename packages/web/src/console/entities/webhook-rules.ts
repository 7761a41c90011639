import {
  collapseObjectFields,
  filterRecordObject,
  restrictUser,
  type WebhookHeader,
  webhookDocument,
  webhookHeadersProblem,
} from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { parseJson } from '../crud/json-value';

/**
 * The webhook form's rules, pure so that they are unit tested; webhook.ui.tsx
 * binds them. The server holds the same header rules (webhookHeadersProblem of the entities).
 */

/** A new header row: header-{n} with value-{n}, n the row count (the next free n when that name is taken). */
export function newHeaderRow(rows: readonly WebhookHeader[]): WebhookHeader {
  const names = new Set(rows.map((row) => row.name.toLowerCase()));
  let n = rows.length;
  while (names.has(`header-${n}`)) n += 1;
  return { name: `header-${n}`, value: `value-${n}` };
}

/** The message key of what is wrong with the headers (the form holds them as JSON text), or null. */
export function webhookHeadersRule(value: unknown): string | null {
  const headers = parseJson<WebhookHeader[]>(value, () => []);
  const problem = webhookHeadersProblem(Array.isArray(headers) ? headers : []);
  return problem ? `webhook.${problem.key}` : null;
}

/** Whether one row's name is acceptable on its own (the table marks the cell). */
export function headerNameInvalid(row: WebhookHeader): boolean {
  return webhookHeadersProblem([{ name: row.name, value: '' }]) !== null;
}

/** Choosing All in object fields collapses the selection to All alone. */
export function webhookValuesChange(changed: Rec): Rec | undefined {
  const fields = changed.objectFields;
  if (!Array.isArray(fields)) return undefined;
  const collapsed = collapseObjectFields(fields.map(String));
  return collapsed.length === fields.length ? undefined : { objectFields: collapsed };
}

/** The record of the preview: a user's update, as the audit trail records it. */
const SAMPLE_RECORD = {
  id: 9078,
  owner: 'built-in',
  name: '68f55b28-7380-46b1-9bde-64fe1576e3b3',
  createdTime: '2026-01-01T01:03:42Z',
  organization: 'built-in',
  clientIp: '203.0.113.7',
  user: 'admin',
  method: 'POST',
  requestUri: '/api/update-user?id=built-in/alice',
  action: 'update-user',
  language: 'en',
  object: JSON.stringify({
    owner: 'built-in',
    name: 'alice',
    createdTime: '2025-12-01T08:00:00Z',
    updatedTime: '2026-01-01T01:03:42Z',
    deletedTime: '',
    id: '9eb20f79-3bb5-4e74-99ac-39e3b9a171e8',
    displayName: 'Alice',
    email: 'alice@example.com',
    password: '***',
  }),
  response: '{status:"ok", msg:""}',
  statusCode: 200,
  isTriggered: true,
};

/** The user the sample record names (a webhook never sends its password or secrets). */
const SAMPLE_USER: Record<string, unknown> = {
  owner: 'built-in',
  name: 'admin',
  createdTime: '2020-07-16T21:46:52Z',
  updatedTime: '',
  id: '9eb20f79-3bb5-4e74-99ac-39e3b9a171e9',
  type: 'normal-user',
  password: '***',
  displayName: 'Admin',
  avatar: 'https://example.com/avatar/admin.png',
  email: 'admin@example.com',
  emailVerified: true,
  phone: '',
  countryCode: 'US',
  region: '',
  location: '',
  affiliation: '',
  title: '',
  homepage: '',
  tag: 'staff',
  language: 'en',
  score: 2000,
  ranking: 1,
  isAdmin: true,
  isForbidden: false,
  isDeleted: false,
  signupApplication: 'app-built-in',
  groups: [],
  properties: {},
};

/** The payload a webhook with these values sends for the sample record, as indented JSON. */
export function webhookPreview(values: Rec): string {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const record = { ...SAMPLE_RECORD, object: filterRecordObject(SAMPLE_RECORD.object, list(values.objectFields)) };
  const extended = values.isUserExtended === true ? restrictUser(SAMPLE_USER, list(values.tokenFields)) : undefined;
  return JSON.stringify(webhookDocument(record, extended), null, 2);
}
