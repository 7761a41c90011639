import { IMPLEMENTED_PROVIDER_TYPES, type PlanPaymentProblem } from '@gatehouse/entities';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { getPlan, getProduct } from '../data/purchase';
import { planPaymentProblems, unpayablePlans } from './business-rules';
import type { FieldControlProps, SectionExtraProps } from './ui-types';

/**
 * What the plan and pricing edit pages say when customers cannot buy a plan (plan-payment.ts in
 * the entities: the server answers `isPayable` and `paymentProblems` with every plan): a warning in
 * an administrator's words naming what to fix. The public pricing page leaves such plans out.
 */

/** Under the form's inputs, as the form lays out its rows. */
const UNDER_INPUTS = { md: { offset: 6, span: 18 }, xl: { offset: 4, span: 16 } };
/** A list inside a warning, close under its text. */
const WARNING_LIST = { margin: '4px 0 0', paddingInlineStart: 20 };

const editPath = (entity: string, owner: string, name: string) =>
  `/${entity}/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

/** A warning under the form's inputs, announced as a status (the two pages' payment warnings). */
function PaymentWarning({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <Form.Item wrapperCol={UNDER_INPUTS}>
      <Alert type="warning" showIcon role="status" title={title} description={description} />
    </Form.Item>
  );
}

function ProblemList({ problems, product }: { problems: PlanPaymentProblem[]; product: string }) {
  const { t } = useTranslation();
  const types = IMPLEMENTED_PROVIDER_TYPES.Payment.join(', ');
  return (
    <ul style={WARNING_LIST}>
      {problems.map(({ problem, provider }) => (
        <li key={`${problem}/${provider}`}>{t(`plan.paymentProblem.${problem}`, { provider, product, types })}</li>
      ))}
    </ul>
  );
}

/** The plan's edit page, after its payment providers: why customers cannot buy it and what to fix. */
export function PlanPaymentAlert({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const problems = planPaymentProblems(stored);
  if (problems.length === 0) return null;
  return (
    <PaymentWarning
      title={t('plan.notPayable')}
      description={<ProblemList problems={problems} product={textOf(stored.product)} />}
    />
  );
}

/** The pricing's edit page, after its plans: the plans its page does not offer, each linked to its edit page. */
export function PricingPaymentAlert({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const owner = textOf(Form.useWatch('owner') ?? stored.owner);
  const watched: unknown = Form.useWatch('plans');
  const chosen: unknown = watched ?? stored.plans;
  const names = Array.isArray(chosen) ? chosen.map(textOf).filter(Boolean) : [];
  const queries = useQueries({
    queries: names.map((name) => ({
      queryKey: ['pricing-plan-payment', owner, name],
      queryFn: async () => unwrap(await getPlan(owner, name)).data,
      enabled: owner !== '',
      retry: false,
    })),
  });
  const unpayable = unpayablePlans(queries.map((q) => q.data));
  if (unpayable.length === 0) return null;
  return (
    <PaymentWarning
      title={t('pricing.plansNotPayable', { count: unpayable.length })}
      description={
        <>
          {t('pricing.plansNotPayableFix')}
          <ul style={WARNING_LIST}>
            {unpayable.map((plan) => {
              const name = textOf(plan.name);
              return (
                <li key={name}>
                  <Link to={editPath('plans', owner, name)}>{textOf(plan.displayName) || name}</Link>
                </li>
              );
            })}
          </ul>
        </>
      }
    />
  );
}

/**
 * The plan's related product (the server's, read-only): its display name, linked to its edit page;
 * before the first save there is none yet.
 */
export function RelatedProductField({ id, value, stored }: FieldControlProps) {
  const { t } = useTranslation();
  const owner = textOf(stored.owner);
  const name = textOf(value);
  const query = useQuery({
    queryKey: ['plan-product', owner, name],
    queryFn: async () => unwrap(await getProduct(owner, name)).data,
    enabled: owner !== '' && name !== '',
    retry: false,
  });
  if (!name) {
    return (
      <Typography.Text id={id} type="secondary">
        {t('plan.productPending')}
      </Typography.Text>
    );
  }
  const shown = query.isPending ? '' : textOf(query.data?.displayName) || name;
  return (
    <Link id={id} to={editPath('products', owner, name)}>
      {shown || '…'}
    </Link>
  );
}
