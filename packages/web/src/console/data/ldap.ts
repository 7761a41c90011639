import type { LdapDirectoryUser, LdapSyncAnswer, LdapUsersAnswer } from '@gatehouse/entities';
import { request } from '../../shared/data/client';

/** An LDAP server's directory (the server's own CRUD is the generic five calls of data/entities.ts). */

/** The directory's users and the uuids already synced into the server's organization. */
export function getLdapUsers(owner: string, id: string) {
  return request<LdapUsersAnswer>('GET', '/api/get-ldap-users', { query: { id: `${owner}/${id}` } });
}

/** Adds the selected directory users to the organization; answers those that existed and those that failed. */
export function syncLdapUsers(owner: string, id: string, users: LdapDirectoryUser[]) {
  return request<LdapSyncAnswer>('POST', '/api/sync-ldap-users', { query: { id: `${owner}/${id}` }, body: users });
}
