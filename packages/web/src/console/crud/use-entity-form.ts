import { fieldEntries, keyFieldOf, keyOfRecord } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { ACCOUNT_KEY, useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { getOne, remove, update } from '../data/entities';
import type { EntityUi } from '../entities/ui-types';
import { useCameFrom } from './came-from';
import { fromFormValues, toFormValues } from './form-values';
import { useLeaveGuard } from './leave-guard';
import { editPath } from './paths';

/** History state of an edit page whose record its own Add created (crud/entity-edit-page.tsx). */
export const CREATED_STATE = { created: true } as const;

/** Whether a location's state says its record was created by the page's Add. */
export function isCreatedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'created' in state && state.created === true;
}

/**
 * A refusal the server made of one field of the form (the envelope names it), its text with the
 * field's label in place of its internal name ("websiteUrl must be ..." → "Website URL must be ...").
 */
export function fieldRefusal(
  error: unknown,
  fields: readonly string[],
  label: (field: string) => string,
): { field: string; text: string } | null {
  if (!(error instanceof ApiError) || !error.field || !fields.includes(error.field)) return null;
  const { field, message } = error;
  // The name's refusals already say "the name" in words.
  if (field === 'name') return { field, text: message };
  const key = new RegExp(`(^|[^\\w])${field}(?![\\w])`);
  return { field, text: message.replace(key, (_, before: string) => `${before}${label(field)}`) };
}

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
  /** The record was created by this page's Add (before or after its first save): Cancel deletes it. */
  created: boolean;
}

/**
 * Save, Save & Exit and Cancel of an edit page. Save updates the record under the id it was
 * loaded with (so a changed owner or name renames it) and follows a rename; a refused save keeps
 * everything typed (the next save tries the same values again). Leaving with changes not saved
 * asks first (useLeaveGuard). After the first save of an Add page the page is an edit page, but
 * its Cancel stays and still deletes the record the Add created (history state `created`).
 */
export function useEntityForm({ ui, stored, form, fields, self, isAdd, created }: Options) {
  const def = ui.definition;
  const viewer = useAccount()?.viewer ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The form's values as last loaded or saved: what "unsaved changes" are measured against.
  const savedValues = useRef<string | null>(null);
  const valuesNow = () => JSON.stringify(form.getFieldsValue(fields));
  if (savedValues.current === null)
    savedValues.current = JSON.stringify(toFormValues(def, fields, ui.onLoad?.(stored) ?? stored));
  const guard = useLeaveGuard(() => form.isFieldsTouched() && valuesNow() !== savedValues.current);

  // Back to the page the edit was opened from (an organization's users), else the entity's own place.
  const cameFrom = useCameFrom();
  const exitPath = (record: Rec) => cameFrom ?? ui.exitPath?.(viewer, record) ?? def.routes.list ?? '/';
  // Opened from elsewhere (no history in the console) with ?return-url=, Save &
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
      const refused = fieldRefusal(error, fields, (field) => t(ui.fieldLabel?.(field, record) ?? `${def.name}.${field}`));
      // A refusal of one field's value shows under that field, in the field's own words.
      if (refused) form.setFields([{ name: refused.field, errors: [refused.text] }]);
      feedback.failure(ui.saveMessages?.failed ?? 'general.failedToSave', refused ? new Error(refused.text) : error);
      return;
    } finally {
      setBusy(false);
    }
    feedback.success(ui.saveMessages?.saved ?? 'general.successfullySaved');
    savedValues.current = valuesNow();

    const renamed = record.owner !== stored.owner || record[keyField] !== stored[keyField];
    if (renamed) queryClient.removeQueries({ queryKey: recordKey(def.name, owner, name) });
    const key = recordKey(def.name, String(record.owner), keyOfRecord(def, record));
    // The server may complete what was saved (generated keys, normalised values): show what it stored.
    const saved = await getOne(def, String(record.owner), keyOfRecord(def, record)).catch(() => null);
    if (saved?.status === 'ok' && saved.data) {
      queryClient.setQueryData(key, saved.data);
      form.setFieldsValue(toFormValues(def, fields, saved.data));
      savedValues.current = valuesNow();
    } else {
      queryClient.setQueryData(key, record);
      void queryClient.invalidateQueries({ queryKey: key });
    }
    void queryClient.invalidateQueries({ queryKey: ['list', def.name] });
    // The header shows the account and its organization's menu settings, which this save may change.
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });

    if (andExit) await exit(record);
    // Once saved, ?mode=add goes (the page is an edit page); the route follows a rename. A record
    // this page created keeps its Cancel.
    else if (!self && (renamed || isAdd)) {
      void navigate(editPath(def, record), { replace: true, state: created ? CREATED_STATE : undefined });
    }
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
    guard.release();
    void navigate(exitPath(stored));
  };

  return { save, cancel, busy };
}
