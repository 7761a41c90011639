import { allows } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { unwrap } from '../../shared/data/client';
import { deletePasskey, getPasskeys, type PasskeyRow, passkeyRowsOf, registerPasskey } from '../../shared/data/webauthn';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { tableEmpty } from '../components/table-empty';
import { formatTime } from '../crud/format';
import type { SectionExtraProps } from './ui-types';

/** A credential ID as the browser shows it (base64url), whatever base64 it is stored in. */
function displayedCredentialId(id: string): string {
  return id.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The user's WebAuthn credentials (passkeys; Casdoor's "WebAuthn credentials" item, Self/Self):
 * shown to the user and to administrators of the user, each with Delete. Only the user registers
 * one, on their own account (passkeys are registered only by the user themself), as the server
 * enforces.
 */
export function WebauthnCredentials({ stored, viewer }: SectionExtraProps) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [registering, setRegistering] = useState(false);
  const owner = String(stored.owner ?? '');
  const name = String(stored.name ?? '');
  const self = !!viewer && viewer.owner === owner && viewer.name === name;
  const visible = self || allows('orgAdmin', viewer, owner);
  const key = ['webauthnCredentials', owner, name];
  const credentials = useQuery({
    queryKey: key,
    queryFn: () => getPasskeys(owner, name),
    initialData: () => passkeyRowsOf(stored),
    // The page's record is fresh: read again only after a change.
    staleTime: Number.POSITIVE_INFINITY,
    enabled: visible && !!name,
  });
  if (!visible) return null;

  const register = async () => {
    setRegistering(true);
    try {
      await registerPasskey();
      feedback.success('webauthn.registered');
    } catch (error) {
      feedback.failure('webauthn.failedToRegister', error);
    } finally {
      setRegistering(false);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const remove = (row: PasskeyRow) =>
    modal.confirm({
      title: t('general.sureToDelete', { name: displayedCredentialId(row.id) }),
      okText: t('general.delete'),
      okButtonProps: { danger: true },
      cancelText: t('general.cancel'),
      onOk: async () => {
        try {
          unwrap(await deletePasskey(owner, name, row.id));
        } catch (error) {
          feedback.failure('general.failedToDelete', error);
          return;
        }
        feedback.success('general.successfullyDeleted');
        await queryClient.invalidateQueries({ queryKey: key });
      },
    });

  const columns: TableColumnsType<PasskeyRow> = [
    {
      key: 'id',
      title: t('webauthn.credentialId'),
      ellipsis: true,
      render: (_, row) => (
        <Typography.Text code title={displayedCredentialId(row.id)}>
          {displayedCredentialId(row.id)}
        </Typography.Text>
      ),
    },
    {
      key: 'createdTime',
      title: t('webauthn.createdTime'),
      width: 200,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.createdTime, i18n.language)}</span>,
    },
    {
      key: 'action',
      title: t('general.action'),
      width: 100,
      // Delete stays in view while a phone scrolls the table sideways.
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          danger
          aria-label={t('webauthn.deleteCredential', { id: displayedCredentialId(row.id) })}
          onClick={() => remove(row)}
        >
          {t('general.delete')}
        </Button>
      ),
    },
  ];
  const label = t('user.webauthnCredentials');
  return (
    <Form.Item label={label}>
      <section aria-label={label}>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
          {self ? (
            <Button type="primary" size="small" loading={busyLoading(registering)} onClick={() => void register()}>
              {t('webauthn.register')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('webauthn.selfOnly', { name })}</Typography.Text>
          )}
        </Flex>
        {credentials.error ? (
          <LoadError error={credentials.error} onRetry={() => void credentials.refetch()} />
        ) : (
          <Table<PasskeyRow>
            size="small"
            bordered
            rowKey="id"
            columns={columns}
            dataSource={credentials.data}
            loading={credentials.isFetching}
            locale={tableEmpty(credentials.isFetching, t('webauthn.none'))}
            scroll={{ x: 480 }}
            pagination={{ hideOnSinglePage: true, pageSize: 10, size: 'small' }}
          />
        )}
      </section>
    </Form.Item>
  );
}
