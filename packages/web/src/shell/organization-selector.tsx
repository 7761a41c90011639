import { type DeferredRefEntity, RefSelect } from '../crud/ref-select';
import { useTranslation } from '../i18n/i18n';
import { ALL_ORGANIZATIONS, selectOrganization, useSelectedOrganization } from './selected-organization';

/** The organizations, whose definition loads with the first search (not with every console page). */
const ORGANIZATIONS: DeferredRefEntity = {
  name: 'organization',
  load: async () => (await import('@gatehouse/entities')).organization,
};

/** A global admin's choice of the organization the lists show (or All); searched on the server. */
export default function OrganizationSelector({ width }: { width: number | string }) {
  const { t } = useTranslation();
  const selected = useSelectedOrganization();
  return (
    <RefSelect
      definition={ORGANIZATIONS}
      organization=""
      value={selected}
      onChange={selectOrganization}
      extraOptions={[{ value: ALL_ORGANIZATIONS, label: t('general.all') }]}
      aria-label={t('general.organization')}
      style={{ width }}
    />
  );
}
