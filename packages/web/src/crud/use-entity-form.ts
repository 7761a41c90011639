import { fieldEntries, keyFieldOf, keyOfRecord } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_KEY, useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { type Rec, unwrap } from '../data/client';
import { getOne, remove, update } from '../data/entities';
import type { EntityUi } from '../entities/ui-types';
import { fromFormValues, toFormValues } from './form-values';
import { editPath } from './paths';

/** TanStack Query key of one stored record. */
export function recordKey(entity: string, owner: string, name: string) {
  return ['record', entity, owner, name] as const;
}

interface Options {
  ui: EntityUi;
  stored: Rec;
  form: FormInstance;
  fields: string[];
  /** The own-account page: it stays on its route whatever the record's name becomes. */
  self: boolean;
  isAdd: boolean;
}

/**
 * Save, Save & Exit and Cancel of an edit page. Save updates the record under the id it was
 * loaded with (so a changed owner or name renames it) and follows a rename; a refused save puts
 * the stored owner and name back into the form.
 */
export function useEntityForm({ ui, stored, form, fields, self, isAdd }: Options) {
  const def = ui.definition;
  const viewer = useAccount()?.viewer ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);

  const exitPath = (record: Rec) => ui.exitPath?.(viewer, record) ?? def.routes.list ?? '/';
  // Spec part 1 §4: opened from elsewhere (no history in the console) with ?return-url=, Save &
  // Exit goes back there when the entity vouches for the address.
  const exit = async (record: Rec) => {
    const raw = searchParams.get('return-url');
    const target = raw && location.key === 'default' ? await ui.resolveReturnUrl?.(raw, viewer) : null;
    if (!target) return void navigate(exitPath(record));
    if (target.startsWith('/')) return void navigate(target);
    window.location.assign(target);
  };
  const owner = String(stored.owner);
  // The record's key within its owner: its name, or the definition's keyField (an LDAP server's id).
  const keyField = keyFieldOf(def);
  const name = keyOfRecord(def, stored);

  const save = async (andExit: boolean) => {
    const record: Rec = { ...stored, ...fromFormValues(def, fields, form.getFieldsValue(fields)) };
    // Sums of money move on the server (payments spend a balance): one is sent only when its input
    // changed it, so that the value loaded with the page neither undoes a payment made since nor
    // counts as a change the viewer may not make.
    for (const [field, spec] of fieldEntries(def)) {
      if (spec.kind === 'money' && record[field] === stored[field]) delete record[field];
    }
    setBusy(true);
    try {
      unwrap(await update(def, owner, name, record));
    } catch (error) {
      feedback.failure(ui.saveMessages?.failed ?? 'general.failedToSave', error);
      form.setFieldsValue(Object.fromEntries(['owner', keyField].filter((f) => fields.includes(f)).map((f) => [f, stored[f]])));
      return;
    } finally {
      setBusy(false);
    }
    feedback.success(ui.saveMessages?.saved ?? 'general.successfullySaved');

    const renamed = record.owner !== stored.owner || record[keyField] !== stored[keyField];
    if (renamed) queryClient.removeQueries({ queryKey: recordKey(def.name, owner, name) });
    const key = recordKey(def.name, String(record.owner), keyOfRecord(def, record));
    // The server may complete what was saved (generated keys, normalised values): show what it stored.
    const saved = await getOne(def, String(record.owner), keyOfRecord(def, record)).catch(() => null);
    if (saved?.status === 'ok' && saved.data) {
      queryClient.setQueryData(key, saved.data);
      form.setFieldsValue(toFormValues(def, fields, saved.data));
    } else {
      queryClient.setQueryData(key, record);
      void queryClient.invalidateQueries({ queryKey: key });
    }
    void queryClient.invalidateQueries({ queryKey: ['list', def.name] });
    // The header shows the account and its organization's menu settings, which this save may change.
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });

    if (andExit) await exit(record);
    // Once saved, the record is no longer a placeholder: drop ?mode=add (and with it Cancel).
    else if (!self && (renamed || isAdd)) void navigate(editPath(def, record), { replace: true });
  };

  const cancel = async () => {
    setBusy(true);
    try {
      unwrap(await remove(def, stored));
    } catch (error) {
      feedback.failure('general.failedToDelete', error);
      return;
    } finally {
      setBusy(false);
    }
    void queryClient.invalidateQueries({ queryKey: ['list', def.name] });
    void navigate(exitPath(stored));
  };

  return { save, cancel, busy };
}
