import { NAME_PATTERN } from './constants.js';
import {
  bool,
  defineEntity,
  enumOf,
  int,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  secret,
  stringList,
  text,
  timestamp,
} from './define.js';

/** Attributes a sign-in may be matched on besides the user name (Casdoor's filter fields). */
export const LDAP_FILTER_FIELDS = ['uid', 'mail', 'mobile', 'sAMAccountName'] as const;
/** How the directory stores passwords it is given (Casdoor's password types of an LDAP server). */
export const LDAP_PASSWORD_TYPES = ['Plain', 'SSHA', 'MD5'] as const;
/**
 * The directory attribute whose value becomes a synced user's name in Gatehouse, and which a
 * sign-in's user name is matched against when no filter fields are chosen: `uid` (OpenLDAP and
 * other POSIX directories), `sAMAccountName` (Active Directory) or `mail` (the e-mail address).
 */
export const LDAP_USERNAME_ATTRIBUTES = ['uid', 'sAMAccountName', 'mail'] as const;
export type LdapUsernameAttribute = (typeof LDAP_USERNAME_ATTRIBUTES)[number];
/** The filter a new server lists users with (POSIX accounts); an empty filter lists every entry. */
export const LDAP_DEFAULT_FILTER = '(objectClass=posixAccount)';
/** The longest auto-sync interval, in minutes (a year). */
export const LDAP_MAX_AUTO_SYNC = 525_600;

/** A host name or an IP address (IPv6 in brackets or not): no scheme, path or spaces. */
const HOST_PATTERN = /^[A-Za-z0-9._:[\]-]*$/;
/** A group's id (owner/name), or empty. */
const GROUP_ID_PATTERN = /^$|^[^/\s]+\/[^/\s]+$/;

/**
 * LDAP servers of an organization (Casdoor's
 * Ldap): a directory whose users are synced into the organization (by hand from the sync page, or
 * every `autoSync` minutes), and whose users then sign in with their directory password. A record is
 * keyed by a generated `id`, not a name (Casdoor's wire: id=owner/<id>). Organization
 * administrators manage their own organization's servers; only global admins move one to another
 * organization.
 */
export const ldap = defineEntity({
  name: 'ldap',
  table: 'ldap',
  keyField: 'id',
  ...organizationRecords,
  fields: {
    owner: organizationOwner(),
    // Generated when the server is added (a UUID) and read-only afterwards (the edit page shows the ID read-only).
    id: text({ max: 100, sortable: true, pattern: NAME_PATTERN, editable: ({ adding }) => adding === true }),
    createdTime: timestamp({ sortable: true }),
    serverName: text({ max: 100, sortable: true, searchable: true }),
    host: text({
      max: 255,
      sortable: true,
      searchable: true,
      pattern: HOST_PATTERN,
      patternMessage: 'must be a host name or an IP address',
    }),
    port: int({ min: 0, max: 65535 }),
    // LDAPS (TLS from the first byte), or StartTLS on port 389; certificates are verified unless self-signed ones are allowed.
    enableSsl: bool(),
    allowSelfSignedCert: bool(),
    baseDn: text({ max: 500 }),
    filter: text({ max: 500 }),
    filterFields: stringList({ options: LDAP_FILTER_FIELDS, strict: true, maxItems: LDAP_FILTER_FIELDS.length }),
    /** The DN the server binds as to search the directory. */
    username: text({ max: 500 }),
    password: secret({ max: 500 }),
    passwordType: enumOf(LDAP_PASSWORD_TYPES),
    /** A group of the organization (owner/name) that synced users join, or empty. */
    defaultGroup: text({ max: 201, refId: 'group', pattern: GROUP_ID_PATTERN, patternMessage: 'must be a group id owner/name' }),
    usernameAttribute: enumOf(LDAP_USERNAME_ATTRIBUTES),
    /** Minutes between automatic syncs of every directory user; 0 turns them off. */
    autoSync: int({ min: 0, max: LDAP_MAX_AUTO_SYNC }),
    lastSync: timestamp(),
  },
  // The defaults of a new LDAP server: an example server name, host and bind name, port 389, auto sync off. The
  // server generates the id; there is no default password.
  newRecord: ({ organization, now }) => ({
    owner: organization,
    createdTime: now(),
    serverName: 'Example LDAP Server',
    host: 'example.com',
    port: 389,
    username: 'cn=admin,dc=example,dc=com',
    baseDn: 'ou=People,dc=example,dc=com',
    filter: LDAP_DEFAULT_FILTER,
    passwordType: 'Plain',
    usernameAttribute: 'uid',
    autoSync: 0,
  }),
  list: {
    columns: [
      { field: 'serverName' },
      { field: 'host' },
      { field: 'port', width: 90 },
      { field: 'baseDn' },
      { field: 'autoSync', width: 110 },
      { field: 'lastSync' },
    ],
    pageSize: 10,
  },
  form: [
    'owner',
    'id',
    'serverName',
    'host',
    'port',
    'enableSsl',
    'allowSelfSignedCert',
    'baseDn',
    'filter',
    'filterFields',
    'username',
    'password',
    'passwordType',
    'defaultGroup',
    'usernameAttribute',
    'autoSync',
    'lastSync',
  ],
});

export type Ldap = RecordOf<typeof ldap.fields>;

/**
 * A user of the directory as the sync page shows it and sync-ldap-users takes it (Casdoor's
 * LdapUser, spec "LDAP directory user"): `uuid` is the entry's entryUUID (objectGUID on Active
 * Directory), which a synced user keeps in its `ldap` field; `uid` is the value of the server's
 * username attribute.
 */
export interface LdapDirectoryUser {
  cn: string;
  uid: string;
  uidNumber: string;
  groupId: string;
  uuid: string;
  displayName: string;
  email: string;
  mobile: string;
  address: string;
}

/** get-ldap-users: the directory's users and the uuids of those already synced into the organization. */
export interface LdapUsersAnswer {
  users: LdapDirectoryUser[];
  existUuids: string[];
}

/** sync-ldap-users: the selected users that were already there, and those that could not be added. */
export interface LdapSyncAnswer {
  exist: LdapDirectoryUser[];
  failed: LdapDirectoryUser[];
}
