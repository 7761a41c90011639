import type { EntityDefinition, FieldSpec } from '@gatehouse/entities';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Rec } from '../data/provider';
import { ColumnFilter, ColumnSearch, FilterTrigger } from './column-filters';
import { FieldCell } from './field-cell';
import type { ListState } from './list-query';

/**
 * The data columns of a list, from def.list.columns: sortable fields sort on the server, fields
 * with `filters` get a one-of filter, searchable fields a text search. Sort and search are
 * controlled by the list state (the URL), so the headers always show what the server was asked.
 */
export function dataColumns(def: EntityDefinition<any>, state: ListState, t: TFunction): ColumnType<Rec>[] {
  return def.list.columns.map(({ field, width }) => {
    const spec = def.fields[field] as FieldSpec<any>;
    const label = t(`${def.name}.${field}`);
    const column: ColumnType<Rec> = {
      key: field,
      dataIndex: field,
      title: label,
      width,
      render: (_, record) => <FieldCell def={def} field={field} record={record} />,
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
        column.filters = spec.filters?.map((value) => ({ text: value, value }));
        column.filterMultiple = false;
        column.filterDropdown = (props) => <ColumnFilter {...props} label={label} />;
      }
    }
    return column;
  });
}
