import type { Rec } from '../data/client';
import { textOf } from '../data/text';

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

/** The plans a pricing offers, in its order: those found and enabled. */
export function offeredPlans(pricing: Rec, plans: readonly (Rec | null | undefined)[]): Rec[] {
  const names = Array.isArray(pricing.plans) ? pricing.plans.map(textOf) : [];
  return names.flatMap((name) => {
    const plan = plans.find((candidate) => candidate && textOf(candidate.name) === name);
    return plan && plan.isEnabled === true ? [plan] : [];
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
