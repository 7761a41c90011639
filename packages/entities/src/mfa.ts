import type { FieldProblem } from './field-checks.js';

/**
 * Multi-factor authentication, as Casdoor's wire format names it (object/mfa.go): the methods a
 * user may enable (an SMS code to the phone, an e-mail code, an authenticator app's TOTP code), the
 * organization's rule per method (its `mfaItems`) and the props a user's methods are answered as
 * (`multiFactorAuths`, the sign-in's NextMfa list, /api/mfa/setup/initiate). Plain data and pure
 * functions: the server and the console's sign-in pages share them.
 */

/** The methods, by Casdoor's names: phone (sms), e-mail and authenticator app. */
export const MFA_TYPES = ['sms', 'email', 'app'] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** An organization's rule for a method: Optional, Prompt (stored as Casdoor's "Prompted") and Required. */
export const MFA_RULES = ['Optional', 'Prompted', 'Required'] as const;
export type MfaRule = (typeof MFA_RULES)[number];

/** One row of an organization's `mfaItems`. */
export interface MfaItem {
  name: MfaType;
  rule: MfaRule;
}

/** POST /api/login answers these (data) when the sign-in needs its second step, or an enrolment first. */
export const NEXT_MFA = 'NextMfa';
export const REQUIRED_MFA = 'RequiredMfa';
/** POST /api/login answers this (data, with data3 true) for a user who must change the password first. */
export const REQUIRED_UPDATE_PASSWORD = 'RequiredUpdatePassword';

/**
 * A method of a user as the wire carries it (Casdoor's MfaProps): in `multiFactorAuths` and the
 * NextMfa list the secret is the masked phone number or e-mail address (never the app's secret);
 * /api/mfa/setup/initiate answers the app's new secret and otpauth URL, and the recovery code.
 */
export interface MfaProps {
  enabled: boolean;
  isPreferred: boolean;
  mfaType: string;
  secret?: string;
  countryCode?: string;
  url?: string;
  recoveryCodes?: string[];
  mfaRememberInHours: number;
}

export function isMfaType(value: string): value is MfaType {
  return (MFA_TYPES as readonly string[]).includes(value);
}

/**
 * The organization's MFA items: each method once, and at most one Required (the product's rule, which
 * the server enforces on every save and the console's editor mirrors).
 */
export function mfaItemsProblem(items: readonly MfaItem[]): FieldProblem | null {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.name)) return { key: 'mfaItemsDuplicate', params: { name: item.name } };
    seen.add(item.name);
  }
  if (items.filter((item) => item.rule === 'Required').length > 1) return { key: 'mfaItemsOneRequired', params: {} };
  return null;
}

/**
 * The organization's items of these rules whose method the user has not enabled, in the items'
 * order (Casdoor's getMfaItemsByRules): what the notices after a sign-in ask the user to enable.
 */
export function unmetMfaItems(items: readonly MfaItem[], methods: readonly MfaProps[], rules: readonly MfaRule[]): MfaItem[] {
  return items.filter(
    (item) => rules.includes(item.rule) && !methods.some((method) => method.mfaType === item.name && method.enabled),
  );
}

/** The first Required method the user still has to enable (the one the setup page opens with), if any. */
export function requiredMfaType(items: readonly MfaItem[], methods: readonly MfaProps[]): MfaType | undefined {
  return unmetMfaItems(items, methods, ['Required'])[0]?.name;
}

/** The method a sign-in offers first: the preferred one, else the first (Casdoor's getPreferredMfaProp). */
export function preferredMfaProps(methods: readonly MfaProps[]): MfaProps | undefined {
  return methods.find((method) => method.isPreferred) ?? methods[0];
}

/** Longest otpauth URL the console renders as a QR code (spec: "QR code is too large" beyond). */
export const QR_CODE_MAX_LENGTH = 2000;
