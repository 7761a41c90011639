import { DEFAULT_ADAPTER_TABLE } from '@gatehouse/entities';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { ConnectionTest } from '../components/connection-test';
import { testAdapterConnection } from '../data/authz';
import { adapterFieldVisible, adapterValuesChange, isDrivable, portText, tableText } from './adapter-rules';
import type { EntityOverrides, FieldControlProps, ListCellProps, SectionExtraProps } from './ui-types';

/** A database type the server cannot drive says so beside the choice. */
function DatabaseTypeNote() {
  const { t } = useTranslation();
  const databaseType: unknown = Form.useWatch('databaseType');
  if (!databaseType || isDrivable(databaseType)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message={t('adapter.notDrivable', { type: String(databaseType) })}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * Test DB Connection: connects with the saved settings (as Casdoor does, through get-policies with
 * adapterId), so unsaved edits are saved first.
 */
function TestConnection({ stored }: SectionExtraProps) {
  const id = `${String(stored.owner)}/${String(stored.name)}`;
  return (
    <ConnectionTest
      title="adapter.dbTest"
      button="adapter.testConnection"
      success="adapter.connectSuccessfully"
      failure="adapter.failedToConnect"
      hint="adapter.testUsesSaved"
      test={() => testAdapterConnection(id)}
    />
  );
}

/** The table input: empty shows casbin_rule as its placeholder, the table an empty value means. */
function TableField({ id, value, onChange, disabled }: FieldControlProps) {
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      placeholder={DEFAULT_ADAPTER_TABLE}
    />
  );
}

/** An empty table in the list reads casbin_rule, dimmed (the table it means). */
function TableCell({ record }: ListCellProps) {
  const { text, implied } = tableText(record.table);
  return implied ? <Typography.Text type="secondary">{text}</Typography.Text> : text;
}

function PortCell({ record }: ListCellProps) {
  return <>{portText(record.port)}</>;
}

const overrides: EntityOverrides = {
  onValuesChange: (changed) => adapterValuesChange(changed),
  fieldVisible: (field, values) => adapterFieldVisible(field, values),
  fieldControls: { table: TableField },
  fieldTooltip: (field) => (field === 'table' ? 'adapter.tableTooltip' : undefined),
  fieldExtras: { databaseType: DatabaseTypeNote },
  formExtras: [TestConnection],
  listCells: { port: PortCell, table: TableCell },
};

export default overrides;
