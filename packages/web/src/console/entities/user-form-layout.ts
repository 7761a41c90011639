import {
  ACCOUNT_ITEM_FIELDS,
  type AccountItem,
  accountItemNamed,
  accountItemNameOf,
  allows,
  fitsItemRegex,
  isSelf,
  itemEditable,
  itemVisible,
  organization as organizationDef,
  type Viewer,
} from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Rec, unwrap } from '../../shared/data/client';
import { recordKey } from '../crud/use-entity-form';
import { getOne } from '../data/entities';
import type { FormLayout } from './ui-types';

/** Account items shown as blocks of the user form rather than fields (user.edit.tsx `blocks`). */
export const ITEM_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  '3rd-party logins': ['thirdPartyLogins'],
  'Multi-factor authentication': ['mfa'],
  'WebAuthn credentials': ['webauthnCredentials'],
  Roles: ['roles'],
  Permissions: ['permissions'],
};

/** Blocks that belong to no account item, shown after the items to the user and administrators. */
const TRAILING_BLOCKS = ['keys'];

function isAccountItem(value: unknown): value is AccountItem {
  if (typeof value !== 'object' || value === null) return false;
  const { name, viewRule, modifyRule } = { name: undefined, viewRule: undefined, modifyRule: undefined, ...value };
  return typeof name === 'string' && typeof viewRule === 'string' && typeof modifyRule === 'string';
}

function accountItemsOf(org: Rec | null | undefined): AccountItem[] {
  return Array.isArray(org?.accountItems) ? org.accountItems.filter(isAccountItem) : [];
}

/**
 * The user form as the organization's account items make it: the items the
 * viewer may see, in the organization's order, each item's fields and blocks; editable where the
 * item's modify rule lets the viewer change it. Fields of no item follow the definition's form.
 */
export function userFormLayout(items: readonly AccountItem[], stored: Rec, viewer: Viewer | null): FormLayout {
  const who = { self: isSelf(viewer, stored), admin: allows('orgAdmin', viewer, String(stored.owner)) };
  const order: string[] = [];
  for (const item of items) {
    if (!itemVisible(item, who)) continue;
    order.push(...(ACCOUNT_ITEM_FIELDS[item.name] ?? []), ...(ITEM_BLOCKS[item.name] ?? []));
  }
  if (who.self || who.admin) order.push(...TRAILING_BLOCKS);
  const itemOf = (key: string) => {
    const name = accountItemNameOf(key);
    return name === undefined ? undefined : accountItemNamed(items, name);
  };
  return {
    order,
    editable: (key) => {
      const item = itemOf(key);
      return item ? itemEditable(item, who) : true;
    },
    // A changed value that does not fit its item's regex (the server checks changes only).
    problem: (key, value) => {
      if (value === stored[key]) return null;
      const item = itemOf(key);
      return item && !fitsItemRegex(item, value) ? 'user.patternMismatch' : null;
    },
  };
}

/** useFormLayout of the user form: loads the user's organization, then lays the form out by its items. */
export function useUserFormLayout(stored: Rec, viewer: Viewer | null): FormLayout | null | undefined {
  const owner = String(stored.owner ?? '');
  const query = useQuery({
    queryKey: recordKey(organizationDef.name, 'admin', owner),
    queryFn: async () => unwrap(await getOne(organizationDef, 'admin', owner)).data ?? null,
    enabled: owner !== '',
  });
  return useMemo(() => {
    if (query.isPending) return null;
    // Without its organization (an error, a missing one) the form falls back to the definition's fields.
    if (query.error || !query.data) return undefined;
    return userFormLayout(accountItemsOf(query.data), stored, viewer);
  }, [query.isPending, query.error, query.data, stored, viewer]);
}
