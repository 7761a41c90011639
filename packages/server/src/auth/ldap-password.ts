import { ldap as ldapDef, type User } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { DirectoryConnection } from '../integrations/ldap/connection.js';
import { BINARY_ATTRIBUTES, directoryUserOf, signinFilter, USER_ATTRIBUTES } from '../integrations/ldap/entries.js';

/** How a directory answered a user's password: accepted, refused, or no entry of the user was found. */
export type DirectoryVerdict = 'accepted' | 'refused' | 'absent';

/** The LDAP servers of an organization that a sign-in asks, oldest first. */
const SERVERS_PER_ORGANIZATION = 100;

/**
 * Checks the password of a user synced from a directory (its `ldap` is set) against the directories
 * of its organization, as Casdoor's CheckLdapUserPassword: each LDAP server in turn, bound as its
 * bind DN, looks the user up (the server's filter and filter fields, else its username attribute
 * equal to the user's name) and, when it holds the user's entry, binds as that entry with the
 * password. Only the entry the user was synced from counts (the same uuid): another entry that
 * merely shares the name signs nobody in. A server that cannot be reached is passed over; two
 * entries of the user in one directory are refused.
 */
export async function checkDirectoryPassword(server: ServerContext, user: User, password: string): Promise<DirectoryVerdict> {
  const { records } = await server
    .repo(ldapDef)
    .list(
      { organization: user.owner, page: 1, pageSize: SERVERS_PER_ORGANIZATION, sort: { field: 'createdTime', order: 'asc' } },
      user.owner,
    );
  let found = false;
  for (const ldap of records) {
    let connection: DirectoryConnection;
    try {
      connection = await DirectoryConnection.open(server.services.outbound, ldap);
    } catch (error) {
      server.log.warn({ ldap: `${ldap.owner}/${ldap.id}`, err: error }, 'LDAP server passed over at sign-in');
      continue;
    }
    try {
      const entries = await connection.search(ldap.baseDn, signinFilter(ldap, user), USER_ATTRIBUTES, BINARY_ATTRIBUTES);
      const own = entries
        .map((entry) => directoryUserOf(entry, ldap.usernameAttribute))
        .filter((entry) => entry.uuid === user.ldap);
      const [entry, another] = own;
      if (!entry) continue;
      if (another) throw new AppError('ldapMultipleAccounts');
      found = true;
      if (await connection.verifyPassword(entry.dn, password)) return 'accepted';
    } finally {
      await connection.close();
    }
  }
  return found ? 'refused' : 'absent';
}
