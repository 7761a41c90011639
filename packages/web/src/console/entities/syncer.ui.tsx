import { isLdapSyncer, syncer as syncerDef } from '@gatehouse/entities';
import { Flex, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { ConnectionTest } from '../components/connection-test';
import { formFields, fromFormValues } from '../crud/form-values';
import { testSyncerDb } from '../data/syncers';
import { SyncerColumnsTable } from './syncer-columns-table';
import {
  syncerFieldLabel,
  syncerFieldTooltip,
  syncerFieldVisible,
  syncerValuesChange,
  tableColumnsRule,
  tableRule,
} from './syncer-rules';
import { MaskedCell, SyncButton, SyncerStatusBlock, SyncStatusCell } from './syncer-status';
import type { EntityOverrides, FieldControlProps, SectionExtraProps } from './ui-types';

/**
 * Test DB Connection: connects with the settings being edited, saved or not
 * (POST /api/test-syncer-db), through the SSH tunnel when one is set; an LDAP syncer binds and
 * reads its base DN.
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

/**
 * Is read-only: an LDAP syncer is always read-only (a directory is never written from a syncer),
 * so its switch is on and disabled, with the reason beside it.
 */
function ReadOnlySwitch({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  const ldap = isLdapSyncer(Form.useWatch('type'));
  const reason = id ? `${id}_reason` : undefined;
  return (
    <Flex gap={12} align="center" wrap>
      <Switch
        id={id}
        checked={ldap || value === true}
        onChange={(checked) => onChange?.(checked)}
        disabled={disabled || ldap}
        aria-describedby={ldap ? reason : undefined}
      />
      {ldap && (
        <Typography.Text id={reason} type="secondary">
          {t('syncer.ldap.readOnlyReason')}
        </Typography.Text>
      )}
    </Flex>
  );
}

const overrides: EntityOverrides = {
  onValuesChange: (changed, all) => syncerValuesChange(changed, all),
  fieldVisible: (field, values) => syncerFieldVisible(field, values),
  fieldLabel: (field, values) => syncerFieldLabel(field, values),
  fieldTooltip: (field, values) => syncerFieldTooltip(field, values),
  fieldRules: { table: tableRule, tableColumns: tableColumnsRule },
  fieldControls: { tableColumns: SyncerColumnsTable, errorText: ErrorTextField, isReadOnly: ReadOnlySwitch },
  fieldExtras: { table: TestConnection },
  formExtras: [SyncerStatusBlock],
  listActions: [{ key: 'sync', label: 'syncer.sync', render: SyncButton }],
  listCells: { password: MaskedCell },
  listExtraColumns: [{ key: 'syncStatus', label: 'syncer.syncStatus', after: 'isEnabled', render: SyncStatusCell }],
};

export default overrides;
