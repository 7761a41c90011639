/**
 * The rules of the sign-in and sign-up pages, shared by the server, which
 * enforces them, and the console, which applies them early and renders from them. No zod here:
 * the public pages import this through `@gatehouse/entities/plain`.
 */

/** The parts of an application's table rows these rules read. */
export interface ItemRow {
  name: string;
  visible?: boolean;
  required?: boolean;
  rule?: string;
}

export interface SignupItemRow extends ItemRow {
  type?: string;
  label?: string;
  placeholder?: string;
  options?: readonly string[];
  regex?: string;
}

export interface SigninMethodRow {
  name: string;
  displayName?: string;
  rule?: string;
}

export function findItem<T extends { name: string }>(rows: readonly T[] | null | undefined, name: string): T | undefined {
  return rows?.find((row) => row.name === name);
}

export function isItemVisible(rows: readonly ItemRow[] | null | undefined, name: string): boolean {
  return !!findItem(rows, name)?.visible;
}

/** Visible and required. */
export function isItemRequired(rows: readonly ItemRow[] | null | undefined, name: string): boolean {
  const row = findItem(rows, name);
  return !!row?.visible && !!row.required;
}

export function itemRule(rows: readonly ItemRow[] | null | undefined, name: string): string {
  return findItem(rows, name)?.rule ?? '';
}

// Sign-in.

/**
 * Whether the application accepts password sign-in (Casdoor's rule): enablePassword, and a
 * Password sign-in method when the application lists any methods at all.
 */
export function isPasswordSigninEnabled(app: { enablePassword?: boolean; signinMethods?: readonly SigninMethodRow[] }): boolean {
  if (!app.enablePassword) return false;
  const methods = app.signinMethods ?? [];
  return methods.length === 0 || methods.some((m) => m.name === 'Password');
}

/**
 * Where sign-in codes may be sent (Casdoor's IsCodeSigninViaEmailEnabled / IsCodeSigninViaSmsEnabled):
 * with sign-in methods listed, a Verification code method whose rule is not "Phone only" (e-mail)
 * or not "Email only" (SMS); without any, the application's enableCodeSignin.
 */
export function codeSigninChannels(app: { enableCodeSignin?: boolean; signinMethods?: readonly SigninMethodRow[] }): {
  email: boolean;
  phone: boolean;
} {
  const methods = app.signinMethods ?? [];
  if (methods.length === 0) return { email: !!app.enableCodeSignin, phone: !!app.enableCodeSignin };
  const code = methods.filter((m) => m.name === 'Verification code');
  return {
    email: code.some((m) => m.rule !== 'Phone only'),
    phone: code.some((m) => m.rule !== 'Email only'),
  };
}

/** The sign-in method of passkeys (Casdoor's name). */
export const WEBAUTHN_SIGNIN_METHOD = 'WebAuthn';

/**
 * Whether the application accepts sign-in with a passkey (Casdoor's isWebAuthnEnabled): it lists a
 * WebAuthn sign-in method.
 */
export function isWebAuthnSigninEnabled(app: { signinMethods?: readonly SigninMethodRow[] }): boolean {
  return (app.signinMethods ?? []).some((m) => m.name === WEBAUTHN_SIGNIN_METHOD);
}

/** The sign-in method of users synced from an LDAP server, with their directory password (Casdoor's name). */
export const LDAP_SIGNIN_METHOD = 'LDAP';

/** Whether the application lists the LDAP sign-in method (Casdoor's IsLdapEnabled). */
export function isLdapSigninEnabled(app: { signinMethods?: readonly SigninMethodRow[] }): boolean {
  return (app.signinMethods ?? []).some((m) => m.name === LDAP_SIGNIN_METHOD);
}

/**
 * Whether the Password method also signs in users synced from an LDAP server, with their directory
 * password (Casdoor's IsPasswordWithLdapEnabled): its rule is All (Non-LDAP and Hide password keep
 * them out); an application listing no methods takes them when it takes passwords.
 */
export function isPasswordWithLdapEnabled(app: {
  enablePassword?: boolean;
  signinMethods?: readonly SigninMethodRow[];
}): boolean {
  const methods = app.signinMethods ?? [];
  if (methods.length === 0) return !!app.enablePassword;
  return methods.some((m) => m.name === 'Password') && passwordMethodRule(app) === 'All';
}

/** The Password method's rule: All, Non-LDAP or Hide password (older applications: Hide-Password). */
export function passwordMethodRule(app: { signinMethods?: readonly SigninMethodRow[] }): 'All' | 'Non-LDAP' | 'Hide password' {
  const rule = findItem(app.signinMethods, 'Password')?.rule ?? 'All';
  if (rule === 'Hide password' || rule === 'Hide-Password') return 'Hide password';
  return rule === 'Non-LDAP' ? 'Non-LDAP' : 'All';
}

/**
 * The terms-of-use agreement, from the rule of the sign-up items' Agreement row: None asks for
 * nothing; Signin asks for a box to be ticked, on the sign-in page (where its Agreement item is
 * visible) and on the sign-up page (where its Agreement row is visible); Signin (Default True)
 * ticks the box in advance.
 */
export function agreementMode(signupItems: readonly ItemRow[] | null | undefined): 'none' | 'unchecked' | 'checked' {
  const rule = itemRule(signupItems, 'Agreement');
  if (rule === 'Signin') return 'unchecked';
  if (rule === 'Signin (Default True)') return 'checked';
  return 'none';
}

// Sign-up.

/** Casdoor's AuthForm field of each sign-up item that carries a value. */
const FORM_FIELDS: Record<string, string> = {
  Username: 'username',
  'Display name': 'name',
  'First name': 'firstName',
  'Last name': 'lastName',
  Affiliation: 'affiliation',
  'Country/Region': 'region',
  Gender: 'gender',
  Bio: 'bio',
  Tag: 'tag',
  Education: 'education',
  'ID card': 'idCard',
  Email: 'email',
  Phone: 'phone',
  Password: 'password',
  'Confirm password': 'confirm',
  'Invitation code': 'invitationCode',
  Agreement: 'agreement',
};

/** Items with a rendering and a check of their own; every other item is a "custom" field. */
const SPECIAL_SIGNUP_ITEMS = new Set([
  'ID',
  'Username',
  'Display name',
  'First name',
  'Last name',
  'Password',
  'Confirm password',
  'Email',
  'Phone',
  'Email or Phone',
  'Phone or Email',
  'Invitation code',
  'Agreement',
  'Signup button',
  'Providers',
]);

/** A "Text ..." item is a block of HTML, not a field. */
export function isTextItem(row: { name: string }): boolean {
  return row.name.startsWith('Text ');
}

/**
 * A field whose input follows the item's type (Input, Single Choice, Multiple Choices), options,
 * regex, placeholder and label: Affiliation, Gender, Bio, Tag, Education, Country/Region, ID card and
 * any item of another name.
 */
export function isCustomSignupItem(row: { name: string }): boolean {
  return !SPECIAL_SIGNUP_ITEMS.has(row.name) && !isTextItem(row);
}

/** The request field an item's value travels in (the item name lowercased for unknown items, as Casdoor does). */
export function signupFieldOf(itemName: string): string {
  return FORM_FIELDS[itemName] ?? itemName.toLowerCase();
}

/** User fields a custom item's value is stored in; the values of other custom items go to properties. */
export const SIGNUP_USER_FIELDS: Record<string, 'affiliation' | 'region' | 'gender' | 'bio' | 'tag' | 'education'> = {
  Affiliation: 'affiliation',
  'Country/Region': 'region',
  Gender: 'gender',
  Bio: 'bio',
  Tag: 'tag',
  Education: 'education',
};

/** The choices of a choice item; the Tag item offers the application's tags when it lists none. */
export function signupChoices(row: SignupItemRow, appTags: readonly string[] = []): string[] {
  const options = [...(row.options ?? [])];
  return options.length === 0 && row.name === 'Tag' ? [...appTags] : options;
}

export function isChoiceItem(row: SignupItemRow): boolean {
  return row.type === 'Single Choice' || row.type === 'Multiple Choices';
}

/** Letters and digits in runs joined by single '-', '_' or '.' (Casdoor's username rule). */
const USERNAME_PATTERN = /^[a-zA-Z0-9]+([-._][a-zA-Z0-9]+)*$/;
export const USERNAME_MAX = 100;

export type UsernameViolation =
  | 'usernameTooShort'
  | 'usernameStartsWithDigit'
  | 'usernameIsEmail'
  | 'usernameHasSpaces'
  | 'usernameTooLong'
  | 'usernameInvalid';

/** The first rule a new username breaks, or null. An e-mail address is a username only where the organization says so. */
export function usernameViolation(username: string, emailAllowed = false): UsernameViolation | null {
  if (Array.from(username).length < 2) return 'usernameTooShort';
  if (/^\p{Nd}/u.test(username)) return 'usernameStartsWithDigit';
  const email = isValidEmail(username);
  if (email && !emailAllowed) return 'usernameIsEmail';
  if (/\s/u.test(username)) return 'usernameHasSpaces';
  if (username.length > USERNAME_MAX) return 'usernameTooLong';
  if (!email && !USERNAME_PATTERN.test(username)) return 'usernameInvalid';
  return null;
}

/** The HTML e-mail input's rule, with a dot required in the domain. */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 255 && EMAIL_PATTERN.test(value);
}

/** A national number of 5 to 15 digits (E.164 allows 15 at most); spaces and dashes are not stored. */
export function isValidPhone(value: string): boolean {
  return /^\d{5,15}$/.test(value);
}

/**
 * Whether `value` matches an item's regex (unanchored, as Casdoor's server reads it). Returns the
 * regex's own error text when it is not a valid pattern.
 */
export function matchesItemRegex(regex: string, value: string): boolean | { error: string } {
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  return pattern.test(value);
}

/** The message keys of the checks below (the server's catalogue and the console's both hold them). */
export type SignupViolationKey =
  | UsernameViolation
  | 'signupItemRequired'
  | 'passwordEmpty'
  | 'confirmPasswordMismatch'
  | 'emailEmpty'
  | 'emailInvalid'
  | 'phoneEmpty'
  | 'phoneInvalid'
  | 'phoneRegionNotAllowed'
  | 'emailOrPhoneEmpty'
  | 'displayNameBlank'
  | 'firstNameBlank'
  | 'lastNameBlank'
  | 'signupOptionInvalid'
  | 'signupRegexInvalid'
  | 'signupRegexMismatch'
  | 'agreementRequired';

export interface SignupViolation {
  key: SignupViolationKey;
  params?: Record<string, string | number>;
}

/** A sign-up request's values as the checks read them: strings, or lists for Multiple Choices items. */
export type SignupValues = Record<string, string | string[] | boolean | undefined>;

export interface SignupContext {
  applicationName: string;
  signupItems: readonly SignupItemRow[];
  /** The organization's country codes (a phone number's code must be one of them, when it lists any). */
  countryCodes: readonly string[];
  /** The organization accepts e-mail addresses as usernames. */
  emailAsUsername: boolean;
  /** The application's tags (the Tag item's choices when it lists none). */
  tags?: readonly string[];
}

function text(values: SignupValues, field: string): string {
  const value = values[field];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

function chosen(values: SignupValues, field: string): string[] {
  const value = values[field];
  if (Array.isArray(value)) return value.filter((v) => v !== '');
  if (typeof value !== 'string' || value.trim() === '') return [];
  return value.split(',').map((v) => v.trim());
}

const blank = (s: string) => s.trim() === '';

/** The name users know a custom item by: its label when it has one. */
export function signupItemLabel(row: SignupItemRow): string {
  return row.label?.trim() || row.name;
}

/**
 * The first sign-up rule the values break, in the order Casdoor checks them (the organization's
 * password options and duplicate names, e-mails and phones need the server and are checked there).
 * Only visible items are checked; a hidden item's field is ignored.
 */
export function signupViolation(ctx: SignupContext, values: SignupValues): SignupViolation | null {
  const items = ctx.signupItems;
  const visible = (name: string) => isItemVisible(items, name);
  const required = (name: string) => isItemRequired(items, name);

  if (visible('Username')) {
    const violation = usernameViolation(text(values, 'username'), ctx.emailAsUsername);
    if (violation) return { key: violation, params: { max: USERNAME_MAX } };
  }

  if (visible('Password') && text(values, 'password') === '') return { key: 'passwordEmpty' };
  if (visible('Confirm password')) {
    const confirm = values.confirm;
    // API clients (Casdoor's SDKs) do not send the confirmation; when it is sent it must match.
    if (typeof confirm === 'string' && confirm !== text(values, 'password')) return { key: 'confirmPasswordMismatch' };
  }

  const email = text(values, 'email').trim();
  const phone = text(values, 'phone').trim();
  if (visible('Email')) {
    if (email === '') {
      if (required('Email')) return { key: 'emailEmpty' };
    } else if (!isValidEmail(email)) return { key: 'emailInvalid' };
  }
  if (visible('Phone') && phone === '' && required('Phone')) return { key: 'phoneEmpty' };
  if (visible('Email or Phone') || visible('Phone or Email')) {
    const name = visible('Email or Phone') ? 'Email or Phone' : 'Phone or Email';
    if (email === '' && phone === '' && required(name)) return { key: 'emailOrPhoneEmpty' };
    if (email !== '' && !isValidEmail(email)) return { key: 'emailInvalid' };
  }
  if (phone !== '' && (visible('Phone') || visible('Email or Phone') || visible('Phone or Email'))) {
    const countryCode = text(values, 'countryCode');
    if (ctx.countryCodes.length > 0 && !ctx.countryCodes.includes(countryCode)) return { key: 'phoneRegionNotAllowed' };
    if (!isValidPhone(phone)) return { key: 'phoneInvalid' };
  }

  if (visible('Display name')) {
    if (itemRule(items, 'Display name') === 'First, last') {
      if (required('Display name') || text(values, 'firstName') !== '' || text(values, 'lastName') !== '') {
        if (blank(text(values, 'firstName'))) return { key: 'firstNameBlank' };
        if (blank(text(values, 'lastName'))) return { key: 'lastNameBlank' };
      }
    } else if (required('Display name') && blank(text(values, 'name'))) return { key: 'displayNameBlank' };
  }
  if (itemRule(items, 'Display name') !== 'First, last' || !visible('Display name')) {
    if (required('First name') && blank(text(values, 'firstName'))) return { key: 'firstNameBlank' };
    if (required('Last name') && blank(text(values, 'lastName'))) return { key: 'lastNameBlank' };
  }

  for (const row of items) {
    if (!row.visible || !isCustomSignupItem(row)) continue;
    const field = signupFieldOf(row.name);
    const label = signupItemLabel(row);
    if (isChoiceItem(row)) {
      const picked = chosen(values, field);
      if (picked.length === 0) {
        if (row.required) return { key: 'signupItemRequired', params: { name: label } };
        continue;
      }
      const choices = signupChoices(row, ctx.tags);
      const single = row.type === 'Single Choice';
      if (single && picked.length > 1) return { key: 'signupOptionInvalid', params: { value: picked.join(', '), name: label } };
      const wrong = picked.find((p) => !choices.includes(p));
      if (wrong !== undefined) return { key: 'signupOptionInvalid', params: { value: wrong, name: label } };
    } else if (row.required && blank(text(values, field))) return { key: 'signupItemRequired', params: { name: label } };
  }

  for (const row of items) {
    if (!row.visible || !row.regex || isChoiceItem(row)) continue;
    const fields =
      row.name === 'Display name' && row.rule === 'First, last' ? ['firstName', 'lastName'] : [signupFieldOf(row.name)];
    for (const field of fields) {
      const value = text(values, field);
      if (value === '') continue;
      const match = matchesItemRegex(row.regex, value);
      if (typeof match === 'object') return { key: 'signupRegexInvalid', params: { name: row.name, detail: match.error } };
      if (!match) return { key: 'signupRegexMismatch', params: { value, name: row.name, application: ctx.applicationName } };
    }
  }

  const agreed = values.agreement === true || values.agreement === 'true';
  if (visible('Agreement') && agreementMode(items) !== 'none' && !agreed) return { key: 'agreementRequired' };
  return null;
}
