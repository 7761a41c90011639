import type { SigninMethodRow, SignupItemRow } from '@gatehouse/entities';
import {
  agreementMode,
  BUILT_IN_APPLICATION,
  findItem,
  isPasswordSigninEnabled,
  LDAP_SIGNIN_METHOD,
  UI_LANGUAGES,
  WEBAUTHN_SIGNIN_METHOD,
} from '@gatehouse/entities/plain';
import { cssText } from '../../shared/components/application-appearance';
import { signinProviders } from '../../shared/components/signin-providers';
import { textOf as text } from '../../shared/data/text';

/**
 * The sign-in page's model, without React: what an application's sign-in items and sign-in methods
 * put on the sign-in card, in the items' order, and where the page's links
 * go. Applications without sign-in items (older records) get the default form.
 */

/** A row of the application's sign-in items table. */
export interface SigninItemRow {
  name: string;
  visible?: boolean;
  required?: boolean;
  label?: string;
  customCss?: string;
  placeholder?: string;
  rule?: string;
  isCustom?: boolean;
}

/** The sign-in methods this release can offer on the page (the others arrive with later releases). */
export const AVAILABLE_SIGNIN_METHODS: readonly string[] = [
  'Password',
  'Verification code',
  WEBAUTHN_SIGNIN_METHOD,
  LDAP_SIGNIN_METHOD,
];

/** The method that signs in with a code sent by e-mail or SMS. */
export const CODE_METHOD = 'Verification code';
/** The method that signs in with a passkey (of the username typed in, or any discoverable one). */
export const PASSKEY_METHOD = WEBAUTHN_SIGNIN_METHOD;

/** The translation keys of the built-in methods' tabs. */
export const METHOD_LABELS: Record<string, string> = {
  Password: 'signin.byPassword',
  [CODE_METHOD]: 'signin.byCode',
  [PASSKEY_METHOD]: 'signin.byWebAuthn',
  [LDAP_SIGNIN_METHOD]: 'signin.byLdap',
};

/** Rules of the Forgot password? and Auto sign in items that leave the "Auto sign in" box unticked. */
const AUTO_SIGNIN_OFF_RULES = new Set(['Auto sign in - False', 'False']);
/** Agreement rules a sign-in item may carry itself (else the sign-up items' Agreement row decides). */
const AGREEMENT_RULES: Record<string, 'unchecked' | 'checked'> = { Signin: 'unchecked', 'Signin (Default True)': 'checked' };

/** One element of the card, in the order of the application's items. */
export type SigninPart =
  | { kind: 'backButton' }
  /** The application's logo (else its organization's; '' for the page's default). */
  | { kind: 'logo'; src: string }
  /** The language menu; `labelled` (the item's "Label" rule) names the current language beside its icon. */
  | { kind: 'languages'; languages: string[]; labelled: boolean }
  | { kind: 'username'; label: string; placeholder: string }
  | { kind: 'password'; label: string; placeholder: string }
  | { kind: 'agreement' }
  /** The "Auto sign in" box and/or the "Forgot password?" link, on one line. */
  | { kind: 'forgotPassword'; autoSignin: boolean; link: { label: string; to: string } | null }
  | { kind: 'autoSignin' }
  | { kind: 'loginButton'; label: string }
  /** The choice between the offered sign-in methods (Password, Verification code, WebAuthn), when there are several. */
  | { kind: 'methods' }
  /** Where the captcha appears when the application asks for one (the Captcha item with its "inline" rule). */
  | { kind: 'captcha' }
  /** The identity providers' buttons (the Providers item; its rule: big buttons or small icons). */
  | { kind: 'providers'; rule: 'big' | 'small' }
  | { kind: 'signupLink'; label: string; to: string }
  /** A custom item: the administrator's HTML (sanitized when rendered). */
  | { kind: 'html'; key: string; html: string };

/** Why the card has no sign-in form. */
export type SigninNotice = 'passwordDisabled' | 'noMethod';

export interface SigninLayout {
  parts: SigninPart[];
  /**
   * The sign-in methods offered, in the application's order (the first is chosen at first): the
   * username and password parts serve them all (with Verification code: the e-mail address or
   * phone number, and the code; with WebAuthn: the username, which may stay empty, and no password).
   */
  methods: SigninMethodRow[];
  /** Set when the page offers no way to sign in (no password, code or passkey). */
  notice: SigninNotice | null;
  /**
   * The frame's own logo and language menu, above the card (default form only): with sign-in
   * items, the Logo and Languages items place them among the parts instead.
   */
  showLogo: boolean;
  /** The languages of the frame's language menu; null leaves it out. */
  languages: string[] | null;
  /** The "Auto sign in" box starts ticked. */
  autoSigninDefault: boolean;
  /** The agreement box, when there is one: it must be ticked to sign in; 'checked' starts ticked. */
  agreement: 'none' | 'unchecked' | 'checked';
  /** The custom CSS of the visible built-in items. */
  css: string;
}

export interface SigninContext {
  /**
   * Whether this sign-in keeps a console session: always for the console's own sign-in, when the
   * application enables the sign-in session for a protocol sign-in. Without one there is nothing
   * for "Auto sign in" to keep.
   */
  keepsSession: boolean;
  /** The page was reached from the organization choice (?orgChoiceMode=None): a Back button may go back to it. */
  fromOrganizationChoice: boolean;
  /** Where "sign up now" goes (signupLinkOf), or null when the application shows no sign-up link. */
  signupLink: string | null;
}

const rows = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A custom item holds HTML: Casdoor keeps it in customCss, a label may hold it too. */
export function isCustomSigninItem(row: SigninItemRow): boolean {
  return !!row.isCustom || row.name.startsWith('Text ');
}

/** Where "Forgot password?" goes: the application's own page, else the console's forget page of the application. */
export function forgetLinkOf(app: Record<string, unknown> | null | undefined): string {
  const url = text(app?.forgetUrl);
  if (url) return url;
  return `/forget/${encodeURIComponent(text(app?.name) || BUILT_IN_APPLICATION)}`;
}

/**
 * The methods the page offers, in the application's order: those this release implements, without
 * Password when its rule is "Hide password" or when the application does not accept passwords.
 * Applications listing no methods offer Password.
 */
export function offeredSigninMethods(
  app: { enablePassword?: boolean; signinMethods?: readonly SigninMethodRow[] },
  available: readonly string[] = AVAILABLE_SIGNIN_METHODS,
): SigninMethodRow[] {
  const listed = app.signinMethods?.length ? app.signinMethods : [{ name: 'Password', displayName: 'Password', rule: 'All' }];
  return listed.filter((method) => {
    if (!available.includes(method.name)) return false;
    if (method.name !== 'Password') return true;
    return isPasswordSigninEnabled(app) && method.rule !== 'Hide password' && method.rule !== 'Hide-Password';
  });
}

/**
 * What the username input asks for when signing in with a code, by the Verification code method's
 * rule: an e-mail address, a phone number, or either.
 */
export function codeTargetOf(methods: readonly SigninMethodRow[]): 'email' | 'phone' | 'emailOrPhone' {
  const rule = methods.find((method) => method.name === CODE_METHOD)?.rule;
  if (rule === 'Email only') return 'email';
  if (rule === 'Phone only') return 'phone';
  return 'emailOrPhone';
}

/** The logo of the Logo item: the application's, else its organization's, else '' (the page's default). */
export function logoOf(app: Record<string, unknown> | null | undefined): string {
  const org = (app?.organizationObj ?? null) as Record<string, unknown> | null;
  return text(app?.logo) || text(org?.logo);
}

/** The console languages of the language menu: those the organization lists, null when fewer than two remain. */
function menuLanguages(app: Record<string, unknown> | null | undefined): string[] | null {
  const org = (app?.organizationObj ?? null) as Record<string, unknown> | null;
  const listed = Array.isArray(org?.languages) ? (org.languages as unknown[]).map(String) : null;
  const languages = listed ? UI_LANGUAGES.filter((language) => listed.includes(language)) : [...UI_LANGUAGES];
  return languages.length > 1 ? languages : null;
}

/** The default form of applications without sign-in items. */
function defaultParts(context: SigninContext): SigninPart[] {
  const parts: SigninPart[] = [
    { kind: 'username', label: '', placeholder: '' },
    { kind: 'password', label: '', placeholder: '' },
  ];
  if (context.keepsSession) parts.push({ kind: 'autoSignin' });
  parts.push({ kind: 'loginButton', label: '' });
  if (context.signupLink) parts.push({ kind: 'signupLink', label: '', to: context.signupLink });
  return parts;
}

/**
 * What the sign-in card shows for an application record (get-app-login's answer or null while it
 * loads). Labels and placeholders left '' take the page's own words.
 */
export function signinLayout(app: Record<string, unknown> | null | undefined, context: SigninContext): SigninLayout {
  const items = rows<SigninItemRow>(app?.signinItems);
  const signupItems = rows<SignupItemRow>(app?.signupItems);
  const passwordEnabled = !app || isPasswordSigninEnabled(app);
  const methods = app ? offeredSigninMethods(app) : [{ name: 'Password', displayName: 'Password', rule: 'All' }];
  // The form's parts serve whichever method is chosen; the captcha belongs to passwords only.
  const password = methods.length > 0;
  const passwordMethod = methods.some((method) => method.name === 'Password');
  const notice: SigninNotice | null = password ? null : passwordEnabled ? 'noMethod' : 'passwordDisabled';
  const languages = menuLanguages(app);

  if (items.length === 0) {
    const parts = defaultParts(context);
    // Applications without items show their identity providers under the form.
    if (signinProviders(app).length > 0) {
      const at = parts.findIndex((part) => part.kind === 'signupLink');
      parts.splice(at < 0 ? parts.length : at, 0, { kind: 'providers', rule: 'big' });
    }
    return {
      parts: password
        ? [...(methods.length > 1 ? [{ kind: 'methods' } as const] : []), ...parts]
        : parts.filter((part) => part.kind === 'signupLink' || part.kind === 'providers'),
      notice,
      methods,
      showLogo: true,
      languages,
      autoSigninDefault: true,
      agreement: 'none',
      css: '',
    };
  }

  const forgot = findItem(items, 'Forgot password?');
  const autoRow = findItem(items, 'Auto sign in');
  // The box sits beside the Forgot password? link (Casdoor's place for it, shown even when the link
  // is hidden); the Auto sign in item shows or hides it, or places it when there is no such link.
  const autoSignin = password && context.keepsSession && (autoRow ? !!autoRow.visible : !!forgot);
  const autoSigninDefault = !AUTO_SIGNIN_OFF_RULES.has(forgot?.rule ?? '') && !AUTO_SIGNIN_OFF_RULES.has(autoRow?.rule ?? '');
  const agreementRow = findItem(items, 'Agreement');
  const agreement =
    password && agreementRow?.visible ? (AGREEMENT_RULES[agreementRow.rule ?? ''] ?? agreementMode(signupItems)) : 'none';

  const parts: SigninPart[] = [];
  const css: string[] = [];
  for (const row of items) {
    if (isCustomSigninItem(row)) {
      const html = text(row.customCss) || text(row.label);
      if (row.visible && html) parts.push({ kind: 'html', key: row.name, html });
      continue;
    }
    const visible = !!row.visible;
    if (visible && row.customCss) css.push(cssText(row.customCss));
    const label = text(row.label).trim();
    const placeholder = text(row.placeholder);
    switch (row.name) {
      case 'Logo':
        if (visible) parts.push({ kind: 'logo', src: logoOf(app) });
        break;
      case 'Languages':
        // One language or none leaves nothing to choose.
        if (visible && languages) parts.push({ kind: 'languages', languages, labelled: row.rule === 'Label' });
        break;
      case 'Back button':
        // Back to the organization choice, the only page the sign-in page knows it came from.
        if (visible && context.fromOrganizationChoice) parts.push({ kind: 'backButton' });
        break;
      case 'Username':
        if (visible && password) parts.push({ kind: 'username', label, placeholder });
        break;
      case 'Password':
        if (visible && password) parts.push({ kind: 'password', label, placeholder });
        break;
      case 'Agreement':
        if (agreement !== 'none') parts.push({ kind: 'agreement' });
        break;
      case 'Forgot password?': {
        const link = visible && password ? { label, to: forgetLinkOf(app) } : null;
        if (link || autoSignin) parts.push({ kind: 'forgotPassword', autoSignin, link });
        break;
      }
      case 'Auto sign in':
        if (autoSignin && !forgot) parts.push({ kind: 'autoSignin' });
        break;
      case 'Signin methods':
        if (visible && methods.length > 1) parts.push({ kind: 'methods' });
        break;
      case 'Login button':
        if (visible && password) parts.push({ kind: 'loginButton', label });
        break;
      case 'Captcha':
        // Otherwise ("pop up") the captcha opens in a dialog when the sign-in needs one.
        if (visible && passwordMethod && row.rule === 'inline') parts.push({ kind: 'captcha' });
        break;
      case 'Providers':
        if (visible && signinProviders(app).length > 0)
          parts.push({ kind: 'providers', rule: row.rule === 'small' ? 'small' : 'big' });
        break;
      case 'Signup link':
        if (visible && context.signupLink) parts.push({ kind: 'signupLink', label, to: context.signupLink });
        break;
    }
  }
  // Without its button the form could not be sent: the button is always there.
  if (password && !parts.some((part) => part.kind === 'loginButton')) {
    const at = parts.findIndex((part) => part.kind === 'signupLink');
    parts.splice(at < 0 ? parts.length : at, 0, { kind: 'loginButton', label: '' });
  }
  // The captcha is answered before the button is pressed: an item placed after it comes just before it.
  const captchaAt = parts.findIndex((part) => part.kind === 'captcha');
  const buttonAt = parts.findIndex((part) => part.kind === 'loginButton');
  if (captchaAt > buttonAt && buttonAt >= 0) parts.splice(buttonAt, 0, ...parts.splice(captchaAt, 1));
  return {
    parts,
    notice,
    methods,
    showLogo: false,
    languages: null,
    autoSigninDefault,
    agreement,
    css: css.filter(Boolean).join('\n'),
  };
}

/** The organization choice of the console's sign-in page, or null when the page goes straight to the form. */
export function organizationChoiceOf(
  app: Record<string, unknown> | null | undefined,
  search: URLSearchParams,
): 'Select' | 'Input' | null {
  if (search.get('orgChoiceMode') === 'None') return null;
  const mode = app?.orgChoiceMode;
  return mode === 'Select' || mode === 'Input' ? mode : null;
}

/** The sign-in page of a chosen organization; it skips the choice, and its Back button returns to it. */
export function organizationSigninPath(organization: string): string {
  return `/login/${encodeURIComponent(organization.trim())}?orgChoiceMode=None`;
}
