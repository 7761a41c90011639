import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result, Skeleton, Spin, Tag } from 'antd';
import { Navigate, useParams } from 'react-router';
import { unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { LinkButton } from '../components/link-button';
import { LoadError } from '../components/load-error';
import { valueLabel } from '../crud/value-label';
import { getOwnSubscriptions, getPayment, getPlan } from '../data/purchase';
import { formatPrice, resultKind } from './purchase-model';

/** The polling interval of pages that wait on the server. */
const WAIT_MS = 2000;

/**
 * The payment result page /payments/{owner}/{name}/result: the payment's
 * outcome, polled while the gateway has not reported yet, with the subscription it started and a
 * way back to the product's site.
 */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation();
  const { owner: organizationName = '', name: paymentName = '' } = useParams();
  const query = useQuery({
    queryKey: ['payment-result', organizationName, paymentName],
    queryFn: async () => unwrap(await getPayment(organizationName, paymentName)).data,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'success' && q.state.data?.state === 'Created' ? WAIT_MS : false),
  });
  const payment = query.data;
  const subscriptions = useQuery({
    queryKey: ['payment-result', organizationName, paymentName, 'subscriptions'],
    queryFn: async () => unwrap(await getOwnSubscriptions()).data,
    enabled: payment?.state === 'Paid',
    retry: false,
  });

  // A payment for a plan is named by the plan (its product's name is generated from the plan's).
  const subscription = (subscriptions.data ?? []).find((sub) => sub.payment === paymentName);
  const plan = useQuery({
    queryKey: ['payment-result', organizationName, paymentName, 'plan', subscription?.plan],
    queryFn: async () => unwrap(await getPlan(organizationName, textOf(subscription?.plan))).data ?? null,
    enabled: !!subscription && textOf(subscription.plan) !== '',
    retry: false,
  });
  const planName = textOf(plan.data?.displayName) || textOf(subscription?.plan);

  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active />;
  if (!payment) return <Navigate to="/404" replace />;

  const kind = resultKind(payment.state);
  const product = planName || textOf(payment.productDisplayName) || textOf(payment.productName);
  const price = formatPrice(payment.price, payment.currency, i18n.language);
  const returnUrl = textOf(payment.returnUrl);

  const extra = [
    returnUrl && /^https?:\/\//.test(returnUrl) ? (
      <Button key="return" type="primary" href={returnUrl}>
        {t('purchase.returnToWebsite')}
      </Button>
    ) : null,
    <LinkButton key="home" to="/">
      {t('general.backHome')}
    </LinkButton>,
  ];

  return (
    <Result
      status={kind === 'success' ? 'success' : kind === 'waiting' ? 'info' : 'error'}
      icon={kind === 'waiting' ? <Spin size="large" /> : undefined}
      title={
        kind === 'success'
          ? t('purchase.paid')
          : kind === 'waiting'
            ? t('purchase.waiting')
            : t('purchase.failed', { state: textOf(payment.state) })
      }
      subTitle={kind === 'failure' ? textOf(payment.message) : t('purchase.paidFor', { product, price })}
      extra={extra}
    >
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={t('payment.name')}>{paymentName}</Descriptions.Item>
        {/* How the customer paid (the provider's type), not the provider's internal name. */}
        <Descriptions.Item label={t('payment.provider')}>{textOf(payment.type) || textOf(payment.provider)}</Descriptions.Item>
        <Descriptions.Item label={t('payment.price')}>{price}</Descriptions.Item>
        <Descriptions.Item label={t('payment.state')}>{valueLabel(t, textOf(payment.state))}</Descriptions.Item>
        {subscription && (
          <Descriptions.Item label={t('purchase.subscription')}>
            {t('purchase.subscriptionState', { plan: planName })}{' '}
            <Tag color={subscription.state === 'Active' ? 'success' : 'processing'}>
              {valueLabel(t, textOf(subscription.state))}
            </Tag>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Result>
  );
}
