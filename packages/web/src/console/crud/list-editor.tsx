import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { addRow, moveRow, RowKeys, removeRow, replaceRow } from './list-rows';

/** A rule about one row, given its place among all rows. */
export type RowRule<R> = (row: R, index: number, rows: readonly R[]) => boolean;

export type CellKind = 'text' | 'switch' | 'select' | 'tags';

export interface ListEditorColumn<R> {
  /** The row property the column edits. */
  key: keyof R & string;
  /** Translated column title (also names each cell's input: "<title> of row <n>"). */
  title: string;
  /** The cell editor; a function picks it per row (a custom item's name is free text). */
  kind: CellKind | ((row: R) => CellKind);
  /** Choices of a select (or suggestions of tags); a function computes them per row. */
  options?: readonly string[] | ((row: R, index: number, rows: readonly R[]) => readonly string[]);
  width?: number;
  /** The cell cannot be changed in this row. */
  disabled?: RowRule<R>;
  /** The row has no such cell (it shows nothing). */
  absent?: RowRule<R>;
  /** The cell's value is not acceptable (shown in error colours). */
  invalid?: (row: R) => boolean;
  placeholder?: string;
  /** An editor of its own for the cell (a server-searched picker), instead of the kind's. */
  renderCell?: (cell: CellEditorProps, row: R, index: number, rows: readonly R[]) => ReactNode;
}

/** What a cell's own editor gets (see ListEditorColumn.renderCell). */
export interface CellEditorProps {
  value: unknown;
  /** The cell's accessible name ("<column> of row <n>"). */
  label: string;
  disabled: boolean;
  invalid: boolean;
  onChange: (value: unknown) => void;
}

export interface ListEditorProps<R> {
  /** From the form item: the id its label points at. */
  id?: string;
  value?: readonly R[];
  onChange?: (rows: R[]) => void;
  /** The whole table is read-only (the viewer may not edit the record). */
  disabled?: boolean;
  /** Accessible name of the table (the field's label). */
  label: string;
  columns: ListEditorColumn<R>[];
  /** The row Add appends. */
  newRow: (rows: readonly R[]) => R;
  /** Whether another row may be added (e.g. every sign-in method is already listed). */
  canAdd?: (rows: readonly R[]) => boolean;
  /** Rows that cannot be deleted. */
  undeletable?: RowRule<R>;
  /** The row to store after one cell changed: the place for rules such as "visible makes it required". */
  onCellChange?: (next: R, key: keyof R & string, previous: R, rows: readonly R[]) => R;
  /**
   * The rows to store after a cell of row `index` changed, for rules that reach other rows (turning
   * a syncer's key column on turns the others off).
   */
  rowsAfterChange?: (rows: R[], index: number, key: keyof R & string) => R[];
  /** A short explanation shown above the table. */
  hint?: ReactNode;
  /** Rows per page (default: one page of every row). */
  pageSize?: number;
}

type Action = 'up' | 'down' | 'delete' | 'first';
interface PendingFocus {
  key?: string;
  action: Action | 'add';
}

/**
 * A table editor for a list of rows (JSON array fields): add, delete, move up and down, inline
 * cell editors per column, and per-row rules (undeletable rows, disabled or absent cells). Every
 * control is a native input or button with its own name, so the table works from the keyboard;
 * the focus follows a moved row and lands on a neighbour after a delete.
 */
export function ListEditor<R extends object>(props: ListEditorProps<R>) {
  const {
    id,
    value,
    onChange,
    disabled = false,
    label,
    columns,
    newRow,
    canAdd,
    undeletable,
    onCellChange,
    rowsAfterChange,
    hint,
    pageSize,
  } = props;
  const { t } = useTranslation();
  const rows = value ?? [];
  const [page, setPage] = useState(1);
  // The page of a row index; the current page never lies past the last one (after deletes).
  const pageOf = (index: number) => (pageSize ? Math.floor(index / pageSize) + 1 : 1);
  const current = Math.min(page, pageOf(Math.max(rows.length - 1, 0)));
  const keysRef = useRef(new RowKeys());
  const keys = keysRef.current.sync(rows.length);
  const container = useRef<HTMLFieldSetElement>(null);
  const pendingFocus = useRef<PendingFocus | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !container.current) return;
    pendingFocus.current = null;
    const root = container.current;
    const row = pending.key ? root.querySelector(`tr[data-row-key="${pending.key}"]`) : null;
    const candidates =
      pending.action === 'first'
        ? ['input:not([disabled]), button:not([disabled])']
        : [`[data-action="${pending.action}"]:not([disabled])`, 'button:not([disabled])'];
    for (const selector of row ? candidates : []) {
      const target = row?.querySelector<HTMLElement>(selector);
      if (target) return void target.focus();
    }
    // No row to stay in (the last one went) or nothing enabled in it: the Add button.
    root.querySelector<HTMLElement>('[data-action="add"]')?.focus();
  });

  const change = (next: R[]) => onChange?.(next);
  const add = () => {
    keysRef.current.add();
    const next = addRow(rows, newRow(rows));
    pendingFocus.current = { key: keysRef.current.sync(next.length)[next.length - 1], action: 'first' };
    setPage(pageOf(next.length - 1));
    change(next);
  };
  const remove = (index: number) => {
    keysRef.current.remove(index);
    const next = removeRow(rows, index);
    const neighbour = keysRef.current.sync(next.length)[Math.min(index, next.length - 1)];
    pendingFocus.current = neighbour ? { key: neighbour, action: 'delete' } : { action: 'add' };
    setPage(pageOf(Math.min(index, Math.max(next.length - 1, 0))));
    change(next);
  };
  const move = (index: number, delta: -1 | 1) => {
    pendingFocus.current = { key: keys[index], action: delta < 0 ? 'up' : 'down' };
    setPage(pageOf(index + delta));
    keysRef.current.move(index, delta);
    change(moveRow(rows, index, delta));
  };
  const setCell = (index: number, key: keyof R & string, cell: unknown) => {
    const previous = rows[index] as R;
    const edited = { ...previous, [key]: cell } as R;
    const next = replaceRow(rows, index, onCellChange ? onCellChange(edited, key, previous, rows) : edited);
    change(rowsAfterChange ? rowsAfterChange(next, index, key) : next);
  };

  const tableColumns: ColumnType<number>[] = [
    ...columns.map(
      (column): ColumnType<number> => ({
        key: column.key,
        title: column.title,
        width: column.width,
        render: (_, index) => {
          const row = rows[index] as R;
          if (column.absent?.(row, index, rows)) return null;
          const kind = typeof column.kind === 'function' ? column.kind(row) : column.kind;
          const options = typeof column.options === 'function' ? column.options(row, index, rows) : column.options;
          const cell: CellEditorProps = {
            value: row[column.key],
            label: t('general.rowCell', { column: column.title, row: index + 1 }),
            disabled: disabled || (column.disabled?.(row, index, rows) ?? false),
            invalid: column.invalid?.(row) ?? false,
            onChange: (next) => setCell(index, column.key, next),
          };
          if (column.renderCell) return column.renderCell(cell, row, index, rows);
          return <Cell {...cell} kind={kind} options={options} placeholder={column.placeholder} />;
        },
      }),
    ),
    {
      key: 'actions',
      title: t('general.action'),
      width: 130,
      render: (_, index) => {
        const row = rows[index] as R;
        const n = index + 1;
        return (
          <Space size={4}>
            <Button
              size="small"
              data-action="up"
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={t('general.moveUpRow', { row: n })}
              title={t('general.moveUpRow', { row: n })}
              disabled={disabled || index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              data-action="down"
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={t('general.moveDownRow', { row: n })}
              title={t('general.moveDownRow', { row: n })}
              disabled={disabled || index === rows.length - 1}
              onClick={() => move(index, 1)}
            />
            <Button
              size="small"
              danger
              data-action="delete"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('general.deleteRow', { row: n })}
              title={t('general.deleteRow', { row: n })}
              disabled={disabled || (undeletable?.(row, index, rows) ?? false)}
              onClick={() => remove(index)}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <fieldset id={id} ref={container} aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Table<number>
        size="small"
        bordered
        pagination={
          pageSize
            ? { pageSize, current, onChange: setPage, size: 'small', hideOnSinglePage: true, showSizeChanger: false }
            : false
        }
        scroll={{ x: 'max-content' }}
        dataSource={rows.map((_, index) => index)}
        rowKey={(index) => keys[index] ?? String(index)}
        columns={tableColumns}
        title={() => (
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{hint}</Typography.Text>
            <Button
              size="small"
              data-action="add"
              icon={<PlusOutlined aria-hidden />}
              disabled={disabled || (canAdd ? !canAdd(rows) : false)}
              onClick={add}
            >
              {t('general.add')}
            </Button>
          </Flex>
        )}
      />
    </fieldset>
  );
}

interface CellProps {
  kind: CellKind;
  value: unknown;
  options?: readonly string[];
  label: string;
  placeholder?: string;
  disabled: boolean;
  invalid: boolean;
  onChange: (value: unknown) => void;
}

function Cell({ kind, value, options, label, placeholder, disabled, invalid, onChange }: CellProps) {
  const status = invalid ? ('error' as const) : undefined;
  const choices = options?.map((option) => ({ value: option, label: option }));
  switch (kind) {
    case 'switch':
      return <Switch size="small" checked={value === true} onChange={onChange} disabled={disabled} aria-label={label} />;
    case 'select':
      return (
        <Select
          size="small"
          value={typeof value === 'string' && value !== '' ? value : undefined}
          options={choices}
          onChange={(next) => onChange(next ?? '')}
          disabled={disabled}
          aria-label={label}
          placeholder={placeholder}
          status={status}
          popupMatchSelectWidth={false}
          style={{ width: '100%', minWidth: 140 }}
        />
      );
    case 'tags':
      return (
        <Select
          size="small"
          mode="tags"
          value={Array.isArray(value) ? value.map(String) : []}
          options={choices}
          onChange={onChange}
          disabled={disabled}
          aria-label={label}
          placeholder={placeholder}
          tokenSeparators={[',']}
          notFoundContent={null}
          suffixIcon={null}
          style={{ width: '100%', minWidth: 160 }}
        />
      );
    default:
      return (
        <Input
          size="small"
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-label={label}
          aria-invalid={invalid || undefined}
          placeholder={placeholder}
          status={status}
          style={{ minWidth: 140 }}
        />
      );
  }
}

/** A list of plain strings (redirect URLs) edited as a one-column table. */
export function StringListEditor({
  value,
  onChange,
  title,
  invalid,
  ...rest
}: Omit<ListEditorProps<{ value: string }>, 'value' | 'onChange' | 'columns' | 'newRow'> & {
  value?: unknown;
  onChange?: (value: string[]) => void;
  /** The column's title. */
  title: string;
  invalid?: (value: string) => boolean;
}) {
  const rows = (Array.isArray(value) ? value : []).map((item) => ({ value: String(item) }));
  return (
    <ListEditor<{ value: string }>
      {...rest}
      value={rows}
      onChange={(next) => onChange?.(next.map((row) => row.value))}
      newRow={() => ({ value: '' })}
      columns={[{ key: 'value', title, kind: 'text', invalid: invalid && ((row) => row.value !== '' && invalid(row.value)) }]}
    />
  );
}
