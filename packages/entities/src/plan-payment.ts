import { isImplementedProviderType } from './implemented-provider-types.js';

/**
 * Whether customers can buy a plan: its product (the one the plan created for itself) exists, is
 * published and lists at least one working payment provider — a provider that exists, is of the
 * Payment category and of a type this release takes payments with. The server answers this with
 * every plan it reads (`isPayable`, `paymentProblems`) and refuses to sell a plan otherwise; the
 * public pricing page leaves such plans out; the plan and pricing edit pages say what to fix.
 */

export const PLAN_PAYMENT_PROBLEMS = [
  'productMissing',
  'productNotPublished',
  'noProviders',
  'providerMissing',
  'providerNotPayment',
  'providerTypeUnsupported',
] as const;
export type PlanPaymentProblemKind = (typeof PLAN_PAYMENT_PROBLEMS)[number];

/** One reason a plan's payment does not work; `provider` names the provider concerned, or is ''. */
export interface PlanPaymentProblem {
  problem: PlanPaymentProblemKind;
  provider: string;
}

export interface PlanPayment {
  isPayable: boolean;
  /** Every problem found, also those of providers beside a working one. */
  paymentProblems: PlanPaymentProblem[];
}

/** What the rule reads of the plan's product and of each provider it lists. */
export interface PlanProductView {
  state: string;
  providers: readonly string[];
}
export interface PaymentProviderView {
  category: string;
  type: string;
}

/** The problem of one listed provider (undefined: it does not exist), or null when it takes payments. */
export function paymentProviderProblem(provider: PaymentProviderView | undefined): PlanPaymentProblemKind | null {
  if (!provider) return 'providerMissing';
  if (provider.category !== 'Payment') return 'providerNotPayment';
  if (!isImplementedProviderType('Payment', provider.type)) return 'providerTypeUnsupported';
  return null;
}

/**
 * Whether the plan whose product is `product` (undefined: none) can be bought, and why not;
 * `providerOf` finds a provider the product lists by name, as a purchase would.
 */
export function planPayment(
  product: PlanProductView | undefined,
  providerOf: (name: string) => PaymentProviderView | undefined,
): PlanPayment {
  if (!product) return { isPayable: false, paymentProblems: [{ problem: 'productMissing', provider: '' }] };
  const problems: PlanPaymentProblem[] = [];
  if (product.state !== 'Published') problems.push({ problem: 'productNotPublished', provider: '' });
  if (product.providers.length === 0) problems.push({ problem: 'noProviders', provider: '' });
  let working = 0;
  for (const name of product.providers) {
    const problem = paymentProviderProblem(providerOf(name));
    if (problem) problems.push({ problem, provider: name });
    else working += 1;
  }
  return { isPayable: product.state === 'Published' && working > 0, paymentProblems: problems };
}
