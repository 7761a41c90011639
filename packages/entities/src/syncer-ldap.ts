import { type SyncerTableColumn, syncerColumn } from './syncer-rules.js';

/**
 * Syncers of the type LDAP: users read from a directory with the syncer's own
 * fields, read as an administrator of a directory reads them: host and port, user = the bind DN,
 * password = the bind password, database = the base DN (the subtree searched), table = the search
 * filter, and the table columns map directory attributes to user fields. Pure, shared by the
 * server (which enforces) and the console (which mirrors).
 */

export const LDAP_SYNCER_TYPE = 'LDAP';

/** Plain LDAP (and StartTLS when SSL is on); LDAPS, TLS from the first byte. */
export const LDAP_PLAIN_PORT = 389;
export const LDAPS_PORT = 636;

/**
 * The filter a new LDAP syncer searches with: the entries whose attributes the preset maps
 * (inetOrgPerson: uid, cn, givenName, sn, mail, mobile). `(objectClass=person)` would also take
 * Active Directory's computer accounts, which are persons there.
 */
export const LDAP_SYNCER_DEFAULT_FILTER = '(objectClass=inetOrgPerson)';

/** Examples in the words of the LDAP server defaults, until the administrator names their directory. */
export const LDAP_SYNCER_EXAMPLE_BIND_DN = 'cn=admin,dc=example,dc=com';
export const LDAP_SYNCER_EXAMPLE_BASE_DN = 'ou=People,dc=example,dc=com';

export function isLdapSyncer(type: unknown): boolean {
  return type === LDAP_SYNCER_TYPE;
}

/**
 * The preset mapping of an LDAP syncer: the uid is the key and the user's name; the common name
 * the display name (every person has one); given name, surname, mail and mobile. entryUUID (the
 * entry's identity, surviving renames) may be made the key instead, mapped to Id.
 */
export function ldapColumns(): SyncerTableColumn[] {
  return [
    syncerColumn('uid', 'Name', 'string', true),
    syncerColumn('cn', 'DisplayName'),
    syncerColumn('givenName', 'FirstName'),
    syncerColumn('sn', 'LastName'),
    syncerColumn('mail', 'Email'),
    syncerColumn('mobile', 'Phone'),
  ];
}

/**
 * The port that goes with the SSL switch, as LDAP servers read it: SSL on port 389 is StartTLS,
 * on any other port LDAPS. Turning SSL on moves the plain default (389, or none) to LDAPS's 636;
 * turning it off moves 636 (or none) back to 389; any other port is the administrator's choice and
 * stays.
 */
export function ldapPortFor(enableSsl: boolean, port: number): number {
  if (enableSsl && (port === LDAP_PLAIN_PORT || port === 0)) return LDAPS_PORT;
  if (!enableSsl && (port === LDAPS_PORT || port === 0)) return LDAP_PLAIN_PORT;
  return port;
}

/**
 * Whether a search filter has the shape of one: empty (every entry), or parenthesised with its
 * parentheses balanced outside escapes. The server parses it fully (ldapts) when it is saved; this
 * is the console's quick check.
 */
export function ldapFilterShapeOk(filter: string): boolean {
  const text = filter.trim();
  if (text === '') return true;
  if (!text.startsWith('(') || !text.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) return false;
      if (depth === 0 && i !== text.length - 1) return false;
    }
  }
  return depth === 0;
}
