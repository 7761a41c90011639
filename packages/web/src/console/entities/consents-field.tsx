import { application as applicationDef, mayRevokeConsents, user as userDef, type Viewer } from '@gatehouse/entities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useRef, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { type Rec, unwrap } from '../../shared/data/client';
import { revokeConsent } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { EmptyText, tableEmpty } from '../components/table-empty';
import { recordKey } from '../crud/use-entity-form';
import { getOne } from '../data/entities';
import type { FieldControlProps } from './ui-types';
import { applicationLabel, applicationPath, type ConsentRow, consentRows, revokeBody } from './user-consents';

/** The application a consent was given to (anyone may read it; null once deleted), shared by a row's cells. */
function useConsentApplication(row: ConsentRow) {
  return useQuery({
    queryKey: ['consentApplication', row.owner, row.name],
    queryFn: async () => unwrap(await getOne(applicationDef, row.owner, row.name)).data ?? null,
    staleTime: 60_000,
    retry: false,
  });
}

function ApplicationName({ row, viewer }: { row: ConsentRow; viewer: Viewer | null }) {
  const { data } = useConsentApplication(row);
  const label = applicationLabel(row, data);
  const to = applicationPath(data, viewer);
  return <span style={{ overflowWrap: 'anywhere' }}>{to ? <AppLink to={to}>{label}</AppLink> : label}</span>;
}

interface RevokeProps {
  row: ConsentRow;
  disabled: boolean;
  onRevoke: (row: ConsentRow, application: string) => void;
}

function RevokeButton({ row, disabled, onRevoke }: RevokeProps) {
  const { t } = useTranslation();
  const application = applicationLabel(row, useConsentApplication(row).data);
  return (
    <Button
      size="small"
      danger
      disabled={disabled || row.scopes.length === 0}
      aria-label={t('consent.revokeFor', { application })}
      onClick={() => onRevoke(row, application)}
    >
      {t('consent.revoke')}
    </Button>
  );
}

/**
 * The user's OAuth consents (the `applicationScopes` field, Casdoor's Consents account item): one
 * row per application with the scopes granted to it, and Revoke, which asks first, takes back
 * everything granted to that application (the application asks for consent again) and reloads
 * the grants. Never part of the form's save: the server alone writes them.
 */
export function ConsentsField({ id, stored, viewer, label }: FieldControlProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const region = useRef<HTMLDivElement>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<Error | null>(null);
  const owner = String(stored.owner);
  const name = String(stored.name);
  const rows = consentRows(stored.applicationScopes);
  const mayRevoke = mayRevokeConsents(viewer, stored);

  // The grants as stored now go into the page's record (not refetched whole: that would replace
  // the form being edited), so the table, and the page opened again later, show them.
  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = unwrap(await getOne(userDef, owner, name)).data;
      queryClient.setQueryData<Rec | null>(recordKey(userDef.name, owner, name), (old) =>
        old ? { ...old, applicationScopes: fresh?.applicationScopes ?? [] } : old,
      );
      setRefreshError(null);
    } catch (error) {
      setRefreshError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setRefreshing(false);
    }
  };

  const revoke = (row: ConsentRow, application: string) => {
    const trigger = document.activeElement;
    modal.confirm({
      title: t('consent.revokeTitle', { application }),
      content: t('consent.revokeContent', { scopes: row.scopes.join(', ') }),
      okText: t('consent.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('general.cancel'),
      onOk: async () => {
        try {
          unwrap(await revokeConsent(revokeBody(row, stored)));
        } catch (error) {
          feedback.failure('consent.failedToRevoke', error);
          return;
        }
        feedback.success('consent.revoked');
        await refresh();
      },
      // The dialog gives the focus back to the row's Revoke button; when the row is gone, the block takes it.
      afterClose: () => {
        if (!trigger?.isConnected) region.current?.focus();
      },
    });
  };

  const columns: TableColumnsType<ConsentRow> = [
    {
      key: 'application',
      title: t('consent.application'),
      render: (_, row) => <ApplicationName row={row} viewer={viewer} />,
    },
    {
      key: 'grantedScopes',
      title: t('consent.grantedScopes'),
      render: (_, row) => (
        <Flex wrap gap={4}>
          {row.scopes.map((scope) => (
            <Tag key={scope} color="blue" style={{ marginInlineEnd: 0 }}>
              {scope}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('general.action'),
      render: (_, row) => <RevokeButton row={row} disabled={!mayRevoke} onRevoke={revoke} />,
    },
  ];

  return (
    <Flex vertical gap={8} id={id} ref={region} role="region" aria-label={label} tabIndex={-1} style={{ outline: 'none' }}>
      {refreshError && <LoadError error={refreshError} onRetry={() => void refresh()} />}
      <Table<ConsentRow>
        size="small"
        bordered
        rowKey="application"
        columns={columns}
        dataSource={rows}
        loading={refreshing}
        pagination={{ hideOnSinglePage: true, pageSize: 10, size: 'small' }}
        locale={tableEmpty(refreshing, <EmptyText text={t('consent.none')} />)}
      />
    </Flex>
  );
}
