import { allows, DEFAULT_PAGE_SIZE, isAdmin, nowRfc3339, organizationOf, randomId } from '@gatehouse/entities';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type Rec, unwrap } from '../../shared/data/client';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { create, getList, remove } from '../data/entities';
import type { EntityUi } from '../entities/ui-types';
import { useSelectedOrganization } from '../shell/selected-organization';
import {
  type ListState,
  listOrganization,
  listQueryKey,
  newRecordOrganization,
  pageAfterDelete,
  readListState,
  toListQuery,
  writeListState,
} from './list-query';
import { editPath, withQuery } from './paths';

/**
 * Everything a list screen does, for any entity: the server-side page of rows for the list state
 * in the URL, Add (a record with the definition's defaults, then its edit page in add mode) and
 * Delete, with the access rules of the definition deciding what is enabled.
 */
export function useEntityList(ui: EntityUi, pinnedOrganization?: string, groupName?: string) {
  const def = ui.definition;
  const viewer = useAccount()?.viewer ?? null;
  const selected = useSelectedOrganization();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useFeedback();

  const defaultPageSize = def.list.pageSize ?? DEFAULT_PAGE_SIZE;
  const state = readListState(params, defaultPageSize);
  const organization = viewer ? listOrganization(viewer, selected, pinnedOrganization) : '';
  const query = { ...toListQuery(state, organization), ...(groupName ? { groupName } : {}) };

  const result = useQuery({
    queryKey: listQueryKey(def.name, query),
    queryFn: async () => {
      // Members who are not administrators list their own records (permissions by submitter).
      const envelope = unwrap(await getList(def, query, !isAdmin(viewer)));
      return { rows: envelope.data ?? [], total: envelope.data2 ?? 0 };
    },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
  });

  const setState = (next: ListState) => setParams(writeListState(next, defaultPageSize), { replace: true });

  // Another organization's rows start at their first page.
  const shownOrganization = useRef(organization);
  useEffect(() => {
    if (shownOrganization.current === organization) return;
    shownOrganization.current = organization;
    if (state.page !== 1) setState({ ...state, page: 1 });
  });

  // Only a list that could be shown is worth returning to.
  const shown = result.isSuccess;
  useEffect(() => {
    if (ui.listUrlKey && shown) sessionStorage.setItem(ui.listUrlKey, `${location.pathname}${location.search}`);
  }, [ui.listUrlKey, shown, location.pathname, location.search]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', def.name] });

  const add = useMutation({
    mutationFn: async () => {
      if (!viewer) throw new Error('not signed in');
      const fresh = def.newRecord({
        organization: newRecordOrganization(organization, viewer),
        viewer,
        random: randomId,
        now: nowRfc3339,
      }) as Rec;
      const record = ui.prepareNew ? await ui.prepareNew(fresh) : fresh;
      const envelope = unwrap(await create(def, record));
      return envelope.data2 ?? record;
    },
    onSuccess: (stored) => {
      feedback.success('general.successfullyAdded');
      void refresh();
      void navigate(withQuery(editPath(def, stored), 'mode', 'add'));
    },
    onError: (error) => feedback.failure('general.failedToAdd', error),
  });

  const rows = result.data?.rows ?? [];
  const del = useMutation({
    mutationFn: async (record: Rec) => unwrap(await (ui.deleteRecord ? ui.deleteRecord(record) : remove(def, record))),
    onSuccess: () => {
      feedback.success('general.successfullyDeleted');
      const page = pageAfterDelete(state.page, rows.length);
      if (page !== state.page) setState({ ...state, page });
      void refresh();
    },
    onError: (error) => feedback.failure('general.failedToDelete', error),
  });

  // Rows of a shared entity the viewer may not change (the shared ones, for organization admins)
  // have Edit disabled (shared providers and certs); the name still opens the record read-only.
  const canEdit = (record: Rec) =>
    !def.shared ||
    allows(def.access.update, viewer, organizationOf(def, record), !!viewer && (def.isSelf?.(viewer, record) ?? false));

  // The definition's rule for the records its server refuses to delete (built-in ones, a group with subgroups).
  const undeletable = (record: Rec) => !!def.undeletable?.(record as never, viewer);

  const canDelete = (record: Rec) =>
    !undeletable(record) &&
    allows(def.access.delete, viewer, organizationOf(def, record), !!viewer && (def.isSelf?.(viewer, record) ?? false));

  return {
    viewer,
    state,
    setState,
    organization,
    result,
    rows,
    total: result.data?.total ?? 0,
    canCreate: allows(def.access.create, viewer, organization),
    canEdit,
    canDelete,
    undeletable,
    refresh,
    add,
    del,
  };
}
