import {
  ACCOUNT_ITEM_NAMES,
  ACCOUNT_ITEM_PLACEHOLDER,
  type AccountItem,
  isPlaceholderItem,
  modifyRulesOf,
  REGEX_ACCOUNT_ITEMS,
  regexError,
} from '@gatehouse/entities';

/**
 * The row rules of the organization's account items table, pure so that they are unit tested;
 * account-items-table.tsx binds them to a list editor. The server enforces the same rules
 * (entities/account-items.ts).
 */
export const accountItemRows = {
  /** Each item once: a row offers the names no other row uses (its own included). */
  nameOptions: (_row: AccountItem, index: number, rows: readonly AccountItem[]): string[] => {
    const taken = new Set(rows.filter((_, i) => i !== index).map((row) => row.name));
    return ACCOUNT_ITEM_NAMES.filter((name) => !taken.has(name));
  },
  /** A new row waits for its item to be chosen; such rows are dropped when the organization is saved. */
  newRow: (): AccountItem => ({
    name: ACCOUNT_ITEM_PLACEHOLDER,
    visible: true,
    viewRule: 'Public',
    modifyRule: 'Self',
    regex: '',
  }),
  /** Rules mean something only for items the user page shows. */
  rulesAbsent: (row: AccountItem) => !row.visible,
  modifyRuleOptions: (row: AccountItem) => modifyRulesOf(row),
  /** Only some items take a regex. */
  regexAbsent: (row: AccountItem) => !REGEX_ACCOUNT_ITEMS.includes(row.name),
  regexInvalid: (row: AccountItem) => row.regex !== '' && regexError(row.regex) !== null,
  /**
   * A row whose item or view rule now limits the modify rule gets Admin; an item that takes no
   * regex loses its regex.
   */
  onCellChange: (next: AccountItem): AccountItem => {
    let row = next;
    if (row.modifyRule !== '' && !modifyRulesOf(row).includes(row.modifyRule)) row = { ...row, modifyRule: 'Admin' };
    if (row.regex !== '' && !REGEX_ACCOUNT_ITEMS.includes(row.name)) row = { ...row, regex: '' };
    return row;
  },
  /** Rows without a chosen item, as the editor shows them (the placeholder text of the name select). */
  isPlaceholder: (row: AccountItem) => isPlaceholderItem(row),
};

/** The form rule of the whole table: a regex that does not compile (the other rules cannot be broken in the table). */
export function accountItemsFormProblem(items: readonly AccountItem[]): string | null {
  return items.some(accountItemRows.regexInvalid) ? 'organization.accountItemRegexInvalid' : null;
}
