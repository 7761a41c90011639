import { z } from 'zod';

/** The rows of an application's tables and their defaults. */

export const SIGNIN_METHODS = ['Password', 'Verification code', 'WebAuthn', 'LDAP', 'Face ID'] as const;
/** Rules of the Verification code and Password sign-in methods; other methods use None. */
export const SIGNIN_METHOD_RULES: Record<string, readonly string[]> = {
  Password: ['All', 'Non-LDAP', 'Hide password'],
  'Verification code': ['All', 'Email only', 'Phone only'],
  WebAuthn: ['None'],
  LDAP: ['None'],
  'Face ID': ['None'],
};

export const SIGNUP_ITEM_TYPES = ['Input', 'Single Choice', 'Multiple Choices'] as const;
/** Rules per signup item name; items not listed have no rule choices. */
export const SIGNUP_ITEM_RULES: Record<string, readonly string[]> = {
  ID: ['Random', 'Incremental'],
  'Display name': ['None', 'Real name', 'First, last'],
  Email: ['Normal', 'No verification'],
  Phone: ['Normal', 'No verification'],
  Agreement: ['None', 'Signin', 'Signin (Default True)'],
  Providers: ['big', 'small'],
};
export const SIGNUP_ITEM_NAMES = [
  'ID',
  'Username',
  'Display name',
  'First name',
  'Last name',
  'Affiliation',
  'Gender',
  'Bio',
  'Tag',
  'Education',
  'Country/Region',
  'ID card',
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
  'Text ',
] as const;

export const SIGNIN_ITEM_NAMES = [
  'Back button',
  'Languages',
  'Logo',
  'Signin methods',
  'Username',
  'Password',
  'Agreement',
  'Forgot password?',
  'Login button',
  'Signup link',
  'Providers',
  'Captcha',
  'Auto sign in',
] as const;

/**
 * The rules a sign-in item may take, by item (Casdoor's choices): provider icons big or small, the
 * captcha as a pop-up or inline, "Forgot password?" deciding whether Auto sign in starts ticked,
 * and the languages menu as the default icon or a label. Other items take no rule.
 */
export const SIGNIN_ITEM_RULES: Readonly<Record<string, readonly string[]>> = {
  Providers: ['big', 'small'],
  Captcha: ['pop up', 'inline'],
  'Forgot password?': ['None', 'Auto sign in - False'],
  Languages: ['None', 'Label'],
};

/** The rules a provider row of an application may take, by kind of provider (social sign-in, captcha, SMS and e-mail). */
export const PROVIDER_RULES = {
  oauth: ['Default', 'OneTap'],
  captcha: ['None', 'Dynamic', 'Always'],
  sms: ['all', 'signup', 'login', 'forget', 'reset', 'mfaSetup', 'mfaAuth'],
} as const;

export const ORG_CHOICE_MODES = ['None', 'Select', 'Input'] as const;
/** Form offset: 1 left, 2 center, 3 right, 4 side panel. */
export const FORM_OFFSETS = [1, 2, 3, 4] as const;
export const SAML_NAME_FORMATS = [
  'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
  'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
  'urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified',
] as const;

const text = (max = 1000) => z.string().max(max).default('');
const flag = () => z.boolean().default(false);

export const providerRowSchema = z.object({
  name: z.string().max(100),
  canSignUp: flag(),
  canSignIn: flag(),
  canUnlink: flag(),
  prompted: flag(),
  signupGroup: text(200),
  rule: text(100),
  countryCodes: z.array(z.string().max(10)).default([]),
});
export type ApplicationProvider = z.infer<typeof providerRowSchema>;

/**
 * A row of an application's Providers list naming the provider `name` with `rule` and no buttons
 * (no sign-up, sign-in or unlink), no sign-up group, no country codes unless given: how the server
 * lists the providers it adds itself (code senders, the built-in captcha) and how tests list theirs.
 */
export function providerRow(name: string, rule = 'All', countryCodes: string[] = []): ApplicationProvider {
  return { name, canSignUp: false, canSignIn: false, canUnlink: false, prompted: false, signupGroup: '', rule, countryCodes };
}

export const signinMethodSchema = z.object({ name: z.enum(SIGNIN_METHODS), displayName: text(100), rule: text(100) });
export type SigninMethod = z.infer<typeof signinMethodSchema>;

export const signupItemSchema = z.object({
  name: z.string().max(100),
  visible: flag(),
  required: flag(),
  prompted: flag(),
  type: z.enum(SIGNUP_ITEM_TYPES).or(z.literal('')).default('Input'),
  label: text(2000),
  customCss: text(10_000),
  placeholder: text(200),
  options: z.array(z.string().max(200)).default([]),
  regex: text(1000),
  rule: text(100),
});
export type SignupItem = z.infer<typeof signupItemSchema>;

export const signinItemSchema = z.object({
  name: z.string().max(100),
  visible: flag(),
  required: flag(),
  label: text(2000),
  customCss: text(10_000),
  placeholder: text(200),
  rule: text(100),
  isCustom: flag(),
});
export type SigninItem = z.infer<typeof signinItemSchema>;

export const samlAttributeSchema = z.object({ name: text(200), nameFormat: text(200), value: text(1000) });
export type SamlAttribute = z.infer<typeof samlAttributeSchema>;

/** An OAuth scope token (RFC 6749 §3.3): printable ASCII without spaces, double quotes or backslashes. */
export const SCOPE_TOKEN_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * A scope the application defines beyond OpenID Connect's own (Casdoor's ScopeDescription, in
 * `customScopes`). Asking for one needs the user's consent, once per user and application; the
 * consent screen shows its display name and description.
 */
export const customScopeSchema = z.object({
  scope: z
    .string()
    .trim()
    .min(1, 'Missing parameter: custom scope name')
    .max(100)
    .regex(SCOPE_TOKEN_PATTERN, 'A scope name is one word of printable characters, without spaces, quotes or backslashes'),
  displayName: text(200),
  description: text(1000),
});
export type CustomScope = z.infer<typeof customScopeSchema>;

export function defaultSigninMethods(): SigninMethod[] {
  return [
    { name: 'Password', displayName: 'Password', rule: 'All' },
    { name: 'Verification code', displayName: 'Verification code', rule: 'All' },
    { name: 'WebAuthn', displayName: 'WebAuthn', rule: 'None' },
    { name: 'Face ID', displayName: 'Face ID', rule: 'None' },
  ];
}

/** A sign-up item row with the defaults of a new row (visible, required, rule None), then `fields`. */
export function signupItem(name: string, fields: Partial<SignupItem> = {}): SignupItem {
  return {
    name,
    visible: true,
    required: true,
    prompted: false,
    type: 'Input',
    label: '',
    customCss: '',
    placeholder: '',
    options: [],
    regex: '',
    rule: 'None',
    ...fields,
  };
}

export function defaultSignupItems(): SignupItem[] {
  return [
    signupItem('ID', { visible: false, rule: 'Random' }),
    signupItem('Username'),
    signupItem('Display name'),
    signupItem('Password'),
    signupItem('Confirm password'),
    signupItem('Email', { rule: 'Normal' }),
    signupItem('Phone', { required: false, rule: 'Normal' }),
    signupItem('Agreement'),
    signupItem('Signup button'),
    signupItem('Providers', { required: false, rule: 'big' }),
  ];
}

/** A sign-in item row with the defaults of a new row (visible, required, the item's first rule), then `fields`. */
export function signinItem(name: string, fields: Partial<SigninItem> = {}): SigninItem {
  return {
    name,
    visible: true,
    required: true,
    label: '',
    customCss: '',
    placeholder: '',
    rule: SIGNIN_ITEM_RULES[name]?.[0] ?? 'None',
    isCustom: false,
    ...fields,
  };
}

export function defaultSigninItems(): SigninItem[] {
  return SIGNIN_ITEM_NAMES.map((name) => signinItem(name, { visible: name !== 'Captcha' }));
}

/** Schemes a redirect URL may never use: they run code or read local data in the browser. */
const FORBIDDEN_REDIRECT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:']);

/**
 * Whether `uri` may be registered as a redirect URL: an absolute http(s) URL with a host, or a
 * custom-scheme URI of a native app (com.example.app:/callback), never with a fragment (RFC 6749
 * §3.1.2) or whitespace.
 */
export function isValidRedirectUri(uri: string): boolean {
  if (uri === '' || uri.length > 2000 || uri.includes('#') || /[\s\p{Cc}]/u.test(uri)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*:)/.exec(uri)?.[1]?.toLowerCase();
  if (!scheme || FORBIDDEN_REDIRECT_SCHEMES.has(scheme)) return false;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  if (scheme === 'http:' || scheme === 'https:') return parsed.hostname !== '' && uri.slice(scheme.length).startsWith('//');
  // A custom scheme needs something after it (com.example.app:/callback or myapp://callback).
  return uri.length > scheme.length;
}
