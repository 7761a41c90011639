import { isLdapSyncer, LDAP_PLAIN_PORT, LDAP_SYNCER_DEFAULT_FILTER, LDAPS_PORT, ldapColumns } from './syncer-ldap.js';
import {
  KEYCLOAK_USER_TABLE,
  keycloakColumns,
  offersSsh,
  type SYNCER_DATABASE_TYPES,
  type SYNCER_SSH_TYPES,
  SYNCER_TABLE_NAME_PATTERN,
  type SyncerSslMode,
  type SyncerTableColumn,
  sslModeFor,
} from './syncer-rules.js';

/**
 * What a syncer's type decides: the table and columns it brings along,
 * which settings apply to it, and what its table field holds (a table name; an LDAP syncer's
 * search filter: syncer-ldap.ts). Pure, for the server (which enforces)
 * and the console (which mirrors).
 */

export type SyncerDatabaseType = (typeof SYNCER_DATABASE_TYPES)[number];
export type SyncerSshType = (typeof SYNCER_SSH_TYPES)[number];

/** A new database syncer's connection (mysql on localhost:3306), with example names. */
export const SYNCER_DATABASE_DEFAULTS = {
  databaseType: 'mysql',
  host: 'localhost',
  port: 3306,
  user: 'root',
  database: 'dbName',
  table: 'table_name',
} as const;

/** The table and columns a type brings along when a syncer changes to it (none for Database). */
export function typePreset(type: string): { table: string; tableColumns: SyncerTableColumn[] } | null {
  if (type === 'Keycloak') return { table: KEYCLOAK_USER_TABLE, tableColumns: keycloakColumns() };
  if (isLdapSyncer(type)) return { table: LDAP_SYNCER_DEFAULT_FILTER, tableColumns: ldapColumns() };
  return null;
}

/** The fields of database syncers only: an LDAP syncer's form hides them, and normalisedSettings empties what they decide. */
export const SYNCER_DATABASE_ONLY_FIELDS: readonly string[] = [
  'databaseType',
  'sslMode',
  'sshType',
  'sshHost',
  'sshPort',
  'sshUser',
  'sshPassword',
  'cert',
  'affiliationTable',
];

/** The settings of a syncer that follow from its type (and its database type). */
export interface TypedSettings {
  type: string;
  databaseType: SyncerDatabaseType | '';
  sslMode: SyncerSslMode | '';
  sshType: SyncerSshType | '';
  port: number;
  enableSsl: boolean;
  allowSelfSignedCert: boolean;
  affiliationTable: string;
  isReadOnly: boolean;
}

/**
 * A syncer's settings with what does not apply to its type normalised. An LDAP syncer has no
 * database type, SSL mode, SSH tunnel or affiliation table, and is always read-only (a directory is
 * never written from a syncer); without a port it takes LDAP's (389, or 636 with SSL). A database
 * syncer has a database type (mysql unless chosen), the SSL mode of postgres only (disable unless
 * chosen), an SSH tunnel for mysql, mssql and postgres only, and none of the directory's TLS switches.
 */
export function normalisedSettings(settings: TypedSettings): Omit<TypedSettings, 'type'> {
  if (isLdapSyncer(settings.type)) {
    const port = settings.port || (settings.enableSsl ? LDAPS_PORT : LDAP_PLAIN_PORT);
    return {
      databaseType: '',
      sslMode: '',
      sshType: '',
      port,
      enableSsl: settings.enableSsl,
      allowSelfSignedCert: settings.allowSelfSignedCert,
      affiliationTable: '',
      isReadOnly: true,
    };
  }
  const databaseType = settings.databaseType || 'mysql';
  return {
    databaseType,
    sslMode: sslModeFor(databaseType, settings.sslMode),
    sshType: offersSsh(databaseType) ? settings.sshType : '',
    port: settings.port,
    enableSsl: false,
    allowSelfSignedCert: false,
    affiliationTable: settings.affiliationTable,
    isReadOnly: settings.isReadOnly,
  };
}

/** What is wrong with a database syncer's table name (optionally schema.table), or null. */
export function tableNameProblem(table: string): { key: 'syncerTableInvalid'; params: { table: string } } | null {
  return SYNCER_TABLE_NAME_PATTERN.test(table) ? null : { key: 'syncerTableInvalid', params: { table } };
}
