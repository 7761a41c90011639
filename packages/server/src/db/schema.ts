import { DEFINITIONS, type Entity, type FieldKind, type FieldSpec, fieldEntries, type ViewEntity } from '@gatehouse/entities';
import type { ColumnType, Generated } from 'kysely';

/**
 * The database, table by table, as the code sees it (camelCase names; the CamelCasePlugin maps them
 * to snake_case columns). Entity tables are derived from the entity definitions, so that a field
 * and its column cannot disagree; the server's own bookkeeping tables are declared below, column by
 * column. The drift test (schema-drift.api.test.ts) compares both with the live schema of every
 * engine, and the stored-values plugin (stored-values.ts) makes the values what these types say:
 * booleans are booleans and JSON columns hold parsed values on every engine.
 */

/** Sums of money are stored as whole ten-thousandths (bigint; PostgreSQL answers bigint as text). */
export type MoneyUnits = ColumnType<number | string, number, number>;

type ColumnOf<S> = S extends FieldSpec<infer V, infer K> ? (K extends 'money' ? MoneyUnits : V) : never;

/** The stored row of an entity with these fields. */
export type RowOf<F> = { [K in keyof F]: ColumnOf<F[K]> };

/** Views (sessions) read the server's own tables and have none of their own. */
type DefinedTables = { [E in Exclude<Entity, ViewEntity> as E['table']]: RowOf<E['fields']> };

/** Audit records are numbered by the database (an auto-incremented id): an insert leaves `id` out. */
type EntityTables = Omit<DefinedTables, 'record'> & {
  record: Omit<DefinedTables['record'], 'id'> & { id: ColumnType<number, never, never> };
};

/** How a column is stored: text, a whole number, a boolean, or JSON text holding a value. */
export type ColumnKind = 'text' | 'int' | 'bool' | 'json';

/** How a column of the server's own tables is declared: a list is JSON text holding strings. */
type ServerColumnKind = 'text' | 'int' | 'bool' | 'list' | 'serial';

interface ServerKindValues {
  text: string;
  int: number;
  /** A whole number the database assigns on insert (an auto-increment id). */
  serial: Generated<number>;
  bool: boolean;
  list: string[];
}

/**
 * Tables that are not entities: sessions, device authorizations, sign-in failure counters, CAS
 * tickets, captcha challenges, values used once, passkey challenges and linked identities.
 */
export const SERVER_TABLES = {
  authSession: {
    id: 'text',
    owner: 'text',
    name: 'text',
    application: 'text',
    createdTime: 'text',
    expiresTime: 'text',
    remoteAddr: 'text',
    userAgent: 'text',
    /** How the user proved who they are when the session began (amr values, space-separated). */
    authMethods: 'text',
  },
  /** A session id an application recorded (add-session, update-session; domain/session.ts): never a sign-in. */
  recordedSession: { owner: 'text', name: 'text', application: 'text', sessionId: 'text', createdTime: 'text' },
  deviceAuth: {
    deviceCodeHash: 'text',
    userCode: 'text',
    clientId: 'text',
    scope: 'text',
    createdTime: 'text',
    expiresTime: 'text',
    interval: 'int',
    lastPollTime: 'text',
    state: 'text',
    owner: 'text',
    name: 'text',
    /** The device code was asked for with the client's secret: its redemption needs it too. */
    clientAuthenticated: 'bool',
    /** When (RFC 3339) and how the approving user proved who they are (the ID token's auth_time and amr). */
    authTime: 'text',
    authMethods: 'text',
  },
  signinFailure: { owner: 'text', name: 'text', wrongTimes: 'int', lastWrongTime: 'text' },
  casTicket: {
    id: 'text',
    kind: 'text',
    organization: 'text',
    application: 'text',
    user: 'text',
    service: 'text',
    proxyUrl: 'text',
    proxies: 'list',
    sessionId: 'text',
    fresh: 'bool',
    authTime: 'text',
    createdTime: 'text',
    expiresTime: 'text',
    isUsed: 'bool',
  },
  captcha: { id: 'text', answerHash: 'text', createdTime: 'text', expiresTime: 'text' },
  usedOnce: { id: 'text', createdTime: 'text', expiresTime: 'text' },
  /** A passkey ceremony under way (auth/webauthn/challenges.ts). */
  webauthnChallenge: {
    id: 'text',
    purpose: 'text',
    challenge: 'text',
    owner: 'text',
    name: 'text',
    client: 'text',
    createdTime: 'text',
    expiresTime: 'text',
  },
  userIdentity: {
    owner: 'text',
    providerName: 'text',
    subject: 'text',
    user: 'text',
    providerType: 'text',
    username: 'text',
    displayName: 'text',
    email: 'text',
    avatar: 'text',
    createdTime: 'text',
  },
  /** A user's membership of a group (domain/user.ts keeps it equal to the user's `groups`). */
  userGroup: { owner: 'text', name: 'text', groupId: 'text' },
  /** The number of users of each organization, kept by triggers (migrations/0028_list_indexes.ts). */
  userCount: { owner: 'text', users: 'int' },
  /** A sign-in waiting for its second factor (auth/mfa-challenge.ts); `request` is JSON text. */
  mfaChallenge: {
    id: 'text',
    owner: 'text',
    name: 'text',
    application: 'text',
    verificationType: 'text',
    request: 'text',
    createdTime: 'text',
    expiresTime: 'text',
  },
  /**
   * Policy rows of the adapters that use the server's own database
   * (domain/authorization/policy-store.ts): `tableName` is the adapter's table, a namespace of this
   * one table.
   */
  casbinRule: {
    id: 'serial',
    tableName: 'text',
    ptype: 'text',
    v0: 'text',
    v1: 'text',
    v2: 'text',
    v3: 'text',
    v4: 'text',
    v5: 'text',
  },
  /** A syncer's view of one external row at its last sync: the hash of its hashed columns (domain/syncer/). */
  syncerUser: {
    syncer: 'text',
    keyValue: 'text',
    hash: 'text',
    localHash: 'text',
    removed: 'bool',
    updatedTime: 'text',
  },
  /** Who runs a scheduled job until when, and when it is next due (db/job-lease.ts). */
  jobLease: { id: 'text', holder: 'text', expiresTime: 'text', nextRunTime: 'text' },
  /**
   * Deliveries of webhook events (domain/webhook-events.ts; Casdoor's webhook_event): `payload` and
   * `extendedUser` are JSON text; dueAt, leaseUntil (ms since the epoch) and leaseId are the
   * dispatcher's claim (jobs/webhook-dispatcher.ts).
   */
  webhookEvent: {
    owner: 'text',
    name: 'text',
    createdTime: 'text',
    updatedTime: 'text',
    webhook: 'text',
    organization: 'text',
    eventType: 'text',
    state: 'text',
    payload: 'text',
    extendedUser: 'text',
    attemptCount: 'int',
    maxRetries: 'int',
    nextRetryTime: 'text',
    lastStatusCode: 'int',
    lastResponse: 'text',
    lastError: 'text',
    dueAt: 'int',
    leaseUntil: 'int',
    leaseId: 'text',
  },
} as const satisfies Record<string, Record<string, ServerColumnKind>>;

type ServerTableName = keyof typeof SERVER_TABLES;
type ServerTables = {
  [T in ServerTableName]: {
    [C in keyof (typeof SERVER_TABLES)[T]]: ServerKindValues[(typeof SERVER_TABLES)[T][C] & ServerColumnKind];
  };
};

/** Every table of the database. */
export type DB = EntityTables & ServerTables;
export type TableName = keyof DB;

/** How a column is stored and what a missing (NULL) value reads as. */
export interface StoredColumn {
  kind: ColumnKind;
  empty: () => unknown;
}

function columnKindOf(kind: FieldKind): ColumnKind {
  if (kind === 'bool') return 'bool';
  if (kind === 'int' || kind === 'money') return 'int';
  if (kind === 'list' || kind === 'json') return 'json';
  return 'text';
}

const SERVER_COLUMNS: Record<ServerColumnKind, StoredColumn> = {
  text: { kind: 'text', empty: () => '' },
  int: { kind: 'int', empty: () => 0 },
  serial: { kind: 'int', empty: () => 0 },
  bool: { kind: 'bool', empty: () => false },
  list: { kind: 'json', empty: () => [] },
};

/** Every table's columns, by table name (camelCase), as the stored-values plugin reads them. */
export function tableColumns(): Map<string, Map<string, StoredColumn>> {
  const tables = new Map<string, Map<string, StoredColumn>>();
  for (const def of DEFINITIONS) {
    if (def.view) continue;
    const columns = fieldEntries(def).map(([name, field]): [string, StoredColumn] => [
      name,
      { kind: columnKindOf(field.kind), empty: field.empty },
    ]);
    tables.set(def.table, new Map(columns));
  }
  for (const [table, columns] of Object.entries(SERVER_TABLES)) {
    const kinds: [string, ServerColumnKind][] = Object.entries(columns);
    tables.set(table, new Map(kinds.map(([name, kind]) => [name, SERVER_COLUMNS[kind]])));
  }
  return tables;
}
