import { allows, type EntityDefinition, nowRfc3339, randomId } from '@gatehouse/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isUnauthorized, type Rec, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { LinkButton } from '../components/link-button';
import { LoadError } from '../components/load-error';
import { EmptyText, tableEmpty } from '../components/table-empty';
import { formatTime } from '../crud/format';
import { editPath } from '../crud/paths';
import { create, getList, remove } from '../data/entities';
import { definitionOf } from './definitions';
import { ldapSyncPath } from './ldap.ui';
import type { SectionExtraProps } from './ui-types';

const PAGE_SIZE = 10;

/**
 * The organization's LDAP servers on its edit page (listed and editable in a table editor; Casdoor's
 * LdapTable): server name (to its edit page), host, port,
 * base DN, auto sync and last sync, paged on the server; Add makes a server with the
 * definition's defaults, and each row has Sync, Edit and Delete ('Sure to delete: {name} ?').
 */
export function LdapServersSection({ stored, viewer }: SectionExtraProps) {
  const definition = definitionOf('ldap');
  if (!definition) return null;
  return <LdapServers definition={definition} organization={String(stored.name ?? '')} viewer={viewer} />;
}

function LdapServers({
  definition,
  organization,
  viewer,
}: {
  definition: EntityDefinition<any>;
  organization: string;
  viewer: SectionExtraProps['viewer'];
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = { organization, page, pageSize: PAGE_SIZE, sortField: 'createdTime', sortOrder: 'descend' as const };
  const list = useQuery({
    queryKey: ['list', definition.name, query],
    queryFn: async () => unwrap(await getList(definition, query)),
    enabled: organization !== '',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', definition.name] });
  const canAdd = allows(definition.access.create, viewer, organization);
  const canDelete = allows(definition.access.delete, viewer, organization);

  const add = useMutation({
    mutationFn: async () => {
      if (!viewer) throw new Error(t('general.forbiddenSubtitle'));
      // The defaults of a new LDAP server (the definition's); the server generates the id.
      return unwrap(await create(definition, definition.newRecord({ organization, viewer, random: randomId, now: nowRfc3339 })));
    },
    onSuccess: () => {
      void message.success(t('general.successfullyAdded'));
      setPage(1);
      void refresh();
    },
    onError: (error) => void message.error(t('ldap.addFailed', { msg: errorText(t, error) })),
  });
  const del = useMutation({
    mutationFn: async (record: Rec) => unwrap(await remove(definition, record)),
    onSuccess: () => {
      void message.success(t('general.successfullyDeleted'));
      // Deleting the last row of a page steps back a page.
      if (page > 1 && (list.data?.data?.length ?? 0) <= 1) setPage(page - 1);
      void refresh();
    },
    onError: (error) => void message.error(t('ldap.deleteFailed', { msg: errorText(t, error) })),
  });

  const columns: TableProps<Rec>['columns'] = [
    {
      key: 'serverName',
      title: t('ldap.serverName'),
      dataIndex: 'serverName',
      render: (value, record) => <Link to={editPath(definition, record)}>{String(value) || String(record.id)}</Link>,
    },
    { key: 'host', title: t('ldap.host'), dataIndex: 'host', ellipsis: true },
    { key: 'port', title: t('ldap.port'), dataIndex: 'port', width: 90 },
    { key: 'baseDn', title: t('ldap.baseDn'), dataIndex: 'baseDn', ellipsis: true },
    {
      key: 'autoSync',
      title: t('ldap.autoSync'),
      dataIndex: 'autoSync',
      width: 120,
      render: (value) =>
        Number(value) > 0 ? (
          <Tag color="success">{t('ldap.autoSyncMinutes', { count: Number(value) })}</Tag>
        ) : (
          <Tag color="warning">{t('ldap.autoSyncOff')}</Tag>
        ),
    },
    { key: 'lastSync', title: t('ldap.lastSync'), dataIndex: 'lastSync', render: (value) => formatTime(value, i18n.language) },
    {
      key: 'action',
      title: t('general.action'),
      render: (_, record) => (
        <Space wrap>
          <LinkButton type="primary" size="small" to={ldapSyncPath(record)}>
            {t('ldap.sync')}
          </LinkButton>
          <LinkButton size="small" to={editPath(definition, record)}>
            {t('general.edit')}
          </LinkButton>
          <Popconfirm
            title={t('general.sureToDelete', { name: String(record.serverName || record.id) })}
            okText={t('general.ok')}
            cancelText={t('general.cancel')}
            onConfirm={() => del.mutate(record)}
            disabled={!canDelete}
          >
            <Button size="small" danger disabled={!canDelete} loading={del.isPending && del.variables === record}>
              {t('general.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const unauthorized = list.error && isUnauthorized(list.error);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('ldap.sectionHint')}</Typography.Text>
        <Button type="primary" onClick={() => add.mutate()} disabled={!canAdd} loading={add.isPending}>
          {t('general.add')}
        </Button>
      </Flex>
      {list.error && !unauthorized && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {unauthorized ? (
        <Typography.Text type="secondary">{t('ldap.notYours')}</Typography.Text>
      ) : (
        <Table<Rec>
          aria-label={t('entity.ldaps')}
          rowKey={(record) => `${String(record.owner)}/${String(record.id)}`}
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isPending && organization !== ''}
          size="middle"
          bordered
          scroll={{ x: 'max-content' }}
          locale={tableEmpty(list.isPending && organization !== '', <EmptyText text={t('ldap.noServers')} />)}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: Number(list.data?.data2 ?? 0),
            showTotal: (total) => t('general.totalCount', { total }),
            onChange: setPage,
            hideOnSinglePage: true,
          }}
        />
      )}
    </Flex>
  );
}
