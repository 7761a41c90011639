import type { FieldSpec } from '@gatehouse/entities';
import type { ColumnType } from 'antd/es/table';
import type { Rec } from '../../shared/data/client';
import type { TFunction } from '../../shared/i18n/i18n';
import type { EntityUi } from '../entities/ui-types';
import { ColumnFilter, ColumnSearch, FilterTrigger } from './column-filters';
import { FieldCell } from './field-cell';
import type { ListState } from './list-query';
import { valueLabel } from './value-label';

/**
 * The data columns of a list, from def.list.columns (with the entity's cell overrides and extra
 * columns): sortable fields sort on the server, fields
 * with `filters` get a one-of filter, searchable fields a text search. Sort and search are
 * controlled by the list state (the URL), so the headers always show what the server was asked.
 * With `fixName` (wide screens) the name column (and the columns before it) stays at the left while
 * the table scrolls.
 */
export function dataColumns(ui: EntityUi, state: ListState, t: TFunction, fixName = false): ColumnType<Rec>[] {
  const def = ui.definition;
  // The columns up to the name (the organization, then the name) stay at the left when fixed.
  const nameAt = def.list.columns.findIndex((column) => column.field === 'name');
  const columns = def.list.columns.map(({ field, width }, index) => {
    const spec = def.fields[field] as FieldSpec<any>;
    const label = t(`${def.name}.${field}`);
    const Cell = ui.listCells?.[field];
    const column: ColumnType<Rec> = {
      key: field,
      dataIndex: field,
      title: label,
      // Values stay on one line; a long header wraps instead of widening its column past the page.
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      width,
      // A wide table scrolls sideways with the name column kept in view.
      fixed: fixName && index <= nameAt ? 'left' : undefined,
      render: (_, record) =>
        Cell ? <Cell record={record} label={label} /> : <FieldCell def={def} field={field} record={record} />,
    };
    if (spec.sortable) {
      column.sorter = true;
      column.sortOrder = state.sortField === field ? state.sortOrder : null;
    }
    if (spec.filters || spec.searchable) {
      const search = !spec.filters;
      column.filteredValue = state.field === field && state.value ? [state.value] : null;
      column.filterIcon = (filtered) => (
        <FilterTrigger
          filtered={filtered}
          search={search}
          label={t(search ? 'general.searchField' : 'general.filterField', { field: label })}
        />
      );
      if (search) {
        column.filterDropdown = (props) => <ColumnSearch {...props} label={label} />;
      } else {
        column.filters = spec.filters?.map((value) => ({ text: valueLabel(t, value), value }));
        column.filterMultiple = false;
        column.filterDropdown = (props) => <ColumnFilter {...props} label={label} />;
      }
    }
    return column;
  });
  for (const extra of ui.listExtraColumns ?? []) {
    const at = columns.findIndex((column) => column.key === extra.after);
    const Render = extra.render;
    columns.splice(at + 1, 0, { key: extra.key, title: t(extra.label), render: (_, record) => <Render record={record} /> });
  }
  return columns;
}
