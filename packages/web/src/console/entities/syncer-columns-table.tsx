import { isLdapSyncer, SYNCER_COLUMN_TYPES, SYNCER_USER_FIELD_NAMES, type SyncerTableColumn } from '@gatehouse/entities';
import { Form } from 'antd';
import type { TFunction } from '../../shared/i18n/i18n';
import type { ListEditorColumn } from '../crud/list-editor';
import { RowsTable, type RowsTableSpec } from '../crud/rows-table';
import { columnRows } from './syncer-rules';
import type { FieldControlProps } from './ui-types';

/** The columns after the external name, the same for a table and a directory. */
const mappingColumns = (t: TFunction): ListEditorColumn<SyncerTableColumn>[] => [
  { key: 'casdoorName', title: t('syncer.column.casdoorName'), kind: 'select', options: SYNCER_USER_FIELD_NAMES },
  { key: 'isKey', title: t('syncer.column.isKey'), kind: 'switch', disabled: columnRows.keyDisabled },
  { key: 'isHashed', title: t('syncer.column.isHashed'), kind: 'switch' },
  { key: 'values', title: t('syncer.column.values'), kind: 'tags', placeholder: 'Y=true' },
];

const rules = { newRow: columnRows.newRow, rowsAfterChange: columnRows.rowsAfterChange, undeletable: columnRows.undeletable };

/**
 * The syncer's table columns (Casdoor's SyncerTableColumnTable): the external
 * column, its type, the user field it maps to, the key switch (turning one on turns the others
 * off; a key is never turned off directly nor deleted while other columns exist), the hashed
 * switch and the value mappings ("external=value").
 */
const COLUMNS: RowsTableSpec<SyncerTableColumn> = {
  empty: () => [],
  rules,
  hint: 'syncer.columnsHint',
  columns: (t) => [
    { key: 'name', title: t('syncer.column.name'), kind: 'text' },
    { key: 'type', title: t('syncer.column.type'), kind: 'select', options: SYNCER_COLUMN_TYPES },
    ...mappingColumns(t),
  ],
};

/** An LDAP syncer's: directory attributes (never written, so without a column type). */
const ATTRIBUTES: RowsTableSpec<SyncerTableColumn> = {
  empty: () => [],
  rules,
  hint: 'syncer.ldap.columnsHint',
  columns: (t) => [{ key: 'name', title: t('syncer.column.attribute'), kind: 'text' }, ...mappingColumns(t)],
};

export function SyncerColumnsTable(props: FieldControlProps) {
  const type: unknown = Form.useWatch('type');
  return <RowsTable {...props} spec={isLdapSyncer(type) ? ATTRIBUTES : COLUMNS} />;
}
