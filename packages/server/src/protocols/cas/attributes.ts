import { fieldEntries, type User, user as userDef } from '@gatehouse/entities';
import type { CasTicket } from './tickets.js';

/** One released attribute: a name and its values (several for lists such as groups). */
export type Attribute = [name: string, values: string[]];

/**
 * The attributes released with a CAS 3.0 validation (and SAML 1.1), as Casdoor releases them
 * (object/cas.go GenerateCasToken): the authentication attributes (authenticationDate,
 * longTermAuthenticationRequestTokenUsed, isFromNewLogin, memberOf = the user's groups), then every
 * non-empty field of the user — name, owner, id, displayName, email, phone, firstName, lastName,
 * title, affiliation, avatar, groups ... Passwords, hidden fields and the free-form properties are
 * never released (Casdoor drops Properties and masks the password too).
 */
export function releasedAttributes(user: User, ticket: CasTicket): Attribute[] {
  const groups = user.groups.filter(Boolean);
  const fields: Record<string, unknown> = user;
  const out: Attribute[] = [
    ['authenticationDate', [ticket.authTime]],
    ['longTermAuthenticationRequestTokenUsed', ['false']],
    ['isFromNewLogin', [String(ticket.fresh)]],
  ];
  if (groups.length > 0) out.push(['memberOf', groups]);
  for (const [key, field] of fieldEntries(userDef)) {
    if (field.hidden || field.kind === 'password' || field.kind === 'secret' || field.kind === 'json') continue;
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = value.map(String).filter(Boolean);
      if (items.length > 0) out.push([key, items]);
    } else if (typeof value === 'boolean' || typeof value === 'number') {
      out.push([key, [String(value)]]);
    } else if (String(value) !== '') {
      out.push([key, [String(value)]]);
    }
  }
  return out;
}

/** Attributes whose value is a list (always an array in JSON, even with one element). */
export function isListAttribute(name: string): boolean {
  if (name === 'memberOf') return true;
  return fieldEntries(userDef).some(([key, field]) => key === name && field.kind === 'list');
}
