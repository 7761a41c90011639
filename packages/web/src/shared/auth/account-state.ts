import type { MfaProps, Organization, User, Viewer } from '@gatehouse/entities';
import { levelOf, WEB3_TOKEN_PREFIX } from '@gatehouse/entities/plain';
import { createContext, useContext } from 'react';
import { getAccount } from '../data/account';
import { ApiError, isUnauthorizedCode } from '../data/client';
import { mfaPropsOf } from '../data/mfa';

/**
 * The signed-in account, as both entries know it: the console keeps it in TanStack Query
 * (console/auth/account.tsx), the sign-in pages in a plain provider (signin/account-provider.tsx); pages
 * of either read it through the same context.
 */

/** The signed-in account: its user record, its organization and who it is to the access rules. */
export interface Account {
  user: User;
  organization: Organization | null;
  viewer: Viewer;
  /** The user's multi-factor methods (get-account's multiFactorAuths). */
  mfa: MfaProps[];
  /** The server's settings the console follows (get-account's `settings`). */
  settings: ConsoleSettings;
}

export interface ConsoleSettings {
  /** Where the Records menu entry goes instead of the records list ('' for the list). */
  recordsUrl: string;
}

function settingsOf(value: { recordsUrl?: unknown } | undefined): ConsoleSettings {
  const recordsUrl = value?.recordsUrl;
  return { recordsUrl: typeof recordsUrl === 'string' ? recordsUrl : '' };
}

/** The account of the session (GET /api/get-account), null when signed out. */
export async function fetchAccount(): Promise<Account | null> {
  const envelope = await getAccount();
  if (envelope.status !== 'ok') {
    if (isUnauthorizedCode(envelope.code)) return null;
    throw new ApiError(envelope.msg, envelope.code);
  }
  const user = envelope.data as User;
  return {
    user,
    organization: (envelope.data2 ?? null) as Organization | null,
    viewer: { owner: user.owner, name: user.name, level: levelOf(user) },
    mfa: mfaPropsOf(envelope.data),
    settings: settingsOf(envelope.settings),
  };
}

export interface AccountState {
  /** undefined while loading (or after a failed load), null when signed out. */
  account: Account | null | undefined;
  error: Error | null;
  retry: () => void;
  /** Asks the server again (after a sign-in, sign-up or sign-out); resolves once the answer is in. */
  refresh: () => Promise<void>;
}

export const AccountContext = createContext<AccountState>({
  account: undefined,
  error: null,
  retry: () => {},
  refresh: async () => {},
});

export function useAccountState(): AccountState {
  return useContext(AccountContext);
}

export function useAccount(): Account | null | undefined {
  return useContext(AccountContext).account;
}

/** Web3 sign-in tokens are kept in localStorage, one per wallet address (components/web3-signin.ts). */
export function clearWeb3Tokens() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.startsWith(WEB3_TOKEN_PREFIX)) localStorage.removeItem(key);
}
