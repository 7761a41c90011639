import { Form } from 'antd';
import { textOf as text } from '../../shared/data/text';
import { RefMultiSelect, type RefOption } from '../crud/ref-select';
import { definitionOf } from './definitions';
import type { FieldControlProps } from './ui-types';

interface Props extends FieldControlProps {
  /** The entity whose records are picked (users, groups, roles). */
  entity: string;
  /** Choices that are not records ("All"), listed first. */
  extraOptions?: RefOption[];
  /** Ids never offered (a role is not its own sub-role). */
  exclude?: string[];
}

/**
 * Members of a role or permission: ids owner/name of records of the organization being edited (it
 * follows a change of organization), searched on the server.
 */
export function MembersField({ entity, id, value, onChange, disabled, stored, extraOptions, exclude }: Props) {
  const owner = text(Form.useWatch('owner') ?? stored.owner);
  const definition = definitionOf(entity);
  if (!definition) return null;
  return (
    <RefMultiSelect
      id={id}
      definition={definition}
      organization={owner}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      extraOptions={extraOptions}
      exclude={exclude}
    />
  );
}
