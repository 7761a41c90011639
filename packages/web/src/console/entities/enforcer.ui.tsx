import { Link } from 'react-router';
import { EnforcerExplainPanel } from './enforce-explain-panel';
import { IdPicker } from './id-picker';
import { PolicyTable } from './policy-table';
import type { EntityOverrides, FieldControlProps, ListCellProps } from './ui-types';

/** The enforcer's organization's models and adapters, by owner/name id. */
const ModelPicker = (props: FieldControlProps) => <IdPicker {...props} entity="model" />;
const AdapterPicker = (props: FieldControlProps) => <IdPicker {...props} entity="adapter" />;

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
