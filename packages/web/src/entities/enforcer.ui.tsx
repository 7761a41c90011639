import { Form } from 'antd';
import { Link } from 'react-router';
import { RefSelect } from '../crud/ref-select';
import { definitionOf } from './definitions';
import { EnforcerExplainPanel } from './enforce-explain-panel';
import { PolicyTable } from './policy-table';
import type { EntityOverrides, FieldControlProps, ListCellProps } from './ui-types';

/** A picker of the enforcer's organization's models or adapters, by owner/name id, searched on the server. */
function ObjectPicker({
  id,
  value,
  onChange,
  disabled,
  stored,
  label,
  entity,
}: FieldControlProps & { entity: 'model' | 'adapter' }) {
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
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
    />
  );
}

const ModelPicker = (props: FieldControlProps) => <ObjectPicker {...props} entity="model" />;
const AdapterPicker = (props: FieldControlProps) => <ObjectPicker {...props} entity="adapter" />;

/** The list's model and adapter cells link to their edit pages (/models/{value}, /adapters/{value}). */
function ObjectLink({ value, route }: { value: unknown; route: 'models' | 'adapters' }) {
  const id = typeof value === 'string' ? value : '';
  return id ? <Link to={`/${route}/${id}`}>{id}</Link> : null;
}

const ModelCell = ({ record }: ListCellProps) => <ObjectLink value={record.model} route="models" />;
const AdapterCell = ({ record }: ListCellProps) => <ObjectLink value={record.adapter} route="adapters" />;

const overrides: EntityOverrides = {
  fieldControls: { model: ModelPicker, adapter: AdapterPicker },
  listCells: { model: ModelCell, adapter: AdapterCell },
  formExtras: [PolicyTable, EnforcerExplainPanel],
};

export default overrides;
