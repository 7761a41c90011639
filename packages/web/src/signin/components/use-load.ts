import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from '../../shared/data/client';

export interface Load<T> {
  data: T | undefined;
  error: Error | null;
  /** No answer yet (the first load of this key). */
  isPending: boolean;
  /** A load is under way (the first or a refetch). */
  isFetching: boolean;
  refetch: () => void;
}

/**
 * What a public page reads from the server (the application it shows, the organizations it lists),
 * loaded when `key` changes: the latest answer wins, a dropped connection is tried twice more (a
 * refusal will not change on retry), and refetch loads it again. The sign-in pages' small stand-in
 * for TanStack Query, which the console uses.
 */
export function useLoad<T>(key: string, load: () => Promise<T>, { retries = 2 }: { retries?: number } = {}): Load<T> {
  const [state, setState] = useState<{ key: string; data?: T; error: Error | null; fetching: boolean }>({
    key,
    error: null,
    fetching: true,
  });
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` (refetch) loads again.
  useEffect(() => {
    let current = true;
    setState((was) => (was.key === key ? { ...was, fetching: true } : { key, error: null, fetching: true }));
    const run = async (left: number): Promise<T> => {
      try {
        return await loader.current();
      } catch (failure) {
        if (failure instanceof NetworkError && left > 0) return run(left - 1);
        throw failure;
      }
    };
    run(retries).then(
      (data) => current && setState({ key, data, error: null, fetching: false }),
      (failure: unknown) =>
        current && setState({ key, error: failure instanceof Error ? failure : new Error(String(failure)), fetching: false }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, retries]);

  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = state.key === key;
  return {
    data: mine ? state.data : undefined,
    error: mine ? state.error : null,
    isPending: !mine || (state.data === undefined && state.error === null),
    isFetching: !mine || state.fetching,
    refetch,
  };
}
