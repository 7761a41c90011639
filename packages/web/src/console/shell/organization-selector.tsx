import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { Combobox } from '../../shared/plain/combobox';
import { type DeferredRefEntity, searchByName, useServerMatches } from '../crud/server-search';
import { ALL_ORGANIZATIONS, selectOrganization, useSelectedOrganization } from './selected-organization';

/** The organizations, whose definition loads with the first search (not with every console page). */
const ORGANIZATIONS: DeferredRefEntity = {
  name: 'organization',
  load: async () => (await import('@gatehouse/entities')).organization,
};

/**
 * A global admin's choice of the organization the lists show (or All), searched on the server: the
 * plain kit's combobox, so that the console's header does not load antd's Select (23 kB gzip).
 */
export default function OrganizationSelector({ width }: { width: number | string }) {
  const { t } = useTranslation();
  const selected = useSelectedOrganization();
  const found = useServerMatches(['ref', ORGANIZATIONS.name, ''], async (typed) =>
    searchByName(await ORGANIZATIONS.load(), '', typed),
  );
  const all = { value: ALL_ORGANIZATIONS, label: t('general.all') };
  const names = found.matches.map((record) => String(record.name)).filter((name) => name !== ALL_ORGANIZATIONS);
  let empty: ReactNode = t('general.noData');
  if (found.isFetching) empty = t('general.loading');
  else if (found.error) empty = <span className="gh-danger">{found.error.message}</span>;
  return (
    <Combobox
      aria-label={t('general.organization')}
      style={{ width }}
      value={selected}
      options={[all, ...names.map((name) => ({ value: name, label: name }))]}
      shown={(value) => (value === ALL_ORGANIZATIONS ? all.label : value)}
      onSearch={found.setText}
      onOpenChange={found.setOpen}
      empty={empty}
      onChange={selectOrganization}
    />
  );
}
