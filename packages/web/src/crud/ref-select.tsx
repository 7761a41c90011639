import type { EntityDefinition, ListQuery } from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../components/use-debounced-value';
import { unwrap } from '../data/client';
import { getList } from '../data/entities';

/** How many matches a picker shows; typing narrows them on the server. */
const REF_PAGE_SIZE = 20;

export interface RefOption {
  value: string;
  label: string;
}

interface Props extends Pick<SelectProps, 'id' | 'disabled' | 'style' | 'placeholder' | 'aria-label' | 'variant' | 'size'> {
  /** The entity picked from. */
  definition: EntityDefinition<any>;
  /** The organization scope of the search ('' = every organization the viewer may see). */
  organization: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Choices that are not records (such as "All"), listed first. */
  extraOptions?: RefOption[];
  /** Record names never offered (a record cannot be its own parent). */
  exclude?: string[];
  /** Whether the value is the record's `owner/name` id (an enforcer's model) instead of its name. */
  byId?: boolean;
}

/**
 * Picks a record by name. Nothing is loaded until the list opens, and then only the first
 * REF_PAGE_SIZE names matching what was typed (get-{plural}?field=name&value=...): a picker never
 * loads every record.
 */
export function RefSelect({
  definition,
  organization,
  value,
  onChange,
  extraOptions = [],
  exclude = [],
  byId = false,
  ...selectProps
}: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim());
  const query: ListQuery = { organization, page: 1, pageSize: REF_PAGE_SIZE, field: 'name', value: typed };
  const result = useQuery({
    queryKey: ['ref', definition.name, query],
    queryFn: async () => unwrap(await getList(definition, query)).data ?? [],
    enabled: open,
    staleTime: 30_000,
  });

  const names = (result.data ?? [])
    .filter((record) => !exclude.includes(String(record.name)))
    .map((record) => (byId ? `${String(record.owner)}/${String(record.name)}` : String(record.name)));
  const options: RefOption[] = [
    ...extraOptions,
    ...names.filter((n) => !extraOptions.some((o) => o.value === n)).map((n) => ({ value: n, label: n })),
  ];
  // The current value stays readable even when it is not among the matches shown.
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });

  let notFoundContent: SelectProps['notFoundContent'];
  if (result.isFetching) notFoundContent = <Spin size="small" />;
  else if (result.error) notFoundContent = <Typography.Text type="danger">{result.error.message}</Typography.Text>;

  return (
    <Select
      {...selectProps}
      value={value}
      onChange={(next: string) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      loading={result.isFetching}
      notFoundContent={notFoundContent}
    />
  );
}
