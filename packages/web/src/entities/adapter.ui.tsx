import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../components/feedback';
import { testAdapterConnection } from '../data/authz';
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
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const id = `${String(stored.owner)}/${String(stored.name)}`;
  const test = async () => {
    setBusy(true);
    try {
      const answer = await testAdapterConnection(id);
      if (answer.status === 'ok') void message.success(t('adapter.connectSuccessfully'));
      else void message.error(t('adapter.failedToConnect', { msg: answer.msg }));
    } catch (error) {
      void message.error(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap={12} align="center" wrap style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('adapter.dbTest')}</Typography.Text>
      <Button type="primary" loading={busy} onClick={() => void test()}>
        {t('adapter.testConnection')}
      </Button>
      <Typography.Text type="secondary">{t('adapter.testUsesSaved')}</Typography.Text>
    </Flex>
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
