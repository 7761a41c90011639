import { type AccountItem, defaultAccountItems, VIEW_RULES } from '@gatehouse/entities';
import { Select } from 'antd';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import { type CellEditorProps, ListEditor, type ListEditorColumn } from '../crud/list-editor';
import { accountItemRows } from './account-item-rows';
import type { FieldControlProps } from './ui-types';

/** An account item's name in the page's language (the stored name is Casdoor's English one). */
export const accountItemLabel = (t: TFunction, name: string) => t(`accountItem.${name}`, { defaultValue: name });

/** The item picker of a row: the names no other row uses; an unchosen row shows "Please select an account item". */
function NameCell({
  cell,
  row,
  index,
  rows,
}: {
  cell: CellEditorProps;
  row: AccountItem;
  index: number;
  rows: readonly AccountItem[];
}) {
  const { t } = useTranslation();
  return (
    <Select
      size="small"
      showSearch={{ optionFilterProp: 'label' }}
      value={accountItemRows.isPlaceholder(row) ? undefined : row.name}
      placeholder={t('organization.selectAccountItem')}
      options={accountItemRows.nameOptions(row, index, rows).map((name) => ({ value: name, label: accountItemLabel(t, name) }))}
      onChange={(next) => cell.onChange(next ?? '')}
      disabled={cell.disabled}
      aria-label={cell.label}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 200 }}
    />
  );
}

const columns = (t: TFunction): ListEditorColumn<AccountItem>[] => [
  {
    key: 'name',
    title: t('organization.rows.name'),
    kind: 'select',
    renderCell: (cell, row, index, rows) => <NameCell cell={cell} row={row} index={index} rows={rows} />,
  },
  { key: 'visible', title: t('organization.rows.visible'), kind: 'switch' },
  {
    key: 'viewRule',
    title: t('organization.rows.viewRule'),
    kind: 'select',
    options: VIEW_RULES,
    absent: accountItemRows.rulesAbsent,
  },
  {
    key: 'modifyRule',
    title: t('organization.rows.modifyRule'),
    kind: 'select',
    options: accountItemRows.modifyRuleOptions,
    absent: accountItemRows.rulesAbsent,
  },
  {
    key: 'regex',
    title: t('organization.rows.regex'),
    kind: 'text',
    absent: accountItemRows.regexAbsent,
    invalid: accountItemRows.regexInvalid,
  },
];

/**
 * The organization's account items: which user fields the user page shows and who
 * may see and change each. Names cannot repeat; the modify rule is Admin or Immutable where only
 * administrators see the item and for Is admin; a regex only on the items that take one. Rows left
 * unchosen are dropped when the organization is saved.
 */
export function AccountItemsTable({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<AccountItem[]>(value, onChange, defaultAccountItems);
  return (
    <ListEditor<AccountItem>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={columns(t)}
      newRow={accountItemRows.newRow}
      onCellChange={accountItemRows.onCellChange}
      hint={t('organization.accountItemsHint')}
    />
  );
}
