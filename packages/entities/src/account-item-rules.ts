import type { AccountItem } from './account-items.js';
import { matchesItemRegex } from './auth-rules.js';

/**
 * What an organization's account items mean for one user record: which fields each item stands
 * for, who may see it and who may change it. The user form (console) and /api/update-user (server)
 * both decide with these functions.
 */

/**
 * The user fields behind each account item that is a field of the record (the others are blocks of
 * the user page: MFA, WebAuthn, third-party logins ...). Public profiles show exactly the fields of
 * the visible items whose view rule is Public.
 */
export const ACCOUNT_ITEM_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Organization: ['owner'],
  ID: ['id'],
  Name: ['name'],
  'Display name': ['displayName'],
  'First name': ['firstName'],
  'Last name': ['lastName'],
  Avatar: ['avatar'],
  'User type': ['type'],
  Password: ['password'],
  Email: ['email'],
  Phone: ['phone'],
  'Country code': ['countryCode'],
  'Country/Region': ['region'],
  Location: ['location'],
  Address: ['address'],
  Affiliation: ['affiliation'],
  Title: ['title'],
  'ID card type': ['idCardType'],
  'ID card': ['idCard'],
  'Real name': ['realName'],
  Homepage: ['homepage'],
  Bio: ['bio'],
  Tag: ['tag'],
  Language: ['language'],
  Gender: ['gender'],
  Birthday: ['birthday'],
  Education: ['education'],
  Balance: ['balance'],
  'Balance currency': ['balanceCurrency'],
  Score: ['score'],
  Karma: ['karma'],
  Ranking: ['ranking'],
  'Signup application': ['signupApplication'],
  Groups: ['groups'],
  Consents: ['applicationScopes'],
  Properties: ['properties'],
  'Is admin': ['isAdmin'],
  'Is forbidden': ['isForbidden'],
  'Is deleted': ['isDeleted', 'deletedTime'],
  'Last change password time': ['lastChangePasswordTime'],
  'Managed accounts': ['managedAccounts'],
  'Face ID': ['faceIds'],
  'MFA accounts': ['mfaAccounts'],
  'Need update password': ['needUpdatePassword'],
  'IP whitelist': ['ipWhitelist'],
};

/** The account item a user field belongs to, if any. */
export function accountItemNameOf(field: string): string | undefined {
  for (const [name, fields] of Object.entries(ACCOUNT_ITEM_FIELDS)) if (fields.includes(field)) return name;
  return undefined;
}

/** Who looks at or edits a user record: its own user, an administrator of its organization, both or neither. */
export interface ItemViewer {
  /** The record is the viewer's own. */
  self: boolean;
  /** The viewer administers the record's organization (or everything). */
  admin: boolean;
}

/** Public to all, Self to the user or an admin, Admin to admins; hidden items to nobody. */
export function itemVisible(item: AccountItem, viewer: ItemViewer): boolean {
  if (!item.visible) return false;
  if (item.viewRule === 'Self') return viewer.self || viewer.admin;
  if (item.viewRule === 'Admin') return viewer.admin;
  return true;
}

/**
 * Why the viewer may not change an item's value, as a server message key with its values, or null
 * when they may: Self needs the user or an admin, Admin needs an admin, Immutable never;
 * an item only admins may see is only admins' to change.
 */
export function itemChangeRefusal(
  item: AccountItem,
  viewer: ItemViewer,
): { key: 'accountItemAdminOnly' | 'accountItemImmutable'; name: string } | null {
  if (item.modifyRule === 'Immutable') return { key: 'accountItemImmutable', name: item.name };
  if ((item.modifyRule === 'Admin' || item.viewRule === 'Admin') && !viewer.admin)
    return { key: 'accountItemAdminOnly', name: item.name };
  if (!viewer.self && !viewer.admin) return { key: 'accountItemAdminOnly', name: item.name };
  return null;
}

/** Whether the viewer may change an item's value (the form disables it otherwise). */
export function itemEditable(item: AccountItem, viewer: ItemViewer): boolean {
  return itemChangeRefusal(item, viewer) === null;
}

/**
 * Whether a value fits an item's regex (unanchored, as Casdoor reads it); an empty regex accepts
 * everything, one that is not a valid pattern nothing.
 */
export function fitsItemRegex(item: AccountItem, value: unknown): boolean {
  if (!item.regex) return true;
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  return matchesItemRegex(item.regex, text) === true;
}

/** The organization's item of that name, if it lists one. */
export function accountItemNamed(items: readonly AccountItem[], name: string): AccountItem | undefined {
  return items.find((item) => item.name === name);
}
