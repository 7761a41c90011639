import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { isUnauthorized, unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { LinkButton } from '../components/link-button';
import { LoadError } from '../components/load-error';
import { getOne } from '../data/entities';
import { getLdapUsers, syncLdapUsers } from '../data/ldap';
import { definitionOf } from '../entities/definitions';
import Forbidden from './forbidden';
import { LdapDirectoryTable } from './ldap-directory-table';
import { nameList, syncOutcome } from './ldap-sync-model';

/**
 * /ldap/sync/{organization}/{id} (Casdoor's LdapSyncPage): the
 * server's directory users with their sync state, a checkbox for each user not synced yet, a
 * confirmed Sync of the selected ones, Edit LDAP and Save & Exit. A sync where some users already
 * existed or failed says which; otherwise the organization's users are next.
 */
export default function LdapSyncPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organizationName = '', ldapId = '' } = useParams();
  const [selected, setSelected] = useState<string[]>([]);
  const [syncing, setSyncing] = useState(false);
  const definition = definitionOf('ldap');

  const server = useQuery({
    queryKey: ['record', 'ldap', organizationName, ldapId],
    queryFn: async () => (definition ? (unwrap(await getOne(definition, organizationName, ldapId)).data ?? null) : null),
    refetchOnWindowFocus: false,
  });
  const directoryKey = ['ldap-directory', organizationName, ldapId];
  const directory = useQuery({
    queryKey: directoryKey,
    queryFn: async () => unwrap(await getLdapUsers(organizationName, ldapId)).data,
    enabled: !!server.data,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
  const synced = useMemo(() => new Set((directory.data?.existUuids ?? []).filter(Boolean)), [directory.data]);

  if (server.error) {
    return isUnauthorized(server.error) ? (
      <Forbidden />
    ) : (
      <LoadError error={server.error} onRetry={() => void server.refetch()} />
    );
  }
  if (server.isPending) return <Skeleton active />;
  if (!server.data) return <Navigate to="/404" replace />;
  const serverName = String(server.data.serverName || ldapId);
  const organizationPath = `/organizations/${encodeURIComponent(organizationName)}`;
  const users = directory.data?.users ?? [];

  const sync = async () => {
    const chosen = users.filter((user) => selected.includes(user.uuid) && !synced.has(user.uuid));
    if (chosen.length === 0) {
      void message.error(t('ldap.selectFirst'));
      return;
    }
    setSyncing(true);
    try {
      const outcome = syncOutcome(unwrap(await syncLdapUsers(organizationName, ldapId, chosen)).data);
      if (outcome.kind === 'done') {
        void navigate(`${organizationPath}/users`);
        return;
      }
      if (outcome.exist.length > 0) void message.error(t('ldap.alreadyExist', { names: nameList(outcome.exist) }));
      if (outcome.failed.length > 0) void message.error(t('ldap.syncFailed', { names: nameList(outcome.failed) }));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: directoryKey });
    } catch (error) {
      void message.error(errorText(t, error));
    } finally {
      setSyncing(false);
    }
  };

  const toolbar = () => (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Text strong>{serverName}</Typography.Text>
      <Space wrap>
        {/* No user selected: the button says so rather than asking to confirm nothing. */}
        <Popconfirm
          title={t('ldap.confirmSync')}
          okText={t('general.ok')}
          cancelText={t('general.cancel')}
          onConfirm={() => void sync()}
          disabled={selected.length === 0}
        >
          <Button
            type="primary"
            loading={busyLoading(syncing)}
            onClick={selected.length === 0 ? () => void message.error(t('ldap.selectFirst')) : undefined}
          >
            {t('ldap.sync')}
          </Button>
        </Popconfirm>
        <LinkButton to={`/ldap/${encodeURIComponent(organizationName)}/${encodeURIComponent(ldapId)}`}>
          {t('ldap.editLdap')}
        </LinkButton>
      </Space>
    </Flex>
  );

  return (
    <Card
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {t('ldap.syncTitle', { server: serverName })}
        </Typography.Title>
      }
    >
      <Flex vertical gap={12}>
        {directory.error && <LoadError error={directory.error} onRetry={() => void directory.refetch()} />}
        <LdapDirectoryTable
          organization={organizationName}
          users={users}
          synced={synced}
          selected={selected}
          onSelect={setSelected}
          loading={directory.isFetching}
          title={toolbar}
        />
        <Flex>
          <LinkButton type="primary" to={organizationPath}>
            {t('general.saveAndExit')}
          </LinkButton>
        </Flex>
      </Flex>
    </Card>
  );
}
