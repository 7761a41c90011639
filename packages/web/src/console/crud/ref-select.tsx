import { Select, type SelectProps, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { Rec } from '../../shared/data/client';
import { PlainText } from '../components/plain-typography';
import { type DeferredRefEntity, type RefEntity, type RefOption, searchByName, useServerMatches } from './server-search';

export { type DeferredRefEntity, type RefEntity, type RefOption, searchByName };

/** How a picked record is recorded: by name (within the organization), or by id owner/name. */
export type RefValue = 'name' | 'id';

const recordValue = (record: Rec, by: RefValue) =>
  by === 'id' ? `${String(record.owner)}/${String(record.name)}` : String(record.name);

/** The Select props that drive a server search (open, typed text, loading, failure). */
export type ServerSearchProps = Pick<SelectProps, 'showSearch' | 'onOpenChange' | 'loading' | 'notFoundContent'>;

/** The server search of an antd Select (crud/server-search.ts). */
export function useServerSearch<T>(
  key: readonly unknown[],
  search: (typed: string) => Promise<T[]>,
  enabled = true,
): { matches: T[]; selectProps: ServerSearchProps } {
  const found = useServerMatches(key, search, enabled);
  let notFoundContent: ReactNode;
  if (found.isFetching) notFoundContent = <Spin size="small" />;
  else if (found.error) notFoundContent = <PlainText type="danger">{found.error.message}</PlainText>;
  return {
    matches: found.matches,
    selectProps: {
      showSearch: { filterOption: false, onSearch: found.setText, searchValue: found.text },
      onOpenChange: found.setOpen,
      loading: found.isFetching,
      notFoundContent,
    },
  };
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
