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

/** The name of a row added in the editor before an item is chosen; such rows are dropped on save. */
export const ACCOUNT_ITEM_PLACEHOLDER = 'Please select an account item';

/** The items whose value a regex may constrain (Casdoor's list). */
export const REGEX_ACCOUNT_ITEMS: readonly string[] = [
  'Display name',
  'Password',
  'Email',
  'Phone',
  'Location',
  'Title',
  'Homepage',
  'Bio',
  'Gender',
  'Birthday',
  'Education',
  'ID card',
  'ID card type',
];

/** Whether a row is an unchosen editor row (Casdoor adds spaces to keep such names apart). */
export function isPlaceholderItem(item: { name: string }): boolean {
  return item.name.trim() === ACCOUNT_ITEM_PLACEHOLDER;
}

/** The modify rules an item may have: only Admin or Immutable where only administrators see it, and for Is admin. */
export function modifyRulesOf(item: { name: string; viewRule: string }): readonly string[] {
  return item.viewRule === 'Admin' || item.name === 'Is admin' ? ['Admin', 'Immutable'] : MODIFY_RULES;
}

/** What is wrong with an organization's account items (message keys of the server's catalogue), or null. */
export type AccountItemProblem =
  | { key: 'accountItemUnknown'; params: { name: string } }
  | { key: 'accountItemRepeated'; params: { name: string } }
  | { key: 'accountItemRegexNotAllowed'; params: { name: string } }
  | { key: 'accountItemRegexInvalid'; params: { name: string; detail: string } }
  | { key: 'accountItemModifyRule'; params: { name: string; rule: string } };

/** Whether `regex` compiles as a JavaScript regular expression; the error's text when it does not. */
export function regexError(regex: string): string | null {
  try {
    new RegExp(regex);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The first problem of a list of account items (placeholder rows left out): names of the known
 * items, each once; a regex only on the items that take one, and one that compiles; Admin or
 * Immutable as the modify rule of items only administrators see and of Is admin.
 */
export function accountItemsProblem(items: readonly AccountItem[]): AccountItemProblem | null {
  const known = new Set<string>(ACCOUNT_ITEM_NAMES);
  const seen = new Set<string>();
  for (const item of items) {
    if (isPlaceholderItem(item)) continue;
    const { name } = item;
    if (!known.has(name)) return { key: 'accountItemUnknown', params: { name } };
    if (seen.has(name)) return { key: 'accountItemRepeated', params: { name } };
    seen.add(name);
    if (item.regex !== '') {
      if (!REGEX_ACCOUNT_ITEMS.includes(name)) return { key: 'accountItemRegexNotAllowed', params: { name } };
      const detail = regexError(item.regex);
      if (detail) return { key: 'accountItemRegexInvalid', params: { name, detail } };
    }
    if (item.modifyRule !== '' && !modifyRulesOf(item).includes(item.modifyRule))
      return { key: 'accountItemModifyRule', params: { name, rule: item.modifyRule } };
  }
  return null;
}
