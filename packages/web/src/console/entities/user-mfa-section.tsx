import { CheckCircleOutlined } from '@ant-design/icons';
import { allows, type MfaProps, type MfaType } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { unwrap } from '../../shared/data/client';
import { deleteMfa, enableMfa, getUserMfa, initiateMfa, mfaPropsOf, setPreferredMfa } from '../../shared/data/mfa';
import { useTranslation } from '../../shared/i18n/i18n';
import { ACCOUNT_KEY } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import type { SectionExtraProps } from './ui-types';

/**
 * The "Multi-factor authentication" block of the user page and the account page: shown to the user
 * and their administrators only. Each method (phone, e-mail, app) is enabled (a preferred tag, or
 * Set preferred) or not (Setup, for the user themself); Disable removes every method. An
 * administrator may enable phone or e-mail for another user after confirming it (the server first
 * initiates, then enables; the user's own address is used).
 */
export function UserMfaSection({ stored, viewer }: SectionExtraProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const owner = String(stored.owner ?? '');
  const name = String(stored.name ?? '');
  const self = !!viewer && viewer.owner === owner && viewer.name === name;
  const admin = allows('orgAdmin', viewer, owner);
  const key = ['userMfa', owner, name];
  const methods = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getUserMfa(owner, name)).data,
    initialData: mfaPropsOf(stored),
    enabled: (self || admin) && !!name,
  });
  if (!self && !admin) return null;

  const label = t('mfa.title');
  const changed = async (list?: MfaProps[]) => {
    if (list) queryClient.setQueryData(key, list);
    else await queryClient.invalidateQueries({ queryKey: key });
    // The account's own methods drive the console's notices.
    if (self) await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
  };
  const act = async (which: string, call: () => Promise<MfaProps[] | undefined>, failureKey: string, successKey?: string) => {
    setBusy(which);
    try {
      await changed(await call());
      if (successKey) feedback.success(successKey);
    } catch (error) {
      feedback.failure(failureKey, error);
    } finally {
      setBusy(null);
    }
  };

  const typeName = (type: string) => t(`mfa.types.${type}`);
  const adminEnable = (type: MfaType) => {
    const address = String((type === 'email' ? stored.email : stored.phone) ?? '');
    // The user's address is where the codes will go: there must be one.
    if (!address) {
      feedback.error(new Error(t(type === 'email' ? 'mfa.emailRequired' : 'mfa.phoneRequired')));
      return;
    }
    modal.confirm({
      title: t('mfa.enableTitle'),
      content: (
        <Typography.Paragraph>
          {t('mfa.confirmInfo')}
          <br />
          <strong>{t('mfa.user')}</strong>: {owner}/{name}
          <br />
          <strong>{typeName(type)}</strong>: {address}
        </Typography.Paragraph>
      ),
      okText: t('mfa.enable'),
      cancelText: t('general.cancel'),
      onOk: () =>
        act(
          type,
          async () => {
            unwrap(await initiateMfa({ owner, name, mfaType: type }));
            unwrap(await enableMfa({ owner, name, mfaType: type }));
            return undefined;
          },
          'mfa.failedToEnable',
          'mfa.enabledSuccessfully',
        ),
    });
  };

  const list = methods.data ?? [];
  const anyEnabled = list.some((method) => method.enabled);
  const actions = (method: MfaProps) => {
    const type = method.mfaType as MfaType;
    const setup = (
      <Button size="small" onClick={() => void navigate(`/mfa/setup?mfaType=${type}`)}>
        {t(method.enabled ? 'general.edit' : 'mfa.setup')}
      </Button>
    );
    if (!method.enabled)
      return [
        ...(self ? [setup] : []),
        ...(!self && admin && type !== 'app'
          ? [
              <Button
                key="enable"
                size="small"
                type="primary"
                loading={busyLoading(busy === type)}
                onClick={() => adminEnable(type)}
              >
                {t('mfa.enable')}
              </Button>,
            ]
          : []),
      ];
    return [
      <Tag key="enabled" icon={<CheckCircleOutlined aria-hidden />} color="success">
        {t('mfa.enabled')}
      </Tag>,
      method.isPreferred ? (
        <Tag key="preferred" color="blue">
          {t('mfa.preferred')}
        </Tag>
      ) : (
        <Button
          key="prefer"
          size="small"
          type="primary"
          aria-label={t('mfa.setPreferredOf', { method: typeName(type) })}
          loading={busyLoading(busy === `prefer-${type}`)}
          onClick={() =>
            void act(
              `prefer-${type}`,
              async () => unwrap(await setPreferredMfa({ owner, name, mfaType: type })).data,
              'mfa.failedToSave',
            )
          }
        >
          {t('mfa.setPreferred')}
        </Button>
      ),
      ...(self ? [setup] : []),
    ];
  };

  return (
    <Form.Item label={label}>
      <section aria-label={label}>
        {methods.error ? (
          <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
        ) : (
          <Card
            size="small"
            title={t('mfa.methods')}
            extra={
              anyEnabled && (
                <Popconfirm
                  title={t('mfa.sureToDisable')}
                  okText={t('mfa.disable')}
                  cancelText={t('general.cancel')}
                  onConfirm={() =>
                    act('disable', async () => unwrap(await deleteMfa(owner, name)).data, 'mfa.failedToDisable', 'mfa.disabled')
                  }
                >
                  <Button size="small" danger loading={busyLoading(busy === 'disable')}>
                    {t('mfa.disable')}
                  </Button>
                </Popconfirm>
              )
            }
          >
            <List<MfaProps>
              size="small"
              loading={methods.isFetching && list.length === 0}
              dataSource={list}
              rowKey="mfaType"
              renderItem={(method) => (
                <List.Item actions={actions(method)}>
                  <Space wrap>
                    <Typography.Text strong>{typeName(method.mfaType)}</Typography.Text>
                    {method.secret && <Typography.Text type="secondary">{method.secret}</Typography.Text>}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        )}
      </section>
    </Form.Item>
  );
}
