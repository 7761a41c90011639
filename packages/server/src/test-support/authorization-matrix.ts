import {
  type AccessRule,
  ADMIN_OWNER,
  allows,
  DEFINITIONS,
  type EntityAction,
  type EntityDefinition,
  isAdmin,
  may,
  type Viewer,
} from '@gatehouse/entities';

/**
 * The authorization matrix's expected table (routes/authorization-matrix.api.test.ts): for every
 * route the server registers, the request the matrix sends (aimed at organization A's records) and
 * the answer each caller must get. The generic CRUD routes take their rows from the entity
 * registry (each entity's access rules), the others are listed here one by one; a route the server
 * answers without a row here fails the test, and so does a row without a route.
 */

/** The callers the matrix tries every route as. */
export const ROLES = ['anonymous', 'member', 'otherAdmin', 'orgAdmin', 'globalAdmin', 'apiClient', 'accessKey'] as const;
export type Role = (typeof ROLES)[number];

/**
 * ok: the call succeeds (status ok; a file for calls answering one). deny: refused for who is
 * calling (pleaseLogin, unauthorized or the route's own refusal). pass: not refused for who is
 * calling (the call may still fail further on: an unreachable LDAP server, a wrong code). open:
 * a public call whose answer depends on its input only; only the leak checks apply.
 */
export type Outcome = 'ok' | 'deny' | 'pass' | 'open';
export type Expected = Record<Role, Outcome>;

/** Organization A (the records every call aims at) and B (whose admin must not reach A). */
export const ORG_A = 'mxa';
export const ORG_B = 'mxb';
/** A's application, whose client credentials the apiClient caller uses. */
export const APP_A = 'mx-app';
/** The redirect URI of A's application. */
export const A_REDIRECT_URI = 'http://127.0.0.1:9/callback';
/** The key of the LDAP server of A (LDAP servers' keys are generated ids). */
export const LDAP_A_ID = '0b1f6c52-8a0e-4d7a-9c4e-3f2d1a6b7c8d';
/** A delivery of A's webhook (and one per caller, named `${WEBHOOK_EVENT}-${role}`, for the deletes). */
export const WEBHOOK_EVENT = 'mx-event';
/** Marks the private records of A: who may not read a record never sees its marker. */
export const PRIVATE_MARK = 'MX-PRIVATE';

/** The target record of an entity in organization A. */
export function targetName(def: EntityDefinition): string {
  if (def.name === 'organization') return ORG_A;
  if (def.name === 'application') return APP_A;
  if (def.name === 'ldap') return LDAP_A_ID;
  if (def.pathName) return `${ORG_A}/mx-${def.name}.txt`;
  return `mx-${def.name}`;
}

export function targetOwner(def: EntityDefinition): string {
  return def.fixedOwner ?? def.defaultOwner ?? (def.orgField === 'name' ? ADMIN_OWNER : ORG_A);
}

export function targetId(def: EntityDefinition): string {
  return `${targetOwner(def)}/${targetName(def)}`;
}

/** How each caller appears to the access rules (apiClient: A's application; accessKey: A's member's key). */
export const VIEWERS: Record<Role, Viewer | null> = {
  anonymous: null,
  member: { owner: ORG_A, name: 'worker', level: 'user' },
  otherAdmin: { owner: ORG_B, name: 'boss', level: 'orgAdmin' },
  orgAdmin: { owner: ORG_A, name: 'boss', level: 'orgAdmin' },
  globalAdmin: { owner: 'built-in', name: 'admin', level: 'globalAdmin' },
  apiClient: { owner: ORG_A, name: `app/${APP_A}`, level: 'orgAdmin' },
  accessKey: { owner: ORG_A, name: 'worker', level: 'user' },
};

/** What the target record of `def` looks like to the rules (its organization; permissions submitted by the global admin). */
export function targetProbe(def: EntityDefinition): Record<string, unknown> {
  const probe: Record<string, unknown> = { owner: targetOwner(def), name: targetName(def), [def.orgField]: ORG_A };
  if (def.orgField === 'name') probe.name = ORG_A;
  if (def.ownRecords) probe[def.ownRecords.field] = 'admin';
  return probe;
}

/** Whether `role` passes the entity's rule for `action` on A's target record. */
export function mayOnTarget(def: EntityDefinition, action: EntityAction, role: Role): boolean {
  const viewer = VIEWERS[role];
  const probe = targetProbe(def);
  if (!may(def, action, viewer, probe)) return false;
  // Members change only what they submitted (permissions: domain/permission.ts requireSubmitter).
  const own = def.ownRecords;
  if ((action === 'update' || action === 'delete') && own && viewer && !isAdmin(viewer)) return probe[own.field] === viewer.name;
  return true;
}

export function each(outcome: (role: Role) => Outcome): Expected {
  const out: Partial<Expected> = {};
  for (const role of ROLES) out[role] = outcome(role);
  const full: Expected = {
    anonymous: out.anonymous ?? 'deny',
    member: out.member ?? 'deny',
    otherAdmin: out.otherAdmin ?? 'deny',
    orgAdmin: out.orgAdmin ?? 'deny',
    globalAdmin: out.globalAdmin ?? 'deny',
    apiClient: out.apiClient ?? 'deny',
    accessKey: out.accessKey ?? 'deny',
  };
  return full;
}

/** Allowed (as `allowed`) to whoever passes `rule` for organization A, refused to the others. */
export function byRule(rule: AccessRule, allowed: Outcome = 'ok'): Expected {
  return each((role) => (allows(rule, VIEWERS[role], ORG_A) ? allowed : 'deny'));
}

/** The same outcome for everyone. */
export function everyone(outcome: Outcome): Expected {
  return each(() => outcome);
}

/** Refused to anonymous callers, `signedIn` for everyone else. */
export function signedIn(outcome: Outcome): Expected {
  return each((role) => (role === 'anonymous' ? 'deny' : outcome));
}

/** `base` with some callers' outcomes changed. */
export function except(base: Expected, changes: Partial<Expected>): Expected {
  return { ...base, ...changes };
}

/** A request of the matrix: the query, a JSON body or a multipart file, and the path when the route has parameters. */
export interface MatrixRequest {
  path?: string;
  query?: Record<string, string>;
  body?: unknown;
  file?: { name: string; type: string; content: Uint8Array | string };
}

/** What the requests are made of besides the fixed names: values only known once A's records exist. */
export interface MatrixFixture {
  /** Record of each entity as the global admin reads it (secrets unmasked), by entity name. */
  targets: Record<string, Record<string, unknown>>;
  /** A new record of each entity for organization A (the body of add-x), by entity and caller. */
  newRecord(def: EntityDefinition, role: Role): Record<string, unknown>;
  /** A's application exported as a definition file (export-application), renamed per caller. */
  applicationFile(role: Role): string;
  /** An .xlsx of one record per sheet kind (users, roles, permissions) for organization A. */
  sheet(kind: 'users' | 'roles' | 'permissions', role: Role): Uint8Array;
}

export interface RoutePolicy {
  /** 'api': the console's and SDKs' calls; 'protocol': OAuth/OIDC, SAML, CAS endpoints and files. */
  group: 'api' | 'protocol';
  expect: Expected;
  request: (fixture: MatrixFixture, role: Role) => MatrixRequest;
  /** The call changes the caller's own session (sign-out): it runs with a session made for it. */
  ownSession?: true;
}

export const none = (): MatrixRequest => ({});
export const q = (query: Record<string, string>) => (): MatrixRequest => ({ query });
export const body = (value: unknown) => (): MatrixRequest => ({ body: value });
export const A_APP_ID = `${ADMIN_OWNER}/${APP_A}`;
export const A_USER = `${ORG_A}/mx-user`;
export const A_PAYMENT = `${ORG_A}/mx-payment`;
export const A_SESSION = `${ORG_A}/mx-user/app-built-in`;
export const protocol = (expect: Expected, request: RoutePolicy['request'] = none): RoutePolicy => ({
  group: 'protocol',
  expect,
  request,
});
export const api = (expect: Expected, request: RoutePolicy['request'] = none, extra: Partial<RoutePolicy> = {}): RoutePolicy => ({
  group: 'api',
  expect,
  request,
  ...extra,
});
export const casPath = (step: string) => (): MatrixRequest => ({
  path: `/cas/${ORG_A}/${APP_A}/${step}`,
  query: { ticket: 'ST-unknown', service: 'http://127.0.0.1/cb' },
});

/** A read of the target (get-x) or a list of organization A (get-xs): ok for whoever passes the rule. */
export function readRow(def: EntityDefinition, action: 'list' | 'read'): Expected {
  return each((role) => (mayOnTarget(def, action, role) ? 'ok' : 'deny'));
}

/** The generic CRUD routes of every entity, from the registry (routes/entities.ts registers the same). */
export function entityRoutePolicies(): Record<string, RoutePolicy> {
  const rows: Record<string, RoutePolicy> = {};
  for (const def of DEFINITIONS) {
    if (def.view) continue;
    const write = (action: EntityAction) => each((role) => (mayOnTarget(def, action, role) ? 'ok' : 'deny'));
    rows[`GET /api/get-${def.plural}`] = api(readRow(def, 'list'), q({ [def.orgParam]: ORG_A, owner: def.fixedOwner ?? ORG_A }));
    for (const alias of def.globalListAliases ?? []) rows[`GET /api/${alias}`] = api(byRule('globalAdmin'));
    if (def.ownRecords) rows[`GET /api/${def.ownRecords.listCall}`] = api(signedIn('ok'));
    rows[`GET /api/get-${def.name}`] = api(readRow(def, 'read'), q({ id: targetId(def) }));
    rows[`POST /api/add-${def.name}`] = api(write('create'), (f, role) => ({ body: f.newRecord(def, role) }));
    rows[`POST /api/update-${def.name}`] = api(write('update'), (f, role) => ({
      query: { id: targetId(def) },
      body: mayOnTarget(def, 'update', role) ? f.targets[def.name] : changed(f.targets[def.name] ?? {}),
    }));
    rows[`POST /api/delete-${def.name}`] = api(write('delete'), (_f, role) => ({
      body: {
        owner: targetOwner(def),
        [keyOf(def)]: mayOnTarget(def, 'delete', role) ? deletableName(def, role) : targetName(def),
      },
    }));
  }
  return rows;
}

function keyOf(def: EntityDefinition): string {
  return def.keyField ?? 'name';
}

/** The record a caller allowed to delete deletes: the one made for it (its own add, or the global admin's for it). */
export function deletableName(def: EntityDefinition, role: Role): string {
  if (def.name === 'ldap') return LDAP_IDS[role];
  if (def.pathName) return `${ORG_A}/mx-${def.name}-${role}.txt`;
  return `mx-${def.name}-${role}`.toLowerCase();
}

/** LDAP servers' ids of the records made per caller. */
export const LDAP_IDS: Record<Role, string> = {
  anonymous: '0b1f6c52-8a0e-4d7a-9c4e-000000000001',
  member: '0b1f6c52-8a0e-4d7a-9c4e-000000000002',
  otherAdmin: '0b1f6c52-8a0e-4d7a-9c4e-000000000003',
  orgAdmin: '0b1f6c52-8a0e-4d7a-9c4e-000000000004',
  globalAdmin: '0b1f6c52-8a0e-4d7a-9c4e-000000000005',
  apiClient: '0b1f6c52-8a0e-4d7a-9c4e-000000000006',
  accessKey: '0b1f6c52-8a0e-4d7a-9c4e-000000000007',
};

/** A change a refused caller tries to make: the display name, else the description, else a tag. */
export function changed(record: Record<string, unknown>): Record<string, unknown> {
  for (const field of ['displayName', 'description', 'tag', 'remark']) {
    if (typeof record[field] === 'string') return { ...record, [field]: 'changed by a caller who may not' };
  }
  return { ...record, name: 'renamed-by-intruder' };
}
