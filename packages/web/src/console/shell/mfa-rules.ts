import { type MfaItem, type MfaType, requiredMfaType, unmetMfaItems } from '@gatehouse/entities/plain';
import type { Account } from '../auth/account';

/** The organization's Required method the account has not enabled yet (the console then asks for nothing else). */
export function mfaSetupRequired(account: Account | null | undefined): MfaType | undefined {
  return account ? requiredMfaType(account.organization?.mfaItems ?? [], account.mfa) : undefined;
}

/** The organization's Prompted methods the account has not enabled. */
export function promptedMfaItems(account: Account): MfaItem[] {
  return unmetMfaItems(account.organization?.mfaItems ?? [], account.mfa, ['Prompted']);
}

/** Whether the page was reached right after signing in (Casdoor's navigation state from "/login"). */
export function arrivedFromSignin(state: unknown): boolean {
  return typeof state === 'object' && state !== null && Reflect.get(state, 'from') === '/login';
}
