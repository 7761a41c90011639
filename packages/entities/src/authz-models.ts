import { BUILT_IN_ORG } from './access.js';
import {
  bool,
  defineEntity,
  enumOf,
  int,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  recordName,
  secret,
  text,
  timestamp,
} from './define.js';
import type { FieldRuleContext } from './fields.js';
import { DEFAULT_MODEL_TEXT } from './model-text.js';
import { TABLE_NAME_MESSAGE, TABLE_NAME_SOURCE } from './table-names.js';

export const BUILT_IN_MODELS = ['api-model-built-in', 'user-model-built-in'] as const;
export const BUILT_IN_ADAPTERS = ['api-adapter-built-in', 'user-adapter-built-in'] as const;
export const BUILT_IN_ENFORCERS = ['api-enforcer-built-in', 'user-enforcer-built-in'] as const;

/** Whether a model, adapter or enforcer record is one of the built-in ones (locked for everyone). */
export function isBuiltInAuthzObject(record: { owner?: unknown; name?: unknown }): boolean {
  if (record.owner !== BUILT_IN_ORG || typeof record.name !== 'string') return false;
  const names: readonly string[] = [...BUILT_IN_MODELS, ...BUILT_IN_ADAPTERS, ...BUILT_IN_ENFORCERS];
  return names.includes(record.name);
}

/** A field rule: changeable unless the stored record is built in. */
const unlessBuiltIn = ({ record }: FieldRuleContext) => !isBuiltInAuthzObject(record);
const lockedOwner = () => organizationOwner(unlessBuiltIn);
const lockedName = () => ({ ...recordName(), editable: unlessBuiltIn });

/*
 * Built-in records are locked for everyone: owner, name and every field that shapes their engine;
 * only the display name and the description stay editable.
 */

/**
 * Casbin models: the model text (request, policy, role definitions,
 * policy effect, matchers). The server refuses text that casbin does not load.
 */
export const model = defineEntity({
  name: 'model',
  table: 'model',
  ...organizationRecords,
  fields: {
    owner: lockedOwner(),
    name: lockedName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 10_000, format: 'multiline' }),
    modelText: text({ max: 100_000, format: 'multiline', editable: unlessBuiltIn }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `model_${id}`,
      createdTime: now(),
      displayName: `New Model - ${id}`,
      description: '',
      modelText: DEFAULT_MODEL_TEXT,
    };
  },
  list: {
    columns: [{ field: 'name' }, { field: 'owner' }, { field: 'createdTime' }, { field: 'displayName' }, { field: 'modelText' }],
  },
  form: ['owner', 'name', 'displayName', 'description', 'modelText'],
  undeletable: (r) => isBuiltInAuthzObject(r),
});

export type Model = RecordOf<typeof model.fields>;

export const ADAPTER_TYPES = ['Database'] as const;
export const ADAPTER_DATABASE_TYPES = ['mysql', 'postgres', 'mssql', 'oracle', 'sqlite3'] as const;
/** Database types the server connects to (mssql and oracle are offered but have no driver). */
export const DRIVABLE_DATABASE_TYPES = ['mysql', 'postgres', 'sqlite3'] as const;

/** What switching `useSameDb` off fills in; the password is an example, not a credential. */
export const EXTERNAL_ADAPTER_DEFAULTS = {
  type: 'Database',
  databaseType: 'mysql',
  host: 'localhost',
  port: 3306,
  user: 'root',
  password: 'change-me-123',
  database: 'casbin',
} as const;

/** What switching `useSameDb` on clears. */
export const SAME_DB_ADAPTER_VALUES = {
  type: '',
  databaseType: '',
  host: '',
  port: 0,
  user: '',
  password: '',
  database: '',
} as const;

/** The table of an adapter whose `table` is empty (Casdoor's adapter: xorm-adapter's default). */
export const DEFAULT_ADAPTER_TABLE = 'casbin_rule';

/**
 * An adapter's table: empty (it is `casbin_rule`, as in Casdoor), or any table name the database
 * allows, optionally schema.table (the rule and how it is quoted: table-names.ts).
 */
export const ADAPTER_TABLE_PATTERN = new RegExp(`^$|^${TABLE_NAME_SOURCE}$`, 'u');

/** The table an adapter reads and writes: its `table`, or casbin_rule when that is empty. */
export function adapterTableOf(adapter: { table: string }): string {
  return adapter.table || DEFAULT_ADAPTER_TABLE;
}

/**
 * Where an enforcer's policy rows live: a namespace (`table`) of the server's own
 * database (useSameDb), or a table of an external database; an empty table is casbin_rule.
 */
export const adapter = defineEntity({
  name: 'adapter',
  table: 'adapter',
  ...organizationRecords,
  fields: {
    owner: lockedOwner(),
    name: lockedName(),
    createdTime: timestamp({ sortable: true }),
    table: text({
      max: 100,
      sortable: true,
      searchable: true,
      pattern: ADAPTER_TABLE_PATTERN,
      patternMessage: TABLE_NAME_MESSAGE,
      editable: unlessBuiltIn,
    }),
    useSameDb: { ...bool({ editable: unlessBuiltIn }), sortable: true },
    type: { ...enumOf(ADAPTER_TYPES, { allowEmpty: true, editable: unlessBuiltIn }), sortable: true },
    databaseType: { ...enumOf(ADAPTER_DATABASE_TYPES, { allowEmpty: true, editable: unlessBuiltIn }), sortable: true },
    host: text({ max: 100, sortable: true, searchable: true, editable: unlessBuiltIn }),
    port: int({ min: 0, max: 65535, editable: unlessBuiltIn }),
    user: text({ max: 100, sortable: true, searchable: true, editable: unlessBuiltIn }),
    password: secret({ max: 150, editable: unlessBuiltIn }),
    database: text({ max: 100, sortable: true, searchable: true, editable: unlessBuiltIn }),
  },
  newRecord: ({ organization, random, now }) => ({
    owner: organization,
    name: `adapter_${random(6)}`,
    createdTime: now(),
    table: 'table_name',
    useSameDb: true,
  }),
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'table' },
      { field: 'useSameDb', width: 110 },
      { field: 'type' },
      { field: 'databaseType' },
      { field: 'host' },
      { field: 'port', width: 90 },
      { field: 'user' },
      { field: 'database' },
    ],
  },
  form: ['owner', 'name', 'table', 'useSameDb', 'type', 'databaseType', 'host', 'port', 'user', 'password', 'database'],
  undeletable: (r) => isBuiltInAuthzObject(r),
});

export type Adapter = RecordOf<typeof adapter.fields>;

/** An owner/name id of a model or adapter (empty: none). */
const OBJECT_ID_PATTERN = /^$|^[^/\s]+\/[^/\s]+$/;

/**
 * A casbin enforcer: a model and an adapter, both `owner/name`. get-enforcer with
 * loadModelCfg=true also answers `modelCfg`, the model's policy and role definitions.
 */
export const enforcer = defineEntity({
  name: 'enforcer',
  table: 'enforcer',
  ...organizationRecords,
  fields: {
    owner: lockedOwner(),
    name: lockedName(),
    createdTime: timestamp({ sortable: true }),
    updatedTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 10_000, format: 'multiline' }),
    model: text({
      max: 201,
      refId: 'model',
      sortable: true,
      searchable: true,
      pattern: OBJECT_ID_PATTERN,
      editable: unlessBuiltIn,
    }),
    adapter: text({
      max: 201,
      refId: 'adapter',
      sortable: true,
      searchable: true,
      pattern: OBJECT_ID_PATTERN,
      editable: unlessBuiltIn,
    }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `enforcer_${id}`,
      createdTime: now(),
      displayName: `New Enforcer - ${id}`,
      description: '',
      model: '',
      adapter: '',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'model' },
      { field: 'adapter' },
    ],
  },
  form: ['owner', 'name', 'displayName', 'description', 'model', 'adapter'],
  undeletable: (r) => isBuiltInAuthzObject(r),
});

export type Enforcer = RecordOf<typeof enforcer.fields>;

/** A policy row as Casdoor's API carries it (xorm-adapter's CasbinRule, Go field names). */
export interface CasbinRule {
  /** The row's id in its adapter's table (0 for a row that comes from an engine). */
  Id: number;
  Ptype: string;
  V0: string;
  V1: string;
  V2: string;
  V3: string;
  V4: string;
  V5: string;
}

export const CASBIN_RULE_VALUES = ['V0', 'V1', 'V2', 'V3', 'V4', 'V5'] as const;
