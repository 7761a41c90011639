import { Form } from 'antd';
import { RefSelect } from '../crud/ref-select';
import { definitionOf } from './definitions';
import type { FieldControlProps } from './ui-types';

interface Props extends FieldControlProps {
  /** The entity picked from (model, adapter, group ...). */
  entity: string;
  /** The choice may be taken back (the value becomes ''), with this placeholder for none. */
  none?: string;
}

/**
 * A picker of the records of the form's organization (its owner, as being edited), recorded by id
 * owner/name and searched on the server: an enforcer's model and adapter, an LDAP server's default
 * group.
 */
export function IdPicker({ entity, none, id, value, onChange, disabled, stored, label }: Props) {
  const owner = String(Form.useWatch('owner') ?? stored.owner ?? '');
  const definition = definitionOf(entity);
  if (!definition) return null;
  return (
    <RefSelect
      id={id}
      aria-label={label}
      definition={definition}
      organization={owner}
      by="id"
      allowClear={none !== undefined}
      placeholder={none}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next) => onChange?.(next ?? '')}
      disabled={disabled}
    />
  );
}
