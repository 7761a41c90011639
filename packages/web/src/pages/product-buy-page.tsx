import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Image, InputNumber, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../components/feedback';
import { LoadError } from '../components/load-error';
import { type Rec, unwrap } from '../data/client';
import { buyProduct, getProduct } from '../data/purchase';
import { textOf } from '../data/text';
import { useTranslation } from '../i18n/i18n';
import { afterPurchase, formatPrice } from './purchase-model';

/**
 * The buy page /products/{owner}/{name}/buy (spec part 2 §2.1, §2.14): the product, its price (or
 * an amount to recharge) and one button per payment provider. A plan chosen on a pricing page
 * arrives with pricingName and planName, which the purchase passes on (the subscription).
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

  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active />;
  const product = query.data;
  if (!product) return <Navigate to="/404" replace />;

  const providers = Array.isArray(product.providerObjs) ? (product.providerObjs as Rec[]) : [];
  const recharge = product.isRecharge === true;
  const title = textOf(product.displayName) || textOf(product.name);

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
        {planName && <Alert type="info" showIcon title={t('purchase.planChosen', { plan: planName })} />}
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={t('product.name')}>{textOf(product.name)}</Descriptions.Item>
          <Descriptions.Item label={t('product.displayName')}>{title}</Descriptions.Item>
          {textOf(product.image) && (
            <Descriptions.Item label={t('product.image')} span={2}>
              <Image src={textOf(product.image)} alt={title} height={80} />
            </Descriptions.Item>
          )}
          {textOf(product.detail) && (
            <Descriptions.Item label={t('product.detail')} span={2}>
              {textOf(product.detail)}
            </Descriptions.Item>
          )}
          {textOf(product.description) && (
            <Descriptions.Item label={t('product.description')} span={2}>
              {textOf(product.description)}
            </Descriptions.Item>
          )}
          {textOf(product.tag) && <Descriptions.Item label={t('product.tag')}>{textOf(product.tag)}</Descriptions.Item>}
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
              <Typography.Text strong>{formatPrice(product.price, product.currency, i18n.language)}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
        {failure && <Alert type="error" showIcon title={failure} />}
        {providers.length === 0 ? (
          <Result status="warning" title={t('purchase.noProviders')} />
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
