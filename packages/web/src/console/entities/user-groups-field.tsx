import { entityByName } from '@gatehouse/entities';
import { App, Form, Select, Tag } from 'antd';
import { useRef } from 'react';
import { textOf as text } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { searchByName, useServerSearch } from '../crud/ref-select';
import type { FieldControlProps } from './ui-types';

const groupDefinition = entityByName('group');

/**
 * A user's groups: ids (owner/name) of the user's organization's groups, searched on the server by
 * name. At most one Physical group: a second is refused with its message ("You can only select one
 * physical group"),
 * as the server refuses it.
 */
export function UserGroupsField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const owner = text(Form.useWatch('owner') ?? stored.owner);
  // The types of the groups seen so far, by id: what the Physical rule is checked against.
  const types = useRef(new Map<string, string>());
  const { matches, selectProps } = useServerSearch(
    ['ref', 'group', owner],
    async (typed) => (groupDefinition ? searchByName(groupDefinition, owner, typed) : []),
    !!owner,
  );
  for (const group of matches) types.current.set(`${text(group.owner)}/${text(group.name)}`, text(group.type));

  const selected = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const options = matches.map((group) => {
    const groupId = `${text(group.owner)}/${text(group.name)}`;
    return {
      value: groupId,
      title: text(group.displayName) || text(group.name),
      label: (
        <span>
          {text(group.displayName) || text(group.name)} {text(group.type) === 'Physical' && <Tag>{t('group.physical')}</Tag>}
        </span>
      ),
    };
  });
  for (const groupId of selected)
    if (!options.some((option) => option.value === groupId))
      options.push({ value: groupId, title: groupId, label: <span>{groupId}</span> });

  return (
    <Select
      id={id}
      aria-label={label}
      mode="multiple"
      value={selected}
      disabled={disabled}
      {...selectProps}
      options={options}
      onChange={(next: string[]) => {
        const physical = next.filter((groupId) => types.current.get(groupId) === 'Physical');
        if (physical.length > 1) {
          void message.error(t('user.onlyOnePhysicalGroup'));
          return;
        }
        onChange?.(next);
      }}
    />
  );
}
