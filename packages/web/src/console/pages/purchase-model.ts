import { isImplementedProviderType } from '@gatehouse/entities/plain';
import type { Rec } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';

/** The pure rules of the purchase pages (select-plan, buy, result), unit-tested. */

/** A sum of money in its currency, in the reader's language ("$12.50", "¥12.50"). */
export function formatPrice(price: unknown, currency: unknown, language: string): string {
  const amount = typeof price === 'number' && Number.isFinite(price) ? price : 0;
  const code = textOf(currency) || 'USD';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount} ${code}`;
  }
}

/** The buy page of a plan's product, bought through a pricing. */
export function planBuyPath(owner: string, pricing: string, plan: Rec): string {
  const query = new URLSearchParams({ pricingName: pricing, planName: textOf(plan.name) });
  return `/products/${encodeURIComponent(owner)}/${encodeURIComponent(textOf(plan.product))}/buy?${query}`;
}

/**
 * Where a buyer without a session goes from the pricing page: the pricing application's sign-up
 * page, with the plan and pricing as Casdoor's links carry them; the organization's sign-in page
 * when the pricing names no application.
 */
export function planSignupPath(owner: string, pricing: Rec, plan: Rec): string {
  const application = textOf(pricing.application);
  if (!application) return `/login/${encodeURIComponent(owner)}`;
  const query = new URLSearchParams({ plan: textOf(plan.name), pricing: textOf(pricing.name) });
  return `/signup/${encodeURIComponent(application)}?${query}`;
}

/**
 * The plans a pricing offers, in its order: those found, enabled and payable (the server's
 * `isPayable`: a published product with a working payment provider). A free plan is no exception:
 * a subscription is bought through a payment provider whatever its price.
 */
export function offeredPlans(pricing: Rec, plans: readonly (Rec | null | undefined)[]): Rec[] {
  const names = Array.isArray(pricing.plans) ? pricing.plans.map(textOf) : [];
  return names.flatMap((name) => {
    const plan = plans.find((candidate) => candidate && textOf(candidate.name) === name);
    return plan && plan.isEnabled === true && plan.isPayable === true ? [plan] : [];
  });
}

/** What a buyer reads: the display name, the name only when there is none. */
export function shownName(record: Rec | null | undefined): string {
  return textOf(record?.displayName) || textOf(record?.name);
}

/**
 * The payment providers a buyer may pay with, of a product's `providerObjs`: Payment providers of a
 * type this release takes payments with (the server refuses the others), by name once each.
 */
export function workingProviders(providerObjs: unknown): Rec[] {
  if (!Array.isArray(providerObjs)) return [];
  const seen = new Set<string>();
  return providerObjs.flatMap((value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const provider: Rec = { ...value };
    const name = textOf(provider.name);
    if (!name || seen.has(name)) return [];
    if (provider.category !== 'Payment' || !isImplementedProviderType('Payment', textOf(provider.type))) return [];
    seen.add(name);
    return [provider];
  });
}

/**
 * Where to go after buying: the payment's payUrl, as a path of this console when it points here
 * (Dummy and Balance payments return straight to the result page), else the gateway's page.
 */
export function afterPurchase(payUrl: string, origin: string): { path: string } | { href: string } {
  try {
    const url = new URL(payUrl, origin);
    if (url.origin === origin) return { path: `${url.pathname}${url.search}` };
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href } : { path: '/' };
  } catch {
    return { path: '/' };
  }
}

export type ResultKind = 'success' | 'waiting' | 'failure';

/** How the result page shows a payment's state. */
export function resultKind(state: unknown): ResultKind {
  if (state === 'Paid') return 'success';
  if (state === 'Created') return 'waiting';
  return 'failure';
}
