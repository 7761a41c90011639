import {
  ACCOUNT_ITEM_FIELDS,
  type AccountItem,
  accountItemNamed,
  allows,
  fitsItemRegex,
  isSelf,
  itemChangeRefusal,
  type User,
  type Viewer,
} from '@gatehouse/entities';
import { AppError } from '../errors.js';

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * The organization's account items as a rule on a viewer's update of a user (Casdoor's
 * CheckPermissionForUpdateUser): a changed field whose item the viewer may not modify (Admin,
 * Immutable, or seen by admins only) refuses the whole update, naming the item; a changed value
 * must match its item's regex. Fields without an item in the organization's list follow only the
 * definition's own rules. The password changes only through /api/set-password (user.ts).
 */
export function checkAccountItems(items: readonly AccountItem[], viewer: Viewer, before: User, next: User): void {
  const who = { self: isSelf(viewer, before), admin: allows('orgAdmin', viewer, before.owner) };
  const old: Readonly<Record<string, unknown>> = before;
  const changed: Readonly<Record<string, unknown>> = next;
  for (const [name, fields] of Object.entries(ACCOUNT_ITEM_FIELDS)) {
    const item = accountItemNamed(items, name);
    if (!item) continue;
    for (const field of fields) {
      if (field === 'password') continue;
      const value = changed[field];
      if (same(old[field], value)) continue;
      const refusal = itemChangeRefusal(item, who);
      if (refusal) throw new AppError(refusal.key, { name: refusal.name });
      if (!fitsItemRegex(item, value)) throw new AppError('accountItemRegex', { value: String(value), name: item.name });
    }
  }
}
