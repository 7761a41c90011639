import type { MfaProps, Organization, User, Viewer } from '@gatehouse/entities';
import { BUILT_IN_ORG, levelOf, WEB3_TOKEN_PREFIX } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../components/feedback';
import { getAccount, logout } from '../data/account';
import { ApiError, isUnauthorizedCode, unwrap } from '../data/client';
import { mfaPropsOf } from '../data/mfa';

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

export const ACCOUNT_KEY = ['account'] as const;

async function fetchAccount(): Promise<Account | null> {
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

interface AccountState {
  /** undefined while loading (or after a failed load), null when signed out. */
  account: Account | null | undefined;
  error: Error | null;
  retry: () => void;
}

const AccountContext = createContext<AccountState>({ account: undefined, error: null, retry: () => {} });

export function AccountProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, staleTime: 60_000 });
  const state: AccountState = { account: query.data, error: query.error, retry: () => void query.refetch() };
  return <AccountContext value={state}>{children}</AccountContext>;
}

export function useAccountState(): AccountState {
  return useContext(AccountContext);
}

export function useAccount(): Account | null | undefined {
  return useContext(AccountContext).account;
}

/** Web3 sign-in tokens are kept in localStorage, one per wallet address (components/web3-signin.ts). */
function clearWeb3Tokens() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.startsWith(WEB3_TOKEN_PREFIX)) localStorage.removeItem(key);
}

/**
 * Signs out, then goes to the server's redirect (data2) if any, else the organization's sign-in
 * page, else home (the built-in organization).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const account = useAccount();

  return async () => {
    const organization = account?.user.owner;
    try {
      const envelope = unwrap(await logout());
      clearWeb3Tokens();
      feedback.success('general.loggedOut');
      const redirect = typeof envelope.data2 === 'string' ? envelope.data2 : '';
      if (redirect) {
        window.location.assign(redirect);
        return;
      }
      const target = organization && organization !== BUILT_IN_ORG ? `/login/${encodeURIComponent(organization)}` : '/';
      // Leave the page first, so the guard of the page being left does not record it as the return
      // target and send to /login instead. flushSync: a route transition would otherwise keep the
      // page being left on screen while the target's code loads, and its guard would see the cleared account.
      flushSync(() => {
        void navigate(target);
      });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ACCOUNT_KEY[0] });
      queryClient.setQueryData(ACCOUNT_KEY, null);
    } catch (error) {
      // The spec words every logout failure the same way, network failures included.
      message.error(t('general.failedToLogOut', { msg: error instanceof Error ? error.message : String(error) }));
    }
  };
}
