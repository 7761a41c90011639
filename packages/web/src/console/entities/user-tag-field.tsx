import { ADMIN_OWNER } from '@gatehouse/entities';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { unwrap } from '../../shared/data/client';
import { textOf as text } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { getOne } from '../data/entities';
import { definitionOf } from './definitions';
import { tagOption } from './organization-rules';
import type { FieldControlProps } from './ui-types';

const organizationDefinition = definitionOf('organization');

/**
 * The user's tag: a choice of the organization's tags when it lists some (value|label entries: the
 * value is stored, the label shown on Chinese pages, as in Casdoor), else free text.
 */
export function UserTagField({ id, value, onChange, disabled, stored }: FieldControlProps) {
  const { i18n } = useTranslation();
  const owner = text(Form.useWatch('owner') ?? stored.owner);
  const organization = useQuery({
    queryKey: ['organization-tags', owner],
    queryFn: async () => (organizationDefinition ? unwrap(await getOne(organizationDefinition, ADMIN_OWNER, owner)).data : null),
    enabled: owner !== '',
  });
  const tags = Array.isArray(organization.data?.tags) ? organization.data.tags.map(String) : [];
  if (tags.length === 0)
    return <Input id={id} value={text(value)} onChange={(event) => onChange?.(event.target.value)} disabled={disabled} />;
  return (
    <Select
      id={id}
      value={text(value) || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      options={tags.map((tag) => tagOption(tag, i18n.language))}
      disabled={disabled}
      allowClear
    />
  );
}
