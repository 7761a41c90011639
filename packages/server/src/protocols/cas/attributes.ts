import type { ReleasedUser } from '@gatehouse/entities';
import type { CasTicket } from './tickets.js';

/**
 * One released attribute: a name, its values, and whether it is a list (groups, address: an array
 * in JSON even with one value).
 */
export type Attribute = [name: string, values: string[], list?: boolean];

/**
 * The attributes released with a CAS 3.0 validation (and SAML 1.1), as Casdoor releases them
 * (object/token_cas.go GenerateCasToken): the authentication attributes (authenticationDate,
 * longTermAuthenticationRequestTokenUsed, isFromNewLogin, memberOf = the user's groups), then every
 * non-empty field of the released user (`releasedUser`: the allow-list of what a relying party may
 * learn) — name, owner, id, displayName, email, phone, firstName, lastName, title, affiliation,
 * avatar, groups ... The free-form properties are not released (Casdoor drops them too); roles
 * and permissions are lists of their names.
 */
export function releasedAttributes(user: ReleasedUser, ticket: CasTicket): Attribute[] {
  const groups = user.groups.filter(Boolean);
  return [
    ['authenticationDate', [ticket.authTime]],
    ['longTermAuthenticationRequestTokenUsed', ['false']],
    ['isFromNewLogin', [String(ticket.fresh)]],
    ...(groups.length > 0 ? [['memberOf', groups, true] satisfies Attribute] : []),
    ...attributesOf(user),
  ];
}

/** Every non-empty field of the released user as an attribute (lists as lists; roles and permissions by name). */
export function attributesOf(user: ReleasedUser): Attribute[] {
  const { properties: _properties, roles, permissions, ...rest } = user;
  const released = { ...rest, roles: roles.map((role) => role.name), permissions: permissions.map((p) => p.name) };
  const out: Attribute[] = [];
  for (const [key, value] of Object.entries(released)) {
    if (Array.isArray(value)) {
      const items = value.map(String).filter(Boolean);
      if (items.length > 0) out.push([key, items, true]);
    } else if (String(value) !== '') {
      out.push([key, [String(value)]]);
    }
  }
  return out;
}
