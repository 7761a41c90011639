import { Alert, Form } from 'antd';
import { ConnectionTest } from '../components/connection-test';
import { testAdapterConnection } from '../data/authz';
import { useTranslation } from '../i18n/i18n';
import { adapterFieldVisible, adapterValuesChange, isDrivable, portText } from './adapter-rules';
import type { EntityOverrides, ListCellProps, SectionExtraProps } from './ui-types';

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

function PortCell({ record }: ListCellProps) {
  return <>{portText(record.port)}</>;
}

const overrides: EntityOverrides = {
  onValuesChange: (changed) => adapterValuesChange(changed),
  fieldVisible: (field, values) => adapterFieldVisible(field, values),
  fieldExtras: { databaseType: DatabaseTypeNote },
  formExtras: [TestConnection],
  listCells: { port: PortCell },
};

export default overrides;
