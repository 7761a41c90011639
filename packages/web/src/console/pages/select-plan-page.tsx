import { CheckOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Layout, List, Result, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LanguageMenu } from '../../shared/components/language-menu';
import { RETURN_TO_KEY } from '../../shared/components/return-target';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { LoadError } from '../components/load-error';
import { getPlan, getPricing } from '../data/purchase';
import { formatPrice, offeredPlans, planBuyPath, planSignupPath, shownName } from './purchase-model';

function PlanCard({ plan, onChoose }: { plan: Rec; onChoose: () => void }) {
  const { t, i18n } = useTranslation();
  const title = shownName(plan);
  const options = Array.isArray(plan.options) ? plan.options.map(textOf).filter(Boolean) : [];
  const period = plan.period === 'Yearly' ? t('purchase.perYear') : t('purchase.perMonth');
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {title}
        </Typography.Title>
      }
      actions={[
        <Button key="choose" type="primary" block onClick={onChoose} aria-label={t('purchase.choosePlan', { plan: title })}>
          {t('purchase.getStarted')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        <Typography.Text strong style={{ fontSize: 28 }}>
          {formatPrice(plan.price, plan.currency, i18n.language)}
        </Typography.Text>{' '}
        <Typography.Text type="secondary">{period}</Typography.Text>
      </Typography.Paragraph>
      {textOf(plan.description) && <Typography.Paragraph type="secondary">{textOf(plan.description)}</Typography.Paragraph>}
      {options.length > 0 && (
        <List
          size="small"
          dataSource={options}
          renderItem={(option) => (
            <List.Item>
              <CheckOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
              {option}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * The public pricing page /select-plan/{owner}/{pricing}: the pricing's enabled
 * plans that can be paid for (the server's `isPayable`) as cards. Choosing one opens the buy page of the plan's product; a visitor without a session
 * signs up through the pricing's application first (or signs in), then comes back to it.
 */
export default function SelectPlanPage() {
  const { t } = useTranslation();
  const { owner = '', pricingName = '' } = useParams();
  const navigate = useNavigate();
  const account = useAccount();
  const pricingQuery = useQuery({
    queryKey: ['select-plan', owner, pricingName],
    queryFn: async () => unwrap(await getPricing(owner, pricingName)).data,
    retry: false,
  });
  const pricing = pricingQuery.data ?? null;
  const planNames = pricing && Array.isArray(pricing.plans) ? pricing.plans.map(textOf) : [];
  const planQueries = useQueries({
    queries: planNames.map((name) => ({
      queryKey: ['select-plan', owner, 'plan', name],
      queryFn: async () => unwrap(await getPlan(owner, name)).data,
      retry: false,
    })),
  });
  const loadingPlans = planQueries.some((q) => q.isPending);
  const planError = planQueries.find((q) => q.error)?.error ?? null;

  const choose = (plan: Rec) => {
    if (!pricing) return;
    const buy = planBuyPath(owner, pricingName, plan);
    if (account) {
      void navigate(buy);
      return;
    }
    // After signing up (or in), the buyer continues on the buy page.
    sessionStorage.setItem(RETURN_TO_KEY, buy);
    void navigate(planSignupPath(owner, pricing, plan));
  };

  let content: ReactNode;
  if (pricingQuery.error) content = <LoadError error={pricingQuery.error} onRetry={() => void pricingQuery.refetch()} />;
  else if (pricingQuery.isPending) content = <Skeleton active />;
  else if (!pricing) content = <Result status="404" title={t('purchase.pricingMissing', { id: `${owner}/${pricingName}` })} />;
  else if (pricing.isEnabled !== true) content = <Result status="warning" title={t('purchase.pricingDisabled')} />;
  else if (planError) content = <LoadError error={planError} onRetry={() => planQueries.forEach((q) => void q.refetch())} />;
  else if (loadingPlans) content = <Skeleton active />;
  else {
    const plans = offeredPlans(
      pricing,
      planQueries.map((q) => q.data),
    );
    content =
      plans.length === 0 ? (
        <Empty description={t('purchase.noPlans')} />
      ) : (
        <Row gutter={[16, 16]} justify="center">
          {plans.map((plan) => (
            <Col key={textOf(plan.name)} xs={24} sm={12} lg={8}>
              <PlanCard plan={plan} onChoose={() => choose(plan)} />
            </Col>
          ))}
        </Row>
      );
  }

  const title = textOf(pricing?.displayName) || pricingName;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LanguageMenu />
      </Flex>
      <Layout.Content style={{ maxWidth: 1100, width: '100%', margin: '0 auto', padding: '0 12px 48px' }}>
        <Typography.Title level={1} style={{ textAlign: 'center', fontSize: 28 }}>
          {title}
        </Typography.Title>
        {textOf(pricing?.description) && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {textOf(pricing?.description)}
          </Typography.Paragraph>
        )}
        {content}
      </Layout.Content>
    </Layout>
  );
}
