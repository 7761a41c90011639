import type { LdapDirectoryUser, LdapUsernameAttribute } from '@gatehouse/entities';
import { decodePostalAddress, type Entry, escapeFilter, FilterParser } from 'ldapts';

/**
 * Directory entries as users (Casdoor's LdapUser and AutoAdjustLdapUser): which attributes are read,
 * how their values become the fields of a directory user, and the filters that find users.
 */

/** Attributes read from a user entry; objectGUID (Active Directory) is binary. */
export const USER_ATTRIBUTES = [
  'uidNumber',
  'uid',
  'sAMAccountName',
  'cn',
  'sn',
  'gidNumber',
  'entryUUID',
  'objectGUID',
  'displayName',
  'mail',
  'email',
  'emailAddress',
  'telephoneNumber',
  'mobile',
  'mobileTelephoneNumber',
  'registeredAddress',
  'postalAddress',
];
export const BINARY_ATTRIBUTES = ['objectGUID'];

/** The filter that lists every entry when a server has none (Casdoor's); "{}" placeholders match anything. */
export function listFilter(filter: string): string {
  const trimmed = filter.trim();
  if (trimmed === '') return '(objectClass=*)';
  return trimmed.replaceAll('{}', '*');
}

/** Why a search filter is not one the directory would take (ldapts's parser), or null; empty lists every entry. */
export function filterProblem(filter: string): string | null {
  try {
    FilterParser.parseString(listFilter(filter));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A value as filter text: the filter's special characters escaped (RFC 4515), never syntax. */
const escaped = (value: string) => escapeFilter`${value}`;

/** The user values a sign-in's filter fields match against (Casdoor's getFieldFromLdapAttribute). */
export interface SigninUser {
  name: string;
  email: string;
  phone: string;
}

const FIELD_VALUES: Record<string, (user: SigninUser) => string> = {
  uid: (user) => user.name,
  sAMAccountName: (user) => user.name,
  mail: (user) => user.email,
  mobile: (user) => user.phone,
};

/**
 * The filter that finds a signing-in user's entry (Casdoor's buildAuthFilterString): the server's
 * filter and, with filter fields, any of them matching the user's value for it (fields the user has
 * no value for are left out), else the username attribute matching the user's name.
 */
export function signinFilter(
  server: { filter: string; filterFields: readonly string[]; usernameAttribute: LdapUsernameAttribute },
  user: SigninUser,
): string {
  const base = listFilter(server.filter);
  const terms = server.filterFields
    .map((field) => [field, FIELD_VALUES[field]?.(user) ?? ''] as const)
    .filter(([, value]) => value !== '')
    .map(([field, value]) => `(${field}=${escaped(value)})`);
  if (server.filterFields.length === 0 || terms.length === 0) {
    return `(&${base}(${server.usernameAttribute}=${escaped(user.name)}))`;
  }
  return `(&${base}(|${terms.join('')}))`;
}

/** The first value of an attribute as text ('' when absent). */
function first(entry: Entry, attribute: string): string {
  const value = entry[attribute];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return '';
  return Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
}

/**
 * An entry as a row of attribute values (the syncers' LDAP type): the first value of each attribute
 * by the directory's own name for it, binary attributes (objectGUID) as GUID text, and the entry's
 * DN as `dn`. A multi-valued attribute gives its first value, as Casdoor's directory reads do.
 */
export function attributeRow(entry: Entry): Record<string, string> {
  const row: Record<string, string> = {};
  for (const attribute of Object.keys(entry)) {
    if (attribute === 'dn') continue;
    const value = entry[attribute];
    const one = Array.isArray(value) ? value[0] : value;
    if (Buffer.isBuffer(one) && BINARY_ATTRIBUTES.some((binary) => binary.toLowerCase() === attribute.toLowerCase())) {
      row[attribute] = guidText(one);
    } else {
      row[attribute] = first(entry, attribute);
    }
  }
  row.dn = entry.dn;
  return row;
}

/**
 * Active Directory's objectGUID (16 bytes, the first three groups little-endian) as the usual GUID
 * text, 8-4-4-4-12 hexadecimal digits.
 */
export function guidText(bytes: Buffer): string {
  if (bytes.length !== 16) return bytes.toString('hex');
  const hex = (start: number, end: number, reverse: boolean) => {
    const part = Buffer.from(bytes.subarray(start, end));
    return (reverse ? part.reverse() : part).toString('hex');
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
}

/** The entry's stable id: entryUUID (OpenLDAP and most directories), objectGUID (Active Directory). */
function uuidOf(entry: Entry): string {
  const entryUuid = first(entry, 'entryUUID');
  if (entryUuid) return entryUuid;
  const guid = entry.objectGUID;
  const bytes = Array.isArray(guid) ? guid[0] : guid;
  return Buffer.isBuffer(bytes) ? guidText(bytes) : '';
}

const anyOf = (...values: string[]) => values.find((value) => value !== '') ?? '';

/** A postal address's lines ("$" separated in the directory) on one line. */
function addressOf(entry: Entry): string {
  const raw = anyOf(first(entry, 'postalAddress'), first(entry, 'registeredAddress'));
  return raw ? decodePostalAddress(raw, ', ') : '';
}

/**
 * A directory entry as a user. `uid` is the value of the server's username attribute: the name the
 * user gets here. The uuid falls back to the uid, then the common name, for directories that keep
 * no entry UUID (Casdoor's GetLdapUuid).
 */
export function directoryUserOf(entry: Entry, usernameAttribute: LdapUsernameAttribute): LdapDirectoryUser & { dn: string } {
  const uid = first(entry, usernameAttribute);
  const cn = first(entry, 'cn');
  return {
    dn: entry.dn,
    cn,
    uid,
    uidNumber: first(entry, 'uidNumber'),
    groupId: first(entry, 'gidNumber'),
    uuid: anyOf(uuidOf(entry), uid, cn),
    displayName: first(entry, 'displayName'),
    email: anyOf(first(entry, 'email'), first(entry, 'emailAddress'), first(entry, 'mail')),
    mobile: anyOf(first(entry, 'mobile'), first(entry, 'mobileTelephoneNumber'), first(entry, 'telephoneNumber')),
    address: addressOf(entry),
  };
}

/** The attribute values of a DN's components of one type, joined with "." (dc=example,dc=com → example.com). */
export function dnComponents(dn: string, type: string): string {
  return dn
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.toLowerCase().startsWith(`${type.toLowerCase()}=`))
    .map((part) => part.slice(type.length + 1))
    .join('.');
}
