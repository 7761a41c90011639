import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { ADMIN_OWNER } from '@gatehouse/entities';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Rec } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { subscriptionStateLook } from './business-rules';
import type { ListCellProps } from './ui-types';

/** List cells the business objects share: links to users and providers, state tags. */

const providerPath = (owner: string, name: string) => `/providers/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

/** A payment's or transaction's provider, linked as Casdoor links it: in the record's organization. */
export function ProviderCell({ record }: ListCellProps) {
  const name = textOf(record.provider);
  if (!name) return null;
  return <Link to={providerPath(textOf(record.owner), name)}>{name}</Link>;
}

/**
 * A product's payment providers, in two columns, each linking to the provider: from
 * the providers the server attached (`providerObjs`, with their real owner: the organization's or
 * a shared one), two to a row.
 */
export function ProductProvidersCell({ record }: ListCellProps) {
  const { t } = useTranslation();
  const objs = Array.isArray(record.providerObjs) ? (record.providerObjs as Rec[]) : [];
  const names = Array.isArray(record.providers) ? record.providers.map(textOf) : [];
  if (names.length === 0) return <Typography.Text type="secondary">{t('product.noPaymentProviders')}</Typography.Text>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, max-content))', gap: '4px 12px' }}>
      {names.map((name) => {
        const found = objs.find((obj) => textOf(obj.name) === name);
        const owner = found ? textOf(found.owner) : textOf(record.owner);
        return (
          <Link key={name} to={providerPath(owner || ADMIN_OWNER, name)}>
            {textOf(found?.displayName) || name}
          </Link>
        );
      })}
    </div>
  );
}

const STATE_ICONS: Record<string, ReactNode> = {
  sync: <SyncOutlined spin />,
  check: <CheckCircleOutlined />,
  exclamation: <ExclamationCircleOutlined />,
  clock: <ClockCircleOutlined />,
  close: <CloseCircleOutlined />,
  minus: <MinusCircleOutlined />,
};

/** A subscription's state as a coloured tag with an icon. */
export function SubscriptionStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  if (!state) return null;
  const look = subscriptionStateLook(state);
  return (
    <Tag color={look.color} icon={STATE_ICONS[look.icon]}>
      {t(`subscription.stateOptions.${state}`, { defaultValue: state })}
    </Tag>
  );
}

export function SubscriptionStateCell({ record }: ListCellProps) {
  return <SubscriptionStateTag state={textOf(record.state)} />;
}
