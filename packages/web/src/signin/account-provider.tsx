import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type Account, AccountContext, type AccountState, fetchAccount } from '../shared/auth/account-state';

/**
 * The sign-in pages' account: read once when the page opens and again on refresh (after signing
 * in, up or out); the pages decide with it whether to continue as the signed-in user.
 */
export function PublicAccountProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const answer = await fetchAccount();
      if (call !== latest.current) return;
      setError(null);
      setAccount(answer);
    } catch (failure) {
      if (call !== latest.current) return;
      setError(failure instanceof Error ? failure : new Error(String(failure)));
      setAccount(undefined);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const state: AccountState = { account, error, retry: () => void refresh(), refresh };
  return <AccountContext value={state}>{children}</AccountContext>;
}
