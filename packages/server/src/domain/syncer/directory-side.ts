import { LDAP_PLAIN_PORT, LDAPS_PORT, ldapFilterShapeOk, type Syncer } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { type DirectorySettings, withDirectory } from '../../integrations/ldap/connection.js';
import { attributeRow, BINARY_ATTRIBUTES, filterProblem, listFilter } from '../../integrations/ldap/entries.js';
import type { Mapping } from './mapping.js';
import type { SyncSide } from './side.js';

/**
 * An LDAP directory as the side of a run (type LDAP, entities/src/syncer-ldap.ts), read through
 * the directory access of LDAP servers (integrations/ldap: the outbound guard, LDAPS or StartTLS,
 * a bind, paged subtree searches): the entries below the base DN (`database`) that match the
 * filter (`table`), with the mapped attributes, as rows. A directory is never written.
 */

/** How an LDAP syncer reaches its directory: host, port (LDAP's by the SSL switch when none), TLS, bind DN and password. */
export function directorySettingsOf(syncer: Syncer): DirectorySettings {
  return {
    host: syncer.host,
    port: syncer.port || (syncer.enableSsl ? LDAPS_PORT : LDAP_PLAIN_PORT),
    enableSsl: syncer.enableSsl,
    allowSelfSignedCert: syncer.allowSelfSignedCert,
    username: syncer.user,
    password: syncer.password,
  };
}

/**
 * Why an LDAP syncer's filter is not one, or null: parenthesised with balanced parentheses (ldapts
 * alone would take "(&(uid=a)" or "uid=a"), then parsed as the search will parse it.
 */
export function filterError(filter: string): AppError | null {
  if (!ldapFilterShapeOk(filter)) return new AppError('syncerFilterUnbalanced', { filter });
  const detail = filterProblem(filter);
  return detail === null ? null : new AppError('ldapFilterInvalid', { filter, detail });
}

/** The syncer's filter as the search takes it (empty: every entry); refused before connecting when it is none. */
function searchFilter(syncer: Syncer): string {
  const error = filterError(syncer.table);
  if (error) throw error;
  return listFilter(syncer.table);
}

const isBinary = (attribute: string) => BINARY_ATTRIBUTES.some((binary) => binary.toLowerCase() === attribute.toLowerCase());

/** Every entry of the directory as a row; failures (bind, reach, base DN, filter) throw before any user changes. */
export async function readDirectorySide(server: ServerContext, syncer: Syncer, mapping: Mapping): Promise<SyncSide> {
  const filter = searchFilter(syncer);
  // The mapped attributes only (operational ones such as entryUUID are sent only when asked for); the DN comes with every entry.
  const attributes = [...new Set(mapping.columns.flatMap((plan) => plan.parts))].filter((name) => name.toLowerCase() !== 'dn');
  const entries = await withDirectory(server.services.outbound, directorySettingsOf(syncer), (connection) =>
    connection.search(syncer.database, filter, attributes, attributes.filter(isBinary)),
  );
  return { rows: entries.map(attributeRow), affiliations: null, directory: true, writer: null, close: async () => {} };
}

/** Test DB Connection of an LDAP syncer: a bind as its bind DN, then a read of the base DN's own entry. */
export async function testDirectory(server: ServerContext, syncer: Syncer): Promise<void> {
  searchFilter(syncer);
  await withDirectory(server.services.outbound, directorySettingsOf(syncer), (connection) =>
    connection.readEntry(syncer.database),
  );
}
