import { z } from 'zod';
import { ADMIN_OWNER, isGlobalAdmin } from './access.js';
import {
  bool,
  defineEntity,
  enumOf,
  type FieldRuleContext,
  int,
  json,
  organizationFieldOwnedRecords,
  type RecordOf,
  recordName,
  secret,
  text,
  timestamp,
} from './define.js';
import {
  emptySyncStatus,
  SYNC_STATES,
  SYNCER_AFFILIATION_TABLE_PATTERN,
  SYNCER_COLUMN_TYPES,
  SYNCER_DATABASE_TYPES,
  SYNCER_SSH_TYPES,
  SYNCER_SSL_MODES,
  SYNCER_TABLE_PATTERN,
  SYNCER_TYPES,
  type SyncerTableColumn,
  type SyncStatus,
} from './syncer-rules.js';
import { SYNCER_DATABASE_DEFAULTS } from './syncer-types.js';
import { TABLE_NAME_MESSAGE } from './table-names.js';

export * from './syncer-ldap.js';
export * from './syncer-rules.js';
export * from './syncer-types.js';

const tableColumnSchema: z.ZodType<SyncerTableColumn> = z.object({
  name: z.string().max(200),
  type: z.enum(SYNCER_COLUMN_TYPES),
  casdoorName: z.string().max(100),
  isKey: z.boolean(),
  isHashed: z.boolean(),
  values: z.preprocess((v) => v ?? [], z.array(z.string().max(200)).max(100)),
});

const count = z.number().int().min(0);
const syncStatusSchema: z.ZodType<SyncStatus> = z.object({
  state: z.union([z.enum(SYNC_STATES), z.literal('')]),
  startedTime: z.string().max(64),
  finishedTime: z.string().max(64),
  message: z.string().max(2000),
  read: count,
  processed: count,
  added: count,
  updated: count,
  unchanged: count,
  deleted: count,
  failed: count,
  writtenBack: count,
});

const onlyGlobalAdmin = ({ viewer }: FieldRuleContext) => isGlobalAdmin(viewer);

/**
 * Syncers: users synchronised from a table of an external database
 * (type Database), from an LDAP directory (type LDAP: syncer-ldap.ts) or from a Keycloak database
 * (type Keycloak), through a column mapping. Owned by
 * `admin` or, as Casdoor's SDK adds them, by their organization; each names its organization
 * (and is found by its owner's id); organization administrators see and run their own
 * organization's syncers. The server keeps the error text and the latest run's counts.
 */
export const syncer = defineEntity({
  name: 'syncer',
  table: 'syncer',
  ...organizationFieldOwnedRecords,
  // As Casdoor's: passwords are never answered; *** sent back keeps the stored one.
  secretsRead: 'never',
  fields: {
    owner: text({ max: 100, editable: () => false }),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    organization: text({ max: 100, ref: 'organization', sortable: true, searchable: true, editable: onlyGlobalAdmin }),
    type: enumOf(SYNCER_TYPES, { sortable: true, filter: true }),
    // None for an LDAP syncer (syncer-types.ts normalisedSettings).
    databaseType: enumOf(SYNCER_DATABASE_TYPES, { allowEmpty: true, sortable: true }),
    sslMode: enumOf(SYNCER_SSL_MODES, { allowEmpty: true }),
    host: text({ max: 100, sortable: true, searchable: true }),
    port: { ...int({ min: 0, max: 65535 }), sortable: true },
    // An LDAP syncer's TLS, as an LDAP server's: LDAPS, or StartTLS on port 389; certificates are
    // verified unless self-signed ones are allowed. Off for database syncers (postgres has sslMode).
    enableSsl: bool(),
    allowSelfSignedCert: bool(),
    // LDAP: the bind DN, the bind password, the base DN (migration 0027 widened them for DNs).
    user: text({ max: 255, sortable: true, searchable: true }),
    password: secret({ max: 150 }),
    database: text({ max: 255, sortable: true, searchable: true }),
    sshType: enumOf(SYNCER_SSH_TYPES, { allowEmpty: true }),
    sshHost: text({ max: 100 }),
    sshPort: int({ min: 0, max: 65535 }),
    sshUser: text({ max: 100 }),
    sshPassword: secret({ max: 150 }),
    cert: text({ max: 100, ref: 'cert' }),
    // A table name, or an LDAP syncer's search filter (which of the two: tableProblem, syncer-types.ts).
    table: text({ max: 255, sortable: true, searchable: true, pattern: SYNCER_TABLE_PATTERN }),
    tableColumns: json(z.array(tableColumnSchema).max(100), () => []),
    affiliationTable: text({ max: 100, pattern: SYNCER_AFFILIATION_TABLE_PATTERN, patternMessage: TABLE_NAME_MESSAGE }),
    avatarBaseUrl: text({ max: 1000, format: 'url' }),
    syncInterval: { ...int({ min: 1, max: 525_600 }), sortable: true },
    errorText: text({ max: 65_536, format: 'multiline', serverOnly: true }),
    isReadOnly: bool(),
    isEnabled: { ...bool(), sortable: true },
    /** The latest run: state, times and counts (ours; the console polls it while a sync runs). */
    syncStatus: json(syncStatusSchema, emptySyncStatus, { serverOnly: true }),
  },
  newRecord: ({ organization, random, now }) => ({
    owner: ADMIN_OWNER,
    name: `syncer_${random(6)}`,
    createdTime: now(),
    organization,
    type: 'Database',
    ...SYNCER_DATABASE_DEFAULTS,
    tableColumns: [],
    syncInterval: 10,
    isReadOnly: false,
    isEnabled: false,
  }),
  list: {
    columns: [
      { field: 'name' },
      { field: 'organization' },
      { field: 'createdTime' },
      { field: 'type' },
      { field: 'databaseType' },
      { field: 'host' },
      { field: 'port', width: 90 },
      { field: 'user' },
      { field: 'password' },
      { field: 'database' },
      { field: 'table' },
      { field: 'syncInterval' },
      { field: 'isEnabled', width: 110 },
    ],
  },
  form: [
    'organization',
    'name',
    'type',
    'databaseType',
    'sslMode',
    'host',
    'port',
    'enableSsl',
    'allowSelfSignedCert',
    'user',
    'password',
    'database',
    'sshType',
    'sshHost',
    'sshPort',
    'sshUser',
    'sshPassword',
    'cert',
    'table',
    'tableColumns',
    'affiliationTable',
    'avatarBaseUrl',
    'syncInterval',
    'errorText',
    'isReadOnly',
    'isEnabled',
  ],
});

export type Syncer = RecordOf<typeof syncer.fields>;
