import { describe, expect, it } from 'vitest';
import { accountItemNameOf, fitsItemRegex, itemChangeRefusal, itemEditable, itemVisible } from './account-item-rules.js';
import type { AccountItem } from './account-items.js';

const item = (viewRule: string, modifyRule: string, extra: Partial<AccountItem> = {}): AccountItem => ({
  name: 'Title',
  visible: true,
  viewRule,
  modifyRule,
  regex: '',
  ...extra,
});
const user = { self: true, admin: false };
const admin = { self: false, admin: true };
const stranger = { self: false, admin: false };

describe('account item visibility', () => {
  it('shows Public to all, Self to the user or an admin, Admin to admins, hidden items to nobody', () => {
    expect([user, admin, stranger].map((v) => itemVisible(item('Public', 'Self'), v))).toEqual([true, true, true]);
    expect([user, admin, stranger].map((v) => itemVisible(item('Self', 'Self'), v))).toEqual([true, true, false]);
    expect([user, admin, stranger].map((v) => itemVisible(item('Admin', 'Admin'), v))).toEqual([false, true, false]);
    expect(itemVisible(item('Public', 'Self', { visible: false }), admin)).toBe(false);
  });
});

describe('account item modification', () => {
  it('lets Self be changed by the user or an admin, Admin by admins, Immutable by nobody', () => {
    expect([user, admin, stranger].map((v) => itemEditable(item('Public', 'Self'), v))).toEqual([true, true, false]);
    expect([user, admin, stranger].map((v) => itemEditable(item('Public', 'Admin'), v))).toEqual([false, true, false]);
    expect([user, admin].map((v) => itemEditable(item('Public', 'Immutable'), v))).toEqual([false, false]);
  });

  it('names the item in the refusal', () => {
    expect(itemChangeRefusal(item('Public', 'Admin'), user)).toEqual({ key: 'accountItemAdminOnly', name: 'Title' });
    expect(itemChangeRefusal(item('Public', 'Immutable'), admin)).toEqual({ key: 'accountItemImmutable', name: 'Title' });
    // An item only admins see is only theirs to change, whatever its modify rule says.
    expect(itemChangeRefusal(item('Admin', 'Self'), user)).toEqual({ key: 'accountItemAdminOnly', name: 'Title' });
  });
});

describe('account item fields and regexes', () => {
  it('maps fields to their items', () => {
    expect(accountItemNameOf('displayName')).toBe('Display name');
    expect(accountItemNameOf('faceIds')).toBe('Face ID');
    expect(accountItemNameOf('passwordSalt')).toBeUndefined();
  });

  it('matches unanchored like the server, and refuses everything under an invalid pattern', () => {
    expect(fitsItemRegex(item('Public', 'Self', { regex: '^[a-z]+$' }), 'abc')).toBe(true);
    expect(fitsItemRegex(item('Public', 'Self', { regex: '^[a-z]+$' }), 'ab1')).toBe(false);
    expect(fitsItemRegex(item('Public', 'Self', { regex: 'b' }), 'abc')).toBe(true);
    expect(fitsItemRegex(item('Public', 'Self', { regex: '(' }), 'abc')).toBe(false);
    expect(fitsItemRegex(item('Public', 'Self'), '')).toBe(true);
  });
});
