import { ACCOUNT_ITEM_NAMES, type AccountItem } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { accountItemRows } from './account-item-rows';

const row = (name: string, rest: Partial<AccountItem> = {}): AccountItem => ({
  name,
  visible: true,
  viewRule: 'Public',
  modifyRule: 'Self',
  regex: '',
  ...rest,
});

describe('account items table rows', () => {
  it('offers each item to one row only', () => {
    const rows = [row('Email'), row('Bio'), accountItemRows.newRow()];
    const offered = accountItemRows.nameOptions(rows[2] as AccountItem, 2, rows);
    expect(offered).not.toContain('Email');
    expect(offered).not.toContain('Bio');
    expect(offered).toHaveLength(ACCOUNT_ITEM_NAMES.length - 2);
    expect(accountItemRows.nameOptions(rows[0] as AccountItem, 0, rows)).toContain('Email');
  });

  it('starts a new row as "Please select an account item"', () => {
    const added = accountItemRows.newRow();
    expect(added.name).toBe('Please select an account item');
    expect(accountItemRows.isPlaceholder(added)).toBe(true);
  });

  it('offers Admin or Immutable only where administrators alone see the item, and for Is admin', () => {
    expect(accountItemRows.modifyRuleOptions(row('Bio'))).toEqual(['Self', 'Admin', 'Immutable']);
    expect(accountItemRows.modifyRuleOptions(row('Bio', { viewRule: 'Admin' }))).toEqual(['Admin', 'Immutable']);
    expect(accountItemRows.modifyRuleOptions(row('Is admin'))).toEqual(['Admin', 'Immutable']);
    // A view rule turned to Admin takes a Self modify rule along to Admin.
    expect(accountItemRows.onCellChange(row('Bio', { viewRule: 'Admin', modifyRule: 'Self' }))).toMatchObject({
      modifyRule: 'Admin',
    });
    expect(accountItemRows.onCellChange(row('Bio', { viewRule: 'Admin', modifyRule: 'Immutable' }))).toMatchObject({
      modifyRule: 'Immutable',
    });
  });

  it('has a regex cell only on the items that take one, and drops the regex of a renamed row', () => {
    expect(accountItemRows.regexAbsent(row('Email'))).toBe(false);
    expect(accountItemRows.regexAbsent(row('Tag'))).toBe(true);
    expect(accountItemRows.onCellChange(row('Tag', { regex: '^x$' }))).toMatchObject({ regex: '' });
    expect(accountItemRows.regexInvalid(row('Email', { regex: '(' }))).toBe(true);
    expect(accountItemRows.regexInvalid(row('Email', { regex: '^.+$' }))).toBe(false);
  });

  it('shows no rules for hidden items', () => {
    expect(accountItemRows.rulesAbsent(row('Bio', { visible: false }))).toBe(true);
    expect(accountItemRows.rulesAbsent(row('Bio'))).toBe(false);
  });
});
