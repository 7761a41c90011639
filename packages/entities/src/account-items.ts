/** The default account items of a new organization: which user fields show and who may edit them. */

export const VIEW_RULES = ['Public', 'Self', 'Admin'] as const;
export const MODIFY_RULES = ['Self', 'Admin', 'Immutable'] as const;

export interface AccountItem {
  name: string;
  visible: boolean;
  viewRule: string;
  modifyRule: string;
  regex: string;
}

const PUBLIC_ADMIN = new Set([
  'Organization',
  'Name',
  'User type',
  'Country code',
  'Tag',
  'Signup application',
  'Register type',
  'Register source',
  'Groups',
]);
const PUBLIC_IMMUTABLE = new Set(['ID', 'Roles', 'Permissions']);
const SELF_SELF = new Set([
  'Password',
  'ID card info',
  'ID verification',
  'Balance',
  'Balance credit',
  'Balance currency',
  'Cart',
  'Transactions',
  'Consents',
  '3rd-party logins',
  'Multi-factor authentication',
  'MFA items',
  'WebAuthn credentials',
  'Managed accounts',
  'Face ID',
  'MFA accounts',
]);
const ADMIN_ADMIN = new Set([
  'UID number',
  'Properties',
  'Is online',
  'Is admin',
  'Is forbidden',
  'Is deleted',
  'Last change password time',
  'Need update password',
  'IP whitelist',
]);

/** Account item names in the order the user form shows them. */
export const ACCOUNT_ITEM_NAMES = [
  'Organization',
  'ID',
  'Name',
  'Display name',
  'First name',
  'Last name',
  'Avatar',
  'User type',
  'Password',
  'Email',
  'Phone',
  'Country code',
  'Country/Region',
  'Location',
  'Address',
  'Addresses',
  'Affiliation',
  'Title',
  'ID card type',
  'ID card',
  'ID card info',
  'Real name',
  'ID verification',
  'Homepage',
  'Bio',
  'Tag',
  'Language',
  'Gender',
  'Birthday',
  'Education',
  'Balance',
  'Balance credit',
  'Balance currency',
  'Cart',
  'Transactions',
  'UID number',
  'Score',
  'Karma',
  'Ranking',
  'Signup application',
  'Register type',
  'Register source',
  'Roles',
  'Permissions',
  'Groups',
  'Consents',
  '3rd-party logins',
  'Properties',
  'Is online',
  'Is admin',
  'Is forbidden',
  'Is deleted',
  'Multi-factor authentication',
  'MFA items',
  'WebAuthn credentials',
  'Last change password time',
  'Managed accounts',
  'Face ID',
  'MFA accounts',
  'Need update password',
  'IP whitelist',
] as const;

function rulesOf(name: string): [string, string] {
  if (PUBLIC_ADMIN.has(name)) return ['Public', 'Admin'];
  if (PUBLIC_IMMUTABLE.has(name)) return ['Public', 'Immutable'];
  if (SELF_SELF.has(name)) return ['Self', 'Self'];
  if (ADMIN_ADMIN.has(name)) return ['Admin', 'Admin'];
  return ['Public', 'Self'];
}

export function defaultAccountItems(): AccountItem[] {
  return ACCOUNT_ITEM_NAMES.map((name) => {
    const [viewRule, modifyRule] = rulesOf(name);
    return { name, visible: true, viewRule, modifyRule, regex: '' };
  });
}
