import type { LdapDirectoryUser } from '@gatehouse/entities';
import { Table, type TableProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { EmptyText, tableEmpty } from '../components/table-empty';

/** The directory table shows 10 users a page. */
const PAGE_SIZE = 10;

interface Props {
  organization: string;
  users: LdapDirectoryUser[];
  /** Uuids of the users synced into the organization already: shown as synced, not selectable. */
  synced: ReadonlySet<string>;
  selected: string[];
  onSelect: (uuids: string[]) => void;
  loading: boolean;
  /** Above the table: the server's name and the page's buttons. */
  title: () => ReactNode;
}

const byText = (key: keyof LdapDirectoryUser) => (a: LdapDirectoryUser, b: LdapDirectoryUser) => a[key].localeCompare(b[key]);

/**
 * The users of an LDAP directory with their sync state and a checkbox each (Casdoor's LdapSyncPage
 * table). The whole directory comes in one answer (get-ldap-users has no paging), so it pages, sorts
 * and filters here.
 */
export function LdapDirectoryTable({ organization, users, synced, selected, onSelect, loading, title }: Props) {
  const { t } = useTranslation();
  const groupIds = [...new Set(users.map((user) => user.groupId).filter(Boolean))].sort();
  const columns: TableProps<LdapDirectoryUser>['columns'] = [
    {
      key: 'cn',
      title: t('ldap.cn'),
      dataIndex: 'cn',
      sorter: byText('cn'),
      render: (cn: string, user) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          {cn}
          {synced.has(user.uuid) ? <Tag color="success">{t('ldap.synced')}</Tag> : <Tag color="error">{t('ldap.unsynced')}</Tag>}
        </span>
      ),
    },
    {
      key: 'uid',
      title: t('ldap.uid'),
      dataIndex: 'uid',
      sorter: byText('uid'),
      render: (uid: string, user) =>
        synced.has(user.uuid) && uid ? (
          <Link to={`/users/${encodeURIComponent(organization)}/${encodeURIComponent(uid)}`}>{uid}</Link>
        ) : (
          uid
        ),
    },
    { key: 'uidNumber', title: t('ldap.uidNumber'), dataIndex: 'uidNumber', sorter: byText('uidNumber') },
    {
      key: 'groupId',
      title: t('ldap.groupId'),
      dataIndex: 'groupId',
      sorter: byText('groupId'),
      filters: groupIds.map((value) => ({ text: value, value })),
      onFilter: (value, user) => user.groupId === value,
    },
    { key: 'email', title: t('ldap.email'), dataIndex: 'email', sorter: byText('email') },
    { key: 'mobile', title: t('ldap.mobile'), dataIndex: 'mobile', sorter: byText('mobile') },
    { key: 'address', title: t('ldap.address'), dataIndex: 'address', sorter: byText('address'), ellipsis: true },
  ];
  return (
    <Table<LdapDirectoryUser>
      aria-label={t('ldap.directoryUsers')}
      rowKey="uuid"
      columns={columns}
      dataSource={users}
      loading={loading}
      bordered
      size="small"
      scroll={{ x: 'max-content' }}
      title={title}
      locale={tableEmpty(loading, <EmptyText text={t('ldap.noDirectoryUsers')} />)}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (user) => ({ disabled: synced.has(user.uuid), 'aria-label': t('ldap.selectUser', { name: user.cn }) }),
      }}
      pagination={{
        defaultPageSize: PAGE_SIZE,
        showQuickJumper: true,
        showSizeChanger: true,
        showTotal: (total) => t('general.totalCount', { total }),
      }}
    />
  );
}
