import type { EntityDefinition, ListQuery } from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { PlainText } from '../components/plain-typography';
import { useDebouncedValue } from '../components/use-debounced-value';
import { type Rec, unwrap } from '../data/client';
import { getList } from '../data/entities';

/** How many matches a picker shows; typing narrows them on the server. */
const REF_PAGE_SIZE = 20;

/** What a picker needs of an entity's definition: its names and how its list is asked for. */
export type RefEntity = Pick<EntityDefinition, 'name' | 'plural' | 'orgParam' | 'ownRecords'>;

/**
 * An entity whose definition loads at the picker's first search: the header's organization picker
 * is on every console page, which then leave the definitions and their validation library out.
 */
export interface DeferredRefEntity {
  name: string;
  load: () => Promise<RefEntity>;
}

export interface RefOption {
  value: string;
  label: string;
}

/** How a picked record is recorded: by name (within the organization), or by id owner/name. */
export type RefValue = 'name' | 'id';

const recordValue = (record: Rec, by: RefValue) =>
  by === 'id' ? `${String(record.owner)}/${String(record.name)}` : String(record.name);

/** The Select props that drive a server search (open, typed text, loading, failure). */
export type ServerSearchProps = Pick<SelectProps, 'showSearch' | 'onOpenChange' | 'loading' | 'notFoundContent'>;

/**
 * The server search behind every picker of the console: nothing is asked until the list opens,
 * then `search` with what was typed (debounced) answers one page of matches, so that no picker
 * ever loads every record of a table. `key` names the search in the query cache (the typed text
 * is added); `enabled` false keeps it from asking (no organization chosen yet).
 */
export function useServerSearch<T>(
  key: readonly unknown[],
  search: (typed: string) => Promise<T[]>,
  enabled = true,
): { matches: T[]; selectProps: ServerSearchProps } {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim());
  const result = useQuery({
    queryKey: [...key, typed],
    queryFn: () => search(typed),
    enabled: open && enabled,
    staleTime: 30_000,
  });
  let notFoundContent: ReactNode;
  if (result.isFetching) notFoundContent = <Spin size="small" />;
  else if (result.error) notFoundContent = <PlainText type="danger">{result.error.message}</PlainText>;
  return {
    matches: result.data ?? [],
    selectProps: {
      showSearch: { filterOption: false, onSearch: setText, searchValue: text },
      onOpenChange: (next) => {
        setOpen(next);
        if (!next) setText('');
      },
      loading: result.isFetching,
      notFoundContent,
    },
  };
}

/** One page of an entity's records whose name contains `typed` (get-{plural}?field=name&value=...). */
export async function searchByName(definition: RefEntity, organization: string, typed: string): Promise<Rec[]> {
  const query: ListQuery = { organization, page: 1, pageSize: REF_PAGE_SIZE, field: 'name', value: typed };
  return unwrap(await getList(definition, query)).data ?? [];
}

/**
 * The search of a RefSelect: the records of `definition` by name, as options (extra ones first,
 * excluded values left out, the current values kept readable).
 */
function useRefSearch(
  definition: RefEntity | DeferredRefEntity,
  organization: string,
  by: RefValue,
  current: string[],
  extraOptions: RefOption[],
  exclude: string[],
): SelectProps {
  const { matches, selectProps } = useServerSearch(['ref', definition.name, organization], async (typed) =>
    searchByName('load' in definition ? await definition.load() : definition, organization, typed),
  );
  const values = matches.map((record) => recordValue(record, by)).filter((v) => !exclude.includes(v));
  const options: RefOption[] = [
    ...extraOptions,
    ...values.filter((v) => !extraOptions.some((o) => o.value === v)).map((v) => ({ value: v, label: v })),
  ];
  // The current values stay readable even when they are not among the matches shown.
  for (const value of [...current].reverse()) {
    if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  }
  return { ...selectProps, options };
}

type PickerProps = Pick<
  SelectProps,
  'id' | 'disabled' | 'style' | 'placeholder' | 'aria-label' | 'variant' | 'size' | 'allowClear'
> & {
  /** The entity picked from. */
  definition: RefEntity | DeferredRefEntity;
  /** The organization scope of the search ('' = every organization the viewer may see). */
  organization: string;
  /** Choices that are not records (such as "All"), listed first. */
  extraOptions?: RefOption[];
  /** Values never offered (a record cannot be its own parent or sub-role). */
  exclude?: string[];
  /** Whether values are names (default) or ids owner/name. */
  by?: RefValue;
};

interface Props extends PickerProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** Picks one record, searched on the server. */
export function RefSelect({
  definition,
  organization,
  value,
  onChange,
  extraOptions = [],
  exclude = [],
  by = 'name',
  ...rest
}: Props) {
  const search = useRefSearch(definition, organization, by, value ? [value] : [], extraOptions, exclude);
  return <Select {...rest} {...search} value={value} onChange={(next: string) => onChange?.(next)} />;
}

interface MultiProps extends PickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Picks several records, searched on the server (a role's users, groups and sub-roles; a
 * permission's members and applications): the values are shown as they are recorded, ids
 * owner/name unless `by` says names.
 */
export function RefMultiSelect({
  definition,
  organization,
  value = [],
  onChange,
  extraOptions = [],
  exclude = [],
  by = 'id',
  ...rest
}: MultiProps) {
  const search = useRefSearch(definition, organization, by, value, extraOptions, exclude);
  return <Select {...rest} {...search} mode="multiple" value={value} onChange={(next: string[]) => onChange?.(next)} />;
}
