import type { MfaProps, MfaType } from '@gatehouse/entities/plain';
import { type Rec, request } from './client';

/**
 * Multi-factor authentication: a user's methods (setup in three calls, removal, the preferred one)
 * and the second step of a sign-in (Casdoor's paths; the server keeps the setup in progress).
 */

export interface MfaTarget {
  owner: string;
  name: string;
  mfaType: MfaType;
}

/** Starts a setup: data has the app's secret and otpauth URL, and the recovery code (for the user themself). */
export function initiateMfa(target: MfaTarget) {
  return request<MfaProps>('POST', '/api/mfa/setup/initiate', { body: target });
}

/** Proves the method being set up with a code (the app's, or one sent with method mfaSetup). */
export function verifyMfa(body: MfaTarget & { passcode: string; secret?: string; dest?: string; countryCode?: string }) {
  return request<string>('POST', '/api/mfa/setup/verify', { body });
}

/** Enables the method of the setup (after verify, or as an administrator's confirmed choice). */
export function enableMfa(body: MfaTarget & { secret?: string; dest?: string; countryCode?: string; recoveryCodes?: string }) {
  return request<string>('POST', '/api/mfa/setup/enable', { body });
}

/** Removes every method of the user; data is the methods afterwards. */
export function deleteMfa(owner: string, name: string) {
  return request<MfaProps[]>('POST', '/api/delete-mfa', { body: { owner, name } });
}

export function setPreferredMfa(target: MfaTarget) {
  return request<MfaProps[]>('POST', '/api/set-preferred-mfa', { body: target });
}

/** The user's methods as get-user answers them (multiFactorAuths, addresses masked). */
export async function getUserMfa(owner: string, name: string) {
  const envelope = await request<Rec | null>('GET', '/api/get-user', { query: { id: `${owner}/${name}` } });
  return { ...envelope, data: mfaPropsOf(envelope.data) };
}

/** The multiFactorAuths of a user record as the wire carries it. */
export function mfaPropsOf(user: Rec | null | undefined): MfaProps[] {
  const list = user?.multiFactorAuths;
  return Array.isArray(list) ? (list as MfaProps[]) : [];
}

/** What the second step of a sign-in sends: a code of a method, or a recovery code. */
export type SecondFactor = { mfaType: string; passcode: string } | { recoveryCode: string };

/**
 * The second step of a sign-in waiting in this browser: the server continues the first step's
 * request (an OAuth code, a SAML response, a CAS ticket ...) and answers as it would have.
 */
export function secondFactorLogin(answer: SecondFactor) {
  return request<unknown, unknown>('POST', '/api/login', { body: answer });
}
