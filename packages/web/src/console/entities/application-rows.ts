import {
  ADMIN_OWNER,
  type ApplicationProvider,
  type CustomScope,
  PROVIDER_RULES,
  SAML_NAME_FORMATS,
  type SamlAttribute,
  SIGNIN_ITEM_NAMES,
  SIGNIN_ITEM_RULES,
  SIGNIN_METHOD_RULES,
  SIGNIN_METHODS,
  SIGNUP_ITEM_NAMES,
  SIGNUP_ITEM_RULES,
  type SigninItem,
  type SigninMethod,
  type SignupItem,
  signinItem,
  signupItem,
} from '@gatehouse/entities';

/**
 * The row rules of the application's tables, pure so that they are unit
 * tested; application-tables.tsx binds them to list editors. The server enforces the ones that
 * protect data (application.hooks.ts); these keep the console from offering what it would refuse.
 */

/** Names of `all` not used by the rows other than `index` (a row keeps its own). */
function unusedNames(all: readonly string[], rows: readonly { name: string }[], index: number): string[] {
  const taken = new Set(rows.filter((_, i) => i !== index).map((row) => row.name));
  return all.filter((name) => !taken.has(name));
}

const firstUnused = (all: readonly string[], rows: readonly { name: string }[]) => unusedNames(all, rows, -1)[0];

export const signinMethodRows = {
  /** Each method once. */
  nameOptions: (_row: SigninMethod, index: number, rows: readonly SigninMethod[]) => unusedNames(SIGNIN_METHODS, rows, index),
  ruleOptions: (row: SigninMethod) => SIGNIN_METHOD_RULES[row.name] ?? [],
  /** The last method cannot be deleted. */
  undeletable: (_row: SigninMethod, _index: number, rows: readonly SigninMethod[]) => rows.length <= 1,
  canAdd: (rows: readonly SigninMethod[]) => firstUnused(SIGNIN_METHODS, rows) !== undefined,
  newRow: (rows: readonly SigninMethod[]): SigninMethod => {
    const name = (firstUnused(SIGNIN_METHODS, rows) ?? 'Password') as SigninMethod['name'];
    return { name, displayName: name, rule: SIGNIN_METHOD_RULES[name]?.[0] ?? 'None' };
  },
  /** A new method gets its first rule, and its name as display name unless one was typed. */
  onCellChange: (next: SigninMethod, key: string, previous: SigninMethod): SigninMethod => {
    if (key !== 'name') return next;
    const displayName = previous.displayName === '' || previous.displayName === previous.name ? next.name : next.displayName;
    return { ...next, displayName, rule: SIGNIN_METHOD_RULES[next.name]?.[0] ?? 'None' };
  },
};

const signupRulesOf = (name: string) => SIGNUP_ITEM_RULES[name];

export const signupItemRows = {
  nameOptions: (_row: SignupItem, index: number, rows: readonly SignupItem[]) => unusedNames(SIGNUP_ITEM_NAMES, rows, index),
  /** Rule choices of the item; items without any show None, fixed. */
  ruleOptions: (row: SignupItem) => signupRulesOf(row.name) ?? ['None'],
  ruleDisabled: (row: SignupItem) => signupRulesOf(row.name) === undefined,
  /** The ID item is never shown on the form: it has no visibility toggle. */
  visibilityAbsent: (row: SignupItem) => row.name === 'ID',
  /** The Password item cannot be made optional. */
  requiredDisabled: (row: SignupItem) => row.name === 'Password' && row.required,
  /** Choices only mean something for the choice types. */
  optionsDisabled: (row: SignupItem) => row.type === 'Input' || row.type === '',
  /** The Signup button item cannot be deleted. */
  undeletable: (row: SignupItem) => row.name === 'Signup button',
  canAdd: (rows: readonly SignupItem[]) => firstUnused(SIGNUP_ITEM_NAMES, rows) !== undefined,
  newRow: (rows: readonly SignupItem[]): SignupItem => {
    const name = firstUnused(SIGNUP_ITEM_NAMES, rows) ?? '';
    return signupItem(name, { rule: signupRulesOf(name)?.[0] ?? 'None' });
  },
  /**
   * Turning an item visible makes it required, hiding it makes it optional (the Password item
   * stays required); a renamed item gets its first rule.
   */
  onCellChange: (next: SignupItem, key: string): SignupItem => {
    if (key === 'visible') return { ...next, required: next.name === 'Password' ? true : next.visible };
    if (key === 'name')
      return { ...next, rule: signupRulesOf(next.name)?.[0] ?? 'None', required: next.name === 'Password' || next.required };
    return next;
  },
};

/** Casdoor's name for a custom item, "Text <n>", with the first n no row uses. */
export function customItemName(rows: readonly { name: string }[]): string {
  const taken = new Set(rows.map((row) => row.name));
  let n = 1;
  while (taken.has(`Text ${n}`)) n++;
  return `Text ${n}`;
}

/** A custom item: shown, with its HTML (kept in customCss, as Casdoor does) still to be written. */
const customSigninRow = (rows: readonly SigninItem[]): SigninItem => signinItem(customItemName(rows), { isCustom: true });

export const signinItemRows = {
  /** Built-in items each once; custom items have free names. */
  nameOptions: (_row: SigninItem, index: number, rows: readonly SigninItem[]) => unusedNames(SIGNIN_ITEM_NAMES, rows, index),
  nameKind: (row: SigninItem) => (row.isCustom ? ('text' as const) : ('select' as const)),
  customRow: customSigninRow,
  /** The first built-in item not listed yet; once all are listed, a custom item. */
  newRow: (rows: readonly SigninItem[]): SigninItem => {
    const name = firstUnused(SIGNIN_ITEM_NAMES, rows);
    return name === undefined ? customSigninRow(rows) : signinItem(name);
  },
  /** A custom item's customCss is its HTML, edited in a multi-line editor rather than in the table. */
  customCssAbsent: (row: SigninItem) => row.isCustom,
  /** The rule choices of the row's item (none for items without rules, and for custom items). */
  ruleOptions: (row: SigninItem) => (row.isCustom ? [] : (SIGNIN_ITEM_RULES[row.name] ?? [])),
  ruleAbsent: (row: SigninItem) => row.isCustom || !SIGNIN_ITEM_RULES[row.name],
  /**
   * A row turned custom keeps its name as free text; one turned built-in needs a built-in name.
   * A renamed item takes the first rule of its new item ("None" when it has none).
   */
  onCellChange: (next: SigninItem, key: string, _previous: SigninItem, rows: readonly SigninItem[] = []): SigninItem => {
    let row = next;
    if (key === 'isCustom' && !row.isCustom && !(SIGNIN_ITEM_NAMES as readonly string[]).includes(row.name)) {
      row = { ...row, name: firstUnused(SIGNIN_ITEM_NAMES, rows) ?? row.name };
    }
    if (key === 'name' || key === 'isCustom') {
      const rules = row.isCustom ? undefined : SIGNIN_ITEM_RULES[row.name];
      if (!rules?.includes(row.rule)) row = { ...row, rule: rules?.[0] ?? 'None' };
    }
    return row;
  },
};

/** Provider rules across provider kinds, for rows whose provider is not known to be a captcha. */
export const PROVIDER_RULE_OPTIONS = [...new Set(Object.values(PROVIDER_RULES).flat())];

/**
 * The rule choices of a provider row: a row naming one of the organization's Captcha providers
 * (`captchaNames`) takes None, Dynamic or Always; other rows keep every rule.
 */
export function providerRuleOptions(row: ApplicationProvider, captchaNames: ReadonlySet<string>): readonly string[] {
  return captchaNames.has(row.name) ? PROVIDER_RULES.captcha : PROVIDER_RULE_OPTIONS;
}

/** A row renamed to a Captcha provider gets a captcha rule (None unless it already has one). */
export function providerRowAfterChange(next: ApplicationProvider, captchaNames: ReadonlySet<string>): ApplicationProvider {
  const rules: readonly string[] = PROVIDER_RULES.captcha;
  if (captchaNames.has(next.name) && !rules.includes(next.rule)) return { ...next, rule: 'None' };
  return next;
}

/** A provider an application may list, as its Providers table shows it. */
export interface ProviderChoice {
  owner: string;
  name: string;
  displayName: string;
  category: string;
  type: string;
}

/**
 * The choices of a row's provider picker from the providers found: one per name, the
 * organization's own over a shared one of the same name (as the sign-in pages choose), without
 * the names the other rows already list.
 */
export function providerChoices(
  found: readonly ProviderChoice[],
  organization: string,
  taken: readonly string[],
): ProviderChoice[] {
  const byName = new Map<string, ProviderChoice>();
  for (const choice of found) {
    if (choice.owner !== organization && choice.owner !== ADMIN_OWNER) continue;
    const seen = byName.get(choice.name);
    if (!seen || (seen.owner === ADMIN_OWNER && choice.owner === organization)) byName.set(choice.name, choice);
  }
  return [...byName.values()].filter((choice) => !taken.includes(choice.name));
}

export const providerRows = {
  newRow: (): ApplicationProvider => ({
    name: '',
    canSignUp: true,
    canSignIn: true,
    canUnlink: true,
    prompted: false,
    signupGroup: '',
    rule: '',
    countryCodes: [],
  }),
};

/** A custom scope row (the scope name is required; the consent screen shows its display name and description). */
export const customScopeRows = {
  newRow: (): CustomScope => ({ scope: '', displayName: '', description: '' }),
};

export const samlAttributeRows = {
  newRow: (): SamlAttribute => ({ name: '', nameFormat: SAML_NAME_FORMATS[0], value: '' }),
};
