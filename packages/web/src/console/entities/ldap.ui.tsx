import { Alert, Form } from 'antd';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { LinkButton } from '../components/link-button';
import { IdPicker } from './id-picker';
import type { EntityOverrides, FieldControlProps, SectionExtraProps } from './ui-types';

const part = (value: unknown) => encodeURIComponent(String(value ?? ''));

/** The sync page of an LDAP server (/ldap/sync/{organization}/{id}). */
export const ldapSyncPath = (record: Rec) => `/ldap/sync/${part(record.owner)}/${part(record.id)}`;

/** The title bar's "Sync LDAP": the server's sync page. */
function SyncLdapButton({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  return <LinkButton to={ldapSyncPath(stored)}>{t('ldap.syncLdap')}</LinkButton>;
}

/** The default group: a group of the server's organization, recorded as its id owner/name, or none. */
function DefaultGroupSelect(props: FieldControlProps) {
  const { t } = useTranslation();
  return <IdPicker {...props} entity="group" none={t('ldap.noDefaultGroup')} />;
}

/** An auto sync above 0 minutes warns what it does. */
function AutoSyncWarning() {
  const { t } = useTranslation();
  const minutes = Number(Form.useWatch('autoSync') ?? 0);
  if (!(minutes > 0)) return null;
  return (
    <Form.Item wrapperCol={{ md: { offset: 6, span: 18 }, xl: { offset: 4, span: 16 } }}>
      <Alert type="warning" showIcon role="status" title={t('ldap.autoSyncWarning')} />
    </Form.Item>
  );
}

/**
 * LDAP servers: the edit page is the generic one (the id read-only and the organization for global
 * admins only come from the definition), with the LDAP server's own save messages, a Sync LDAP
 * button, the default group picked among the organization's groups, the auto-sync warning, and Save
 * & Exit back to the organization, where the servers are listed (organization.ui.tsx).
 */
const overrides: EntityOverrides = {
  fieldControls: { defaultGroup: DefaultGroupSelect },
  fieldExtras: { autoSync: AutoSyncWarning },
  fieldTooltip: (field) => (field === 'usernameAttribute' ? 'ldap.usernameAttributeTooltip' : undefined),
  editActions: SyncLdapButton,
  saveMessages: { saved: 'ldap.updateSuccess', failed: 'ldap.updateFailed' },
  exitPath: (_viewer, record) => `/organizations/${part(record.owner)}`,
};

export default overrides;
