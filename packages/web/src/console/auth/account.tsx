import { BUILT_IN_ORG } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import {
  type Account,
  AccountContext,
  type AccountState,
  clearWeb3Tokens,
  fetchAccount,
  useAccount,
  useAccountState,
} from '../../shared/auth/account-state';
import { logout } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { toast } from '../../shared/plain/toast';

export { type Account, useAccount, useAccountState };

export const ACCOUNT_KEY = ['account'] as const;

/** The console's account: kept in TanStack Query, so that pages refetch it with the rest of their data. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, staleTime: 60_000 });
  const state: AccountState = {
    account: query.data,
    error: query.error,
    retry: () => void query.refetch(),
    refresh: async () => {
      await query.refetch();
    },
  };
  return <AccountContext value={state}>{children}</AccountContext>;
}

/**
 * Signs out, then goes to the server's redirect (data2) if any, else the organization's sign-in
 * page, else home (the built-in organization).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const account = useAccount();

  return async () => {
    const organization = account?.user.owner;
    try {
      const envelope = unwrap(await logout());
      clearWeb3Tokens();
      // A plain notice: it goes along when the browser loads the sign-in page (shared/plain/toast.tsx).
      toast('success', t('general.loggedOut'));
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
      // Every logout failure is worded the same way, network failures included.
      message.error(t('general.failedToLogOut', { msg: error instanceof Error ? error.message : String(error) }));
    }
  };
}
