import { organization } from '@gatehouse/entities';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../crud/ref-select';
import { ALL_ORGANIZATIONS, selectOrganization, useSelectedOrganization } from './selected-organization';

/** A global admin's choice of the organization the lists show (or All); searched on the server. */
export function OrganizationSelector({ width }: { width: number | string }) {
  const { t } = useTranslation();
  const selected = useSelectedOrganization();
  return (
    <RefSelect
      definition={organization}
      organization=""
      value={selected}
      onChange={selectOrganization}
      extraOptions={[{ value: ALL_ORGANIZATIONS, label: t('general.all') }]}
      aria-label={t('general.organization')}
      style={{ width }}
    />
  );
}
