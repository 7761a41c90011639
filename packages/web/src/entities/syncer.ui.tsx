import { syncer as syncerDef } from '@gatehouse/entities';
import { Form, Input } from 'antd';
import { ConnectionTest } from '../components/connection-test';
import { formFields, fromFormValues } from '../crud/form-values';
import { testSyncerDb } from '../data/syncers';
import { SyncerColumnsTable } from './syncer-columns-table';
import { syncerFieldVisible, syncerValuesChange, tableColumnsRule } from './syncer-rules';
import { MaskedCell, SyncButton, SyncerStatusBlock, SyncStatusCell } from './syncer-status';
import type { EntityOverrides, FieldControlProps, SectionExtraProps } from './ui-types';

/**
 * Test DB Connection (spec §2.15, §8): connects with the settings being edited, saved or not
 * (POST /api/test-syncer-db), through the SSH tunnel when one is set.
 */
function TestConnection({ stored }: SectionExtraProps) {
  const form = Form.useFormInstance();
  const edited = () => fromFormValues(syncerDef, formFields(syncerDef), form.getFieldsValue(true));
  return (
    <ConnectionTest
      title="syncer.dbTest"
      button="syncer.testConnection"
      success="syncer.connectSuccessfully"
      failure="syncer.failedToConnect"
      test={() => testSyncerDb({ ...stored, ...edited() })}
    />
  );
}

/** The error text: read-only, kept by the server (one line per failure). */
function ErrorTextField({ id, value, label }: FieldControlProps) {
  return (
    <Input.TextArea
      id={id}
      value={typeof value === 'string' ? value : ''}
      readOnly
      aria-label={label}
      autoSize={{ minRows: 3, maxRows: 16 }}
      style={{ fontFamily: 'monospace' }}
    />
  );
}

const overrides: EntityOverrides = {
  onValuesChange: (changed, all) => syncerValuesChange(changed, all),
  fieldVisible: (field, values) => syncerFieldVisible(field, values),
  fieldTooltip: (field, values) =>
    field === 'database' && values.databaseType === 'sqlite3' ? 'syncer.sqliteTooltip' : undefined,
  fieldRules: { tableColumns: (value) => tableColumnsRule(value) },
  fieldControls: { tableColumns: SyncerColumnsTable, errorText: ErrorTextField },
  fieldExtras: { table: TestConnection },
  formExtras: [SyncerStatusBlock],
  listActions: [{ key: 'sync', label: 'syncer.sync', render: SyncButton }],
  listCells: { password: MaskedCell },
  listExtraColumns: [{ key: 'syncStatus', label: 'syncer.syncStatus', after: 'isEnabled', render: SyncStatusCell }],
};

export default overrides;
