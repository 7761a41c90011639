import type { EntityDefinition, ListQuery } from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../shared/components/use-debounced-value';
import { type Rec, unwrap } from '../../shared/data/client';
import { getList } from '../data/entities';

/**
 * The server search behind every picker of the console, without the control that shows it (antd's
 * Select in the forms, crud/ref-select.tsx; the plain kit's Combobox in the header).
 */

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

/**
 * Nothing is asked until the list opens; then `search` with what was typed (debounced) answers
 * one page of matches, so that no picker ever loads every record of a table. `key` names the
 * search in the query cache (the typed text is added); `enabled` false keeps it from asking (no
 * organization chosen yet).
 */
export function useServerMatches<T>(key: readonly unknown[], search: (typed: string) => Promise<T[]>, enabled = true) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim());
  const result = useQuery({
    queryKey: [...key, typed],
    queryFn: () => search(typed),
    enabled: open && enabled,
    staleTime: 30_000,
  });
  return {
    matches: result.data ?? [],
    isFetching: result.isFetching,
    error: result.error,
    text,
    setText,
    open,
    /** The list opened or closed (closing forgets what was typed). */
    setOpen: (next: boolean) => {
      setOpen(next);
      if (!next) setText('');
    },
  };
}

/** One page of an entity's records whose name contains `typed` (get-{plural}?field=name&value=...). */
export async function searchByName(definition: RefEntity, organization: string, typed: string): Promise<Rec[]> {
  const query: ListQuery = { organization, page: 1, pageSize: REF_PAGE_SIZE, field: 'name', value: typed };
  return unwrap(await getList(definition, query)).data ?? [];
}
