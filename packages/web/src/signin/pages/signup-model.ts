import type { PasswordOptionViolation, SignupContext, SignupItemRow, SignupValues, SignupViolation } from '@gatehouse/entities';
import {
  agreementMode,
  checkPasswordOptions,
  isChoiceItem,
  isCustomSignupItem,
  isItemVisible,
  isTextItem,
  itemRule,
  matchesItemRegex,
  signupFieldOf,
  signupViolation,
} from '@gatehouse/entities/plain';

/**
 * The sign-up page's model, without React: which inputs an application's sign-up items give, the
 * checks each input applies (the shared rules the server enforces again), and the body of
 * POST /api/signup built from the form's values.
 */

/** What an input of the sign-up form is; one visible sign-up item gives at most one input. */
export type SignupFieldKind =
  | 'username'
  | 'displayName'
  | 'firstLast'
  | 'firstName'
  | 'lastName'
  | 'password'
  | 'confirm'
  | 'email'
  | 'emailCode'
  | 'phone'
  | 'phoneCode'
  | 'emailOrPhone'
  | 'invitationCode'
  | 'agreement'
  | 'custom'
  | 'text'
  | 'button'
  | 'providers';

export interface SignupField {
  kind: SignupFieldKind;
  row: SignupItemRow;
  /** The form value's name (Casdoor's AuthForm field). */
  name: string;
  required: boolean;
}

/** The application as the sign-up page reads it (get-app-login's answer). */
export interface SignupApplication {
  name: string;
  organization: string;
  signupItems: SignupItemRow[];
  tags: string[];
  countryCodes: string[];
  passwordOptions: string[];
  emailAsUsername: boolean;
  /** The application's provider rows (its captcha rule applies before a code is sent). */
  providers?: unknown[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Reads the fields the page needs from get-app-login's record (with its organizationObj). */
export function signupApplicationOf(record: Record<string, unknown>): SignupApplication {
  const org = (record.organizationObj ?? {}) as Record<string, unknown>;
  return {
    name: String(record.name ?? ''),
    organization: String(record.organization ?? ''),
    signupItems: Array.isArray(record.signupItems) ? (record.signupItems as SignupItemRow[]) : [],
    tags: strings(record.tags),
    countryCodes: strings(org.countryCodes),
    passwordOptions: strings(org.passwordOptions),
    emailAsUsername: org.useEmailAsUsername === true,
    providers: Array.isArray(record.providers) ? record.providers : [],
  };
}

export function signupContextOf(app: SignupApplication): SignupContext {
  return {
    applicationName: app.name,
    signupItems: app.signupItems,
    countryCodes: app.countryCodes,
    emailAsUsername: app.emailAsUsername,
    tags: app.tags,
  };
}

/** Whether an Email or Phone item asks for a code sent to the address given (any rule but "No verification"). */
export function needsCode(row: SignupItemRow): boolean {
  return row.rule !== 'No verification';
}

/** The ID item carries nothing to the page: the ID is generated. */
const WITHOUT_INPUT = new Set(['ID']);

/**
 * How the Providers item shows the buttons of the identity providers one may sign up with: rule
 * "big" as full-width buttons with their names, else (Casdoor's default beside a form) as icons.
 */
export function providersRule(row: SignupItemRow): 'big' | 'small' {
  return row.rule === 'big' ? 'big' : 'small';
}

/**
 * The inputs of the form, in the order of the visible sign-up items. The Agreement item gives an
 * input only when its rule asks for one; First name and Last name items are already inputs when the
 * Display name item uses the "First, last" rule.
 */
export function signupFields(items: readonly SignupItemRow[]): SignupField[] {
  const firstLast = isItemVisible(items, 'Display name') && itemRule(items, 'Display name') === 'First, last';
  const fields: SignupField[] = [];
  for (const row of items) {
    if (!row.visible || WITHOUT_INPUT.has(row.name)) continue;
    const required = !!row.required;
    const add = (kind: SignupFieldKind, name = signupFieldOf(row.name), isRequired = required) =>
      fields.push({ kind, row, name, required: isRequired });
    if (isTextItem(row)) add('text', '', false);
    else if (isCustomSignupItem(row)) add('custom');
    else
      switch (row.name) {
        case 'Username':
          // The server applies the username rules to every visible Username item.
          add('username', 'username', true);
          break;
        case 'Display name':
          if (firstLast) add('firstLast', 'firstName');
          else add('displayName');
          break;
        case 'First name':
          if (!firstLast) add('firstName');
          break;
        case 'Last name':
          if (!firstLast) add('lastName');
          break;
        case 'Password':
          add('password', 'password', true);
          break;
        case 'Confirm password':
          add('confirm', 'confirm', true);
          break;
        case 'Email':
          add('email');
          // Casdoor: an address is proven with a code unless the rule is "No verification".
          if (needsCode(row)) add('emailCode', 'emailCode');
          break;
        case 'Phone':
          add('phone');
          if (needsCode(row)) add('phoneCode', 'phoneCode');
          break;
        case 'Email or Phone':
        case 'Phone or Email':
          add('emailOrPhone', 'emailOrPhone');
          break;
        case 'Invitation code':
          add('invitationCode');
          break;
        case 'Agreement':
          if (agreementMode(items) !== 'none') add('agreement', 'agreement', true);
          break;
        case 'Signup button':
          add('button', '', false);
          break;
        case 'Providers':
          // The buttons of the application's providers that may sign up (none: nothing shows).
          add('providers', '', false);
          break;
      }
  }
  return fields;
}

/** The form's values: strings, lists of Multiple Choices items, the agreement's tick. */
export type SignupFormValues = Record<string, string | string[] | boolean | undefined>;

/** A form's values as the sign-up rules read them (texts, lists of choices and the agreement's box). */
export function signupFormValuesOf(values: Record<string, unknown>): SignupFormValues {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]): [string, string | string[] | boolean][] => {
      if (typeof value === 'string' || typeof value === 'boolean') return [[name, value]];
      if (Array.isArray(value)) return [[name, value.map(String)]];
      return [];
    }),
  );
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Whether the one input of "Email or Phone" holds an e-mail address (else it is a phone number). */
export function looksLikeEmail(value: string): boolean {
  return value.includes('@');
}

/** The values as the shared rules and the server read them ("Email or Phone" split into its two fields). */
export function signupValuesOf(values: SignupFormValues): SignupValues {
  const out: SignupValues = { ...values };
  const either = values.emailOrPhone;
  delete out.emailOrPhone;
  if (typeof either === 'string' && either.trim() !== '') {
    if (looksLikeEmail(either)) out.email = either.trim();
    else out.phone = either.trim();
  }
  return out;
}

/** A message of the page: a key of the signup namespace and its parameters. */
export type SignupMessage = { key: SignupViolation['key'] | PasswordOptionViolation; params?: Record<string, string | number> };

function violationOfRows(app: SignupApplication, rows: SignupItemRow[], values: SignupValues): SignupMessage | null {
  return signupViolation({ ...signupContextOf(app), signupItems: rows }, values);
}

/** The regex of a First, last display name applies to each of the two names. */
function firstLastViolation(
  app: SignupApplication,
  field: SignupField,
  values: SignupValues,
  which: 'firstName' | 'lastName',
): SignupMessage | null {
  const value = typeof values[which] === 'string' ? (values[which] as string) : '';
  const other = values[which === 'firstName' ? 'lastName' : 'firstName'];
  const needed = field.required || value.trim() !== '' || (typeof other === 'string' && other.trim() !== '');
  if (needed && value.trim() === '') return { key: which === 'firstName' ? 'firstNameBlank' : 'lastNameBlank' };
  if (value !== '' && field.row.regex) {
    const match = matchesItemRegex(field.row.regex, value);
    if (typeof match === 'object') return { key: 'signupRegexInvalid', params: { name: field.row.name, detail: match.error } };
    if (!match) return { key: 'signupRegexMismatch', params: { value, name: field.row.name, application: app.name } };
  }
  return null;
}

/**
 * The first rule the value of one input breaks, or null: "Please input your {label}!" when a
 * required input is empty, then the item's own rules as the server checks them, then the
 * organization's password options for the password. `part` picks the last name of a First, last
 * display name (the first name otherwise).
 */
export function fieldViolation(
  app: SignupApplication,
  field: SignupField,
  form: SignupFormValues,
  label: string,
  part: 'firstName' | 'lastName' = 'firstName',
): SignupMessage | null {
  const values = signupValuesOf(form);
  if (field.kind === 'firstLast') return firstLastViolation(app, field, values, part);
  if (field.kind === 'emailCode' || field.kind === 'phoneCode') {
    // A code is needed when its address is given (the server checks it).
    const address = field.kind === 'emailCode' ? values.email : values.phone;
    const given = typeof address === 'string' && address.trim() !== '';
    return given && isBlank(form[field.name]) ? { key: 'signupItemRequired', params: { name: label } } : null;
  }
  if (field.kind === 'agreement') return violationOfRows(app, [field.row], values);
  if (field.required && isBlank(form[field.name])) return { key: 'signupItemRequired', params: { name: label } };
  if (field.kind === 'invitationCode' || field.kind === 'text' || field.kind === 'button' || field.kind === 'providers')
    return null;
  const violation = violationOfRows(app, [field.row], values);
  if (violation) return violation;
  if (field.kind === 'password') {
    const option = checkPasswordOptions(String(values.password ?? ''), app.passwordOptions);
    if (option) return { key: option };
  }
  return null;
}

/**
 * The body of POST /api/signup (Casdoor's AuthForm): the application and its organization, the
 * values of the inputs (names of custom items lowercased, as the server reads them), "Email or
 * Phone" as email or phone, the agreement as a boolean, and the invitation code of the link when
 * the form has no input of its own for it.
 */
export function signupBody(
  app: SignupApplication,
  fields: readonly SignupField[],
  form: SignupFormValues,
  invitationCode: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = { application: app.name, organization: app.organization };
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
      case 'button':
      case 'providers':
        break;
      case 'firstLast':
        body.firstName = String(form.firstName ?? '').trim();
        body.lastName = String(form.lastName ?? '').trim();
        break;
      case 'agreement':
        body.agreement = form.agreement === true;
        break;
      case 'password':
      case 'confirm':
        // Passwords are sent exactly as typed.
        body[field.name] = String(form[field.name] ?? '');
        break;
      case 'emailOrPhone': {
        const values = signupValuesOf(form);
        if (values.email) body.email = values.email;
        if (values.phone) {
          body.phone = values.phone;
          body.countryCode = String(form.countryCode ?? '');
        }
        break;
      }
      case 'phone': {
        const phone = String(form.phone ?? '').trim();
        body.phone = phone;
        if (phone) body.countryCode = String(form.countryCode ?? '');
        break;
      }
      case 'custom': {
        const value = form[field.name];
        if (isChoiceItem(field.row) && field.row.type === 'Multiple Choices')
          body[field.name] = Array.isArray(value) ? value : [];
        else body[field.name] = typeof value === 'string' ? value.trim() : '';
        break;
      }
      default:
        body[field.name] = String(form[field.name] ?? '').trim();
    }
  }
  if (body.invitationCode === undefined && invitationCode) body.invitationCode = invitationCode;
  return body;
}

export { signinPageOf, signupLinkOf } from '../components/signin-links';
