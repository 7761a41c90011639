import {
  DEFAULT_ADAPTER_TABLE,
  DRIVABLE_DATABASE_TYPES,
  EXTERNAL_ADAPTER_DEFAULTS,
  isOneOf,
  SAME_DB_ADAPTER_VALUES,
} from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';

/** The fields of an external database, hidden while the adapter uses the server's own. */
export const EXTERNAL_ADAPTER_FIELDS = ['type', 'databaseType', 'host', 'port', 'user', 'password', 'database'];

/**
 * Switching useSameDb on clears the connection settings; switching it off fills the
 * defaults (Database, mysql, localhost, 3306, root, an example password and database name).
 */
export function adapterValuesChange(changed: Rec): Rec | undefined {
  if (!('useSameDb' in changed)) return undefined;
  return changed.useSameDb === true ? { ...SAME_DB_ADAPTER_VALUES } : { ...EXTERNAL_ADAPTER_DEFAULTS };
}

export function adapterFieldVisible(field: string, values: Rec): boolean {
  return !(values.useSameDb === true && EXTERNAL_ADAPTER_FIELDS.includes(field));
}

/** Whether the server can connect to the database type (mssql and oracle are offered, not driven). */
export function isDrivable(databaseType: unknown): boolean {
  return typeof databaseType === 'string' && isOneOf(DRIVABLE_DATABASE_TYPES, databaseType);
}

/** The table the list shows: the adapter's, or casbin_rule (`implied`) when it names none, as in Casdoor. */
export function tableText(table: unknown): { text: string; implied: boolean } {
  return typeof table === 'string' && table !== ''
    ? { text: table, implied: false }
    : { text: DEFAULT_ADAPTER_TABLE, implied: true };
}

/** The list shows a port of 0 as blank. */
export function portText(port: unknown): string {
  return typeof port === 'number' && port !== 0 ? String(port) : '';
}
