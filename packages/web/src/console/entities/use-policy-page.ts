import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { getEnforcerWithModelCfg, getPolicyPage } from '../data/authz';
import type { PolicyRow } from './policy-rows';

/** The policy table's page size. */
export const POLICY_PAGE_SIZE = 100;

/**
 * How a page is read: `sync` also reads the model's definitions (the columns) and has the server
 * read the adapter again for its engine (the first load, Sync, Retry); `announce` says so in a toast.
 */
interface LoadOptions {
  sync?: boolean;
  announce?: boolean;
}

/** The model's policy and role definitions of get-enforcer?loadModelCfg=true, as text. */
function modelCfgOf(enforcer: Rec | null | undefined): Record<string, string> | undefined {
  const cfg = enforcer?.modelCfg;
  return cfg && typeof cfg === 'object' ? Object.fromEntries(Object.entries(cfg).map(([k, v]) => [k, String(v)])) : undefined;
}

/**
 * The rows of an enforcer's policy table, one page at a time from the server (never every
 * policy), with their total and the model's definitions. The last request wins: the answer to an
 * older one is dropped. A page that no longer exists (its last rows deleted) falls back to the
 * last page there is. A failed load keeps the rows shown and reports why.
 */
export function usePolicyPage(owner: string, name: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<PolicyRow[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [modelCfg, setModelCfg] = useState<Record<string, string> | undefined>();
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (target: number, { sync = false, announce = false }: LoadOptions = {}) => {
      const ticket = ++latest.current;
      const current = () => ticket === latest.current;
      const fail = (msg: string) => {
        setLoadError(msg);
        void message.error(t('enforcer.failedToSyncPolicies', { msg }));
      };
      const id = `${owner}/${name}`;
      setLoading(true);
      try {
        const [enforcer, first] = await Promise.all([
          sync ? getEnforcerWithModelCfg(owner, name) : undefined,
          getPolicyPage(id, target, POLICY_PAGE_SIZE, sync),
        ]);
        if (!current()) return;
        if (enforcer) setModelCfg(modelCfgOf(enforcer.data));
        let shown = target;
        let answer = first;
        const lastPage = Math.max(1, Math.ceil((answer.data2 ?? 0) / POLICY_PAGE_SIZE));
        if (answer.status === 'ok' && shown > lastPage) {
          shown = lastPage;
          answer = await getPolicyPage(id, shown, POLICY_PAGE_SIZE);
          if (!current()) return;
        }
        if (answer.status !== 'ok') {
          fail(answer.msg);
          return;
        }
        const stamp = Date.now();
        setLoadError(null);
        setRows((answer.data ?? []).map((rule, i) => ({ ...rule, key: `row-${shown}-${i}-${stamp}` })));
        setPage(shown);
        setTotal(answer.data2 ?? 0);
        if (announce) void message.success(t('enforcer.successfullySynced'));
      } catch (error) {
        if (current()) fail(errorText(t, error));
      } finally {
        if (current()) setLoading(false);
      }
    },
    [owner, name, message, t],
  );

  return { rows, setRows, page, total, modelCfg, loading, loadError, load };
}
