import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/i18n';
import type { FieldControlProps } from '../entities/ui-types';
import { useJsonValue } from './json-value';
import { ListEditor, type ListEditorColumn, type ListEditorProps } from './list-editor';

/** The row rules of a table: how a row is added, edited and kept. */
type RowRules<R> = Pick<ListEditorProps<R>, 'newRow' | 'canAdd' | 'undeletable' | 'onCellChange' | 'rowsAfterChange'>;

/** A table of rows: where empty starts, the row rules, the columns, an optional hint and page size. */
export interface RowsTableSpec<R> {
  empty: () => R[];
  rules: RowRules<R>;
  columns: (t: TFunction) => ListEditorColumn<R>[];
  hint?: string;
  /** Rows per page (default: every row on one page). */
  pageSize?: number;
}

/** A field control editing a JSON list of rows (or their JSON text) with a ListEditor. */
export function RowsTable<R extends object>({
  spec,
  id,
  value,
  onChange,
  disabled,
  label,
}: FieldControlProps & { spec: RowsTableSpec<R> }) {
  const { t } = useTranslation();
  const [rows, setRows] = useJsonValue<R[]>(value, onChange, spec.empty);
  return (
    <ListEditor<R>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={spec.columns(t)}
      newRow={spec.rules.newRow}
      canAdd={spec.rules.canAdd}
      undeletable={spec.rules.undeletable}
      onCellChange={spec.rules.onCellChange}
      rowsAfterChange={spec.rules.rowsAfterChange}
      hint={spec.hint && t(spec.hint)}
      pageSize={spec.pageSize}
    />
  );
}
