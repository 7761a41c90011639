import { bool, defineEntity, int, type RecordOf, text, timestamp } from './define.js';

/** The HTTP methods a record may name. */
export const RECORD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] as const;

/**
 * The actions whose records carry the "triggered" switch:
 * the events webhooks are sent for.
 */
export const TRIGGERED_ACTIONS = ['signup', 'login', 'logout', 'update-user', 'new-user'] as const;

export function showsTriggered(action: unknown): boolean {
  return typeof action === 'string' && (TRIGGERED_ACTIONS as readonly string[]).includes(action);
}

/**
 * Audit records (Casdoor's Record): one per API call that changed state,
 * written by the server (plugins/recording.ts, in batches) and read-only for everyone. Owner and
 * organization both name the organization of the caller (as Casdoor records them); `id` is the
 * row's number, given by the database. The object is the request body with every secret as ***,
 * the response only the envelope's status and message.
 */
export const record = defineEntity({
  name: 'record',
  table: 'record',
  orgField: 'organization',
  orgParam: 'organizationName',
  history: true,
  access: { read: 'orgAdmin', create: 'nobody', update: 'nobody', delete: 'nobody' },
  defaultSort: { field: 'id', order: 'descend' },
  fields: {
    id: { ...int({ min: 0, serverOnly: true }), sortable: true },
    owner: text({ max: 100 }),
    name: text({ max: 100, sortable: true, searchable: true }),
    createdTime: timestamp({ sortable: true }),
    organization: text({ max: 100, ref: 'organization', sortable: true, searchable: true }),
    clientIp: text({ max: 100, sortable: true, searchable: true }),
    user: text({ max: 100, sortable: true, searchable: true }),
    method: { ...text({ max: 100, sortable: true }), filters: RECORD_METHODS },
    requestUri: text({ max: 1000, searchable: true }),
    action: text({ max: 255, sortable: true, searchable: true }),
    language: text({ max: 100, searchable: true }),
    object: text({ max: 100_000, format: 'multiline' }),
    response: text({ max: 2000 }),
    statusCode: { ...int({ min: 0 }), sortable: true },
    isTriggered: bool(),
  },
  // Never added through the console or the CRUD routes; a valid record for the definition checks.
  newRecord: ({ organization, random, now }) => ({
    owner: organization,
    name: `record_${random(6)}`,
    createdTime: now(),
    organization,
    method: 'POST',
  }),
  list: {
    pageSize: 20,
    columns: [
      { field: 'name' },
      { field: 'id', width: 90 },
      { field: 'clientIp' },
      { field: 'createdTime' },
      { field: 'organization' },
      { field: 'user' },
      { field: 'method', width: 110 },
      { field: 'requestUri' },
      { field: 'language', width: 90 },
      { field: 'statusCode', width: 100 },
      { field: 'response' },
      { field: 'object' },
      { field: 'action' },
      { field: 'isTriggered', width: 100 },
    ],
  },
  form: [
    'id',
    'owner',
    'name',
    'createdTime',
    'organization',
    'clientIp',
    'user',
    'method',
    'requestUri',
    'action',
    'language',
    'statusCode',
    'response',
    'object',
    'isTriggered',
  ],
  // A list and a detail drawer only: there is nothing to edit.
});

export type AuditRecord = RecordOf<typeof record.fields>;
