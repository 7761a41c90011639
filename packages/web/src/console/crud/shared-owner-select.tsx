import { ADMIN_OWNER, organization } from '@gatehouse/entities';
import { useTranslation } from '../../shared/i18n/i18n';
import type { FieldControlProps } from '../entities/ui-types';
import { RefSelect } from './ref-select';

/**
 * The owner of a record of a shared entity (certs, providers): an organization, or admin shown as
 * "Shared" (the records of admin are shared with every organization). Only global admins may
 * change an owner, so only they ever open it.
 */
export function SharedOwnerSelect({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <RefSelect
      id={id}
      disabled={disabled}
      definition={organization}
      organization=""
      value={typeof value === 'string' && value !== '' ? value : undefined}
      onChange={onChange}
      extraOptions={[{ value: ADMIN_OWNER, label: t('general.shared') }]}
    />
  );
}
