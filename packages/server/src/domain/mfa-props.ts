import { MFA_TYPES, type MfaProps, type MfaType, type Organization, requiredMfaType, type User } from '@gatehouse/entities';
import { maskEmail, maskPhone } from '../crypto/verification-codes.js';
import type { LooseRecord } from '../db/repository.js';

/**
 * What a user's multi-factor authentication looks like from outside: the methods enabled, each as
 * Casdoor's MfaProps with the address masked and no secret (`multiFactorAuths` of get-user and
 * get-account, the sign-in's NextMfa list), and what the organization still requires.
 */

/** Whether `type` is enabled for the user. */
export function mfaTypeEnabled(user: User, type: MfaType): boolean {
  if (type === 'sms') return user.mfaPhoneEnabled;
  if (type === 'email') return user.mfaEmailEnabled;
  return user.totpSecret !== '';
}

/** Whether any method is enabled (the sign-in then asks for a second factor). */
export function isMfaEnabled(user: User): boolean {
  return MFA_TYPES.some((type) => mfaTypeEnabled(user, type));
}

/** One method as the wire carries it, its address masked (Casdoor's GetMfaProps with masked = true). */
export function mfaPropsOf(user: User, type: MfaType): MfaProps {
  const enabled = mfaTypeEnabled(user, type);
  const props: MfaProps = {
    enabled,
    isPreferred: enabled && user.preferredMfaType === type,
    mfaType: type,
    mfaRememberInHours: 0,
  };
  if (!enabled) return props;
  if (type === 'sms') return { ...props, secret: maskPhone(user.phone), countryCode: user.countryCode };
  if (type === 'email') return { ...props, secret: maskEmail(user.email) };
  return props;
}

/** Every method (phone, e-mail, app), enabled or not: the user's `multiFactorAuths`. */
export function allMfaProps(user: User): MfaProps[] {
  return MFA_TYPES.map((type) => mfaPropsOf(user, type));
}

/** A user record as a viewer sees it, with the computed `multiFactorAuths` (get-user, get-account). */
export function withMfaProps(masked: LooseRecord, user: User): LooseRecord {
  return { ...masked, multiFactorAuths: allMfaProps(user) };
}

/** The Required method of the organization the user has not enabled yet, if any (Casdoor's IsNeedPromptMfa). */
export function unmetRequiredMfa(org: Pick<Organization, 'mfaItems'> | undefined, user: User): MfaType | undefined {
  return org ? requiredMfaType(org.mfaItems, allMfaProps(user)) : undefined;
}
