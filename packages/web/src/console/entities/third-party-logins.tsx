import { allows, isGlobalAdmin, PROVIDER_TYPES } from '@gatehouse/entities/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { ProviderIcon } from '../../shared/components/provider-icon';
import { signInWithSaml } from '../../shared/components/saml-signin';
import { type SigninProvider, signinProviderOf } from '../../shared/components/signin-providers';
import { type Rec, unwrap } from '../../shared/data/client';
import {
  getUserApplication,
  getUserIdentities,
  type LinkedIdentity,
  providerAuthUrl,
  unlinkIdentity,
} from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { EmptyText, tableEmpty } from '../components/table-empty';
import type { SectionExtraProps } from './ui-types';

interface ProviderLine extends SigninProvider {
  canUnlink: boolean;
  identity: LinkedIdentity | null;
}

/**
 * The OAuth providers of the user's application, each with the account linked to it (if any), then
 * accounts linked to providers the application no longer lists (only a global administrator may
 * unlink those).
 */
function providerLines(application: Rec | null | undefined, identities: LinkedIdentity[]): ProviderLine[] {
  const rows = Array.isArray(application?.providers) ? (application.providers as Rec[]) : [];
  const lines: ProviderLine[] = rows.flatMap((row) => {
    const provider = signinProviderOf(row);
    if (!provider) return [];
    const identity = identities.find((item) => item.providerName === provider.name) ?? null;
    return [{ ...provider, canUnlink: row.canUnlink === true, identity }];
  });
  for (const identity of identities) {
    if (lines.some((line) => line.name === identity.providerName)) continue;
    const { providerName: name, providerType: type } = identity;
    const category = PROVIDER_TYPES.Web3.includes(type) ? 'Web3' : 'OAuth';
    lines.push({ name, displayName: name, owner: '', category, type, logo: '', canUnlink: false, identity });
  }
  return lines;
}

/**
 * The "Third-party logins" block of the user page and the account page (shown to the user and to
 * administrators only): the identity providers of the user's application, each linked
 * or not. The user links an account by signing in at the provider (method "link"); Unlink asks
 * first and is offered where the application's provider row allows it (a global administrator
 * always may, as the server decides).
 */
export function ThirdPartyLogins({ stored, viewer }: SectionExtraProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const owner = String(stored.owner ?? '');
  const name = String(stored.name ?? '');
  const self = !!viewer && viewer.owner === owner && viewer.name === name;
  const visible = self || allows('orgAdmin', viewer, owner);

  const application = useQuery({
    queryKey: ['userApplication', owner, name],
    queryFn: async () => unwrap(await getUserApplication(owner, name)).data ?? null,
    enabled: visible && !!name,
    staleTime: 60_000,
  });
  const identitiesKey = ['userIdentities', owner, name];
  const identities = useQuery({
    queryKey: identitiesKey,
    queryFn: async () => unwrap(await getUserIdentities(owner, name)).data ?? [],
    enabled: visible && !!name,
  });
  if (!visible) return null;

  const lines = providerLines(application.data, identities.data ?? []);
  const label = t('thirdParty.title');

  const link = async (line: ProviderLine) => {
    setBusy(line.name);
    try {
      const from = `${window.location.pathname}${window.location.search}`;
      if (line.category === 'Web3') {
        // The wallet signs here; /callback links the address (the module is loaded only now).
        const { signInWithWallet } = await import('../../shared/components/web3-signin');
        window.location.assign(await signInWithWallet(t, { provider: line.name, method: 'link', from }));
        return;
      }
      if (line.category === 'SAML') {
        await signInWithSaml(t, line, { method: 'link', from });
        return;
      }
      const url = unwrap(await providerAuthUrl({ provider: line.name, method: 'link', from })).data;
      window.location.assign(String(url));
    } catch (error) {
      feedback.failure('thirdParty.failedToLink', error);
      setBusy(null);
    }
  };

  const unlink = (line: ProviderLine) =>
    modal.confirm({
      title: t('thirdParty.unlinkTitle', { provider: line.displayName }),
      content: t('thirdParty.unlinkContent', { account: line.identity?.username || line.identity?.displayName || '' }),
      okText: t('thirdParty.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('general.cancel'),
      onOk: async () => {
        try {
          unwrap(await unlinkIdentity({ providerType: line.type, providerName: line.name, user: { owner, name } }));
        } catch (error) {
          feedback.failure('thirdParty.failedToUnlink', error);
          return;
        }
        feedback.success('thirdParty.unlinked');
        await queryClient.invalidateQueries({ queryKey: identitiesKey });
      },
    });

  const error = application.error ?? identities.error;
  // Nothing to link and nothing linked: no block.
  if (!error && !application.isPending && !identities.isPending && lines.length === 0) return null;
  const mayUnlink = (line: ProviderLine) => line.canUnlink || isGlobalAdmin(viewer);
  const columns: TableColumnsType<ProviderLine> = [
    {
      key: 'provider',
      title: t('thirdParty.provider'),
      render: (_, line) => (
        <Space>
          <ProviderIcon provider={line} />
          <Typography.Text>{line.displayName}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'account',
      title: t('thirdParty.account'),
      render: (_, line) =>
        line.identity ? (
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>
            {[line.identity.username || line.identity.displayName, line.identity.email].filter(Boolean).join(' · ')}
          </Typography.Text>
        ) : (
          <Tag>{t('thirdParty.notLinked')}</Tag>
        ),
    },
    {
      key: 'action',
      title: t('general.action'),
      render: (_, line) =>
        line.identity ? (
          <Tooltip title={mayUnlink(line) ? undefined : t('thirdParty.cannotUnlink')}>
            <Button
              size="small"
              danger
              disabled={!mayUnlink(line)}
              aria-label={t('thirdParty.unlinkFrom', { provider: line.displayName })}
              onClick={() => unlink(line)}
            >
              {t('thirdParty.unlink')}
            </Button>
          </Tooltip>
        ) : self ? (
          <Button
            size="small"
            type="primary"
            aria-label={t('thirdParty.linkWith', { provider: line.displayName })}
            loading={busyLoading(busy === line.name)}
            disabled={busy !== null && busy !== line.name}
            onClick={() => void link(line)}
          >
            {t('thirdParty.link')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Form.Item label={label}>
      <section aria-label={label}>
        {error ? (
          <LoadError
            error={error}
            onRetry={() => {
              void application.refetch();
              void identities.refetch();
            }}
          />
        ) : (
          <Table<ProviderLine>
            size="small"
            bordered
            rowKey="name"
            columns={columns}
            dataSource={lines}
            loading={application.isPending || identities.isPending}
            locale={tableEmpty(application.isPending || identities.isPending, <EmptyText text={t('general.noData')} />)}
            pagination={{ hideOnSinglePage: true, pageSize: 10, size: 'small' }}
          />
        )}
      </section>
    </Form.Item>
  );
}
