import { Form } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { RefSelect } from '../crud/ref-select';
import { definitionOf } from './definitions';
import { GROUP_LIST_URL_KEY } from './group-list-url';
import type { EntityOverrides, FieldControlProps } from './ui-types';

const groupDefinition = definitionOf('group');

/**
 * A group's parent: its organization (which makes it a top group) or another group of the same
 * organization, searched on the server. The server refuses the group itself and its subgroups.
 */
function GroupParentField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const { t } = useTranslation();
  const owner = String(Form.useWatch('owner') ?? stored.owner ?? '');
  if (!groupDefinition) return null;
  return (
    <RefSelect
      id={id}
      aria-label={label}
      definition={groupDefinition}
      organization={owner}
      value={typeof value === 'string' ? value : undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      extraOptions={[{ value: owner, label: t('group.parentOrganization', { name: owner }) }]}
      exclude={[String(stored.name ?? '')]}
    />
  );
}

/**
 * Choosing the organization as parent makes the group a top group; a group moved to
 * another organization starts there as a top group, since its parents belong to the old one.
 */
const overrides: EntityOverrides = {
  fieldControls: { parentId: GroupParentField },
  onValuesChange: (changed) => ('owner' in changed ? { parentId: changed.owner } : undefined),
  // Save & Exit returns to the tree or list the group was opened from.
  listUrlKey: GROUP_LIST_URL_KEY,
  exitPath: () => sessionStorage.getItem(GROUP_LIST_URL_KEY) ?? '/groups',
};

export default overrides;
