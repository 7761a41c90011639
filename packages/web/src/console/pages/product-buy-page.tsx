import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Image, InputNumber, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { buyProduct, getPlan, getProduct } from '../data/purchase';
import { afterPurchase, formatPrice, shownName, workingProviders } from './purchase-model';

/**
 * The buy page /products/{owner}/{name}/buy: the product by its display
 * name, its price (or an amount to recharge) and one button per payment provider that takes
 * payments. A plan chosen on a pricing page arrives with pricingName and planName, which the
 * purchase passes on (the subscription); the page then shows the plan (display name, description,
 * price per period), not its product, whose names are the server's. Internal names and empty rows
 * are never shown.
 */
export default function ProductBuyPage() {
  const { t, i18n } = useTranslation();
  const { owner: organizationName = '', name: productName = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const pricingName = search.get('pricingName') ?? '';
  const planName = search.get('planName') ?? '';
  const [amount, setAmount] = useState<number | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['product-buy', organizationName, productName],
    queryFn: async () => unwrap(await getProduct(organizationName, productName)).data,
    retry: false,
  });
  const planQuery = useQuery({
    queryKey: ['product-buy', organizationName, 'plan', planName],
    queryFn: async () => unwrap(await getPlan(organizationName, planName)).data,
    enabled: planName !== '',
    retry: false,
  });

  const failed = query.error ?? (planName ? planQuery.error : null);
  if (failed) {
    const retry = () => {
      void query.refetch();
      if (planName) void planQuery.refetch();
    };
    return <LoadError error={failed} onRetry={retry} />;
  }
  if (query.isPending || (planName && planQuery.isPending)) return <Skeleton active />;
  const product = query.data;
  if (!product) return <Navigate to="/404" replace />;

  // A plan's product is the server's (product_…, its tag, a detail for administrators): the buyer reads the plan.
  const plan = planName ? (planQuery.data ?? null) : null;
  const providers = workingProviders(product.providerObjs);
  const recharge = product.isRecharge === true;
  const title = plan ? shownName(plan) : shownName(product);
  const period = plan ? (plan.period === 'Yearly' ? t('purchase.perYear') : t('purchase.perMonth')) : '';
  const description = plan ? textOf(plan.description) : textOf(product.description);

  const pay = async (provider: string) => {
    setFailure(null);
    setPaying(provider);
    try {
      const payment = unwrap(
        await buyProduct(organizationName, productName, {
          providerName: provider,
          pricingName,
          planName,
          customPrice: recharge ? (amount ?? 0) : undefined,
        }),
      ).data;
      const next = afterPurchase(textOf(payment?.payUrl), window.location.origin);
      if ('href' in next) window.location.assign(next.href);
      else await navigate(next.path);
    } catch (error) {
      setFailure(t('purchase.failedToBuy', { msg: errorText(t, error) }));
      setPaying(null);
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {t('purchase.buyTitle', { product: title })}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        {product.state !== 'Published' && <Alert type="warning" showIcon title={t('purchase.notPublished')} />}
        {plan && <Alert type="info" showIcon title={t('purchase.planChosen', { plan: title })} />}
        <Descriptions bordered column={1} size="middle">
          <Descriptions.Item label={plan ? t('purchase.plan') : t('purchase.product')}>{title}</Descriptions.Item>
          {/* Conditions are booleans: antd's Descriptions turns any other child, even '', into an empty row. */}
          {textOf(product.image) !== '' && (
            <Descriptions.Item label={t('product.image')}>
              <Image src={textOf(product.image)} alt={title} height={80} />
            </Descriptions.Item>
          )}
          {!plan && textOf(product.detail) !== '' && (
            <Descriptions.Item label={t('product.detail')}>{textOf(product.detail)}</Descriptions.Item>
          )}
          {description !== '' && <Descriptions.Item label={t('product.description')}>{description}</Descriptions.Item>}
          <Descriptions.Item label={t('product.price')}>
            {recharge ? (
              <InputNumber
                aria-label={t('purchase.rechargeAmount')}
                min={0.01}
                step={1}
                precision={2}
                value={amount}
                onChange={(value) => setAmount(typeof value === 'number' ? value : null)}
                addonAfter={textOf(product.currency)}
              />
            ) : (
              <Space size={4}>
                <Typography.Text strong>{formatPrice(product.price, product.currency, i18n.language)}</Typography.Text>
                {period && <Typography.Text type="secondary">{period}</Typography.Text>}
              </Space>
            )}
          </Descriptions.Item>
        </Descriptions>
        {failure && <Alert type="error" showIcon title={failure} />}
        {providers.length === 0 ? (
          <Result status="warning" title={t(plan ? 'purchase.planNoProviders' : 'purchase.noProviders')} />
        ) : (
          <Space wrap>
            {providers.map((provider) => {
              const name = textOf(provider.name);
              return (
                <Button
                  key={name}
                  type="primary"
                  size="large"
                  loading={paying === name}
                  disabled={paying !== null || (recharge && !(amount !== null && amount > 0))}
                  onClick={() => void pay(name)}
                >
                  {t('purchase.payWith', { provider: textOf(provider.displayName) || name, type: textOf(provider.type) })}
                </Button>
              );
            })}
          </Space>
        )}
      </Flex>
    </Card>
  );
}
