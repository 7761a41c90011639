import { type Rec, request } from '../../shared/data/client';

/** The purchase flow's calls: the public pricing page, buying, the result. */

const id = (owner: string, name: string) => ({ id: `${owner}/${name}` });

/** A pricing, read by anyone (the public /select-plan page). */
export function getPricing(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-pricing', { query: id(owner, name) });
}

/** A plan, read by anyone. */
export function getPlan(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-plan', { query: id(owner, name) });
}

/** A product with its payment providers (`providerObjs`), for members of its organization. */
export function getProduct(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-product', { query: id(owner, name) });
}

export function getPayment(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-payment', { query: id(owner, name) });
}

/** The signed-in account's own subscriptions. */
export function getOwnSubscriptions() {
  return request<Rec[]>('GET', '/api/get-user-subscriptions', { query: { sortField: 'createdTime', sortOrder: 'descend' } });
}

export interface BuyChoice {
  providerName: string;
  pricingName?: string;
  planName?: string;
  /** The amount of a recharge. */
  customPrice?: number;
}

/** Buys the product; the answer is the payment, whose payUrl is where to go next. */
export function buyProduct(owner: string, name: string, choice: BuyChoice) {
  return request<Rec>('POST', '/api/buy-product', {
    query: {
      ...id(owner, name),
      providerName: choice.providerName,
      pricingName: choice.pricingName ?? '',
      planName: choice.planName ?? '',
      customPrice: choice.customPrice === undefined ? '' : String(choice.customPrice),
    },
  });
}

/** Issues the invoice of a paid payment; data is the invoice's URL. */
export function invoicePayment(owner: string, name: string) {
  return request<string>('POST', '/api/invoice-payment', { query: id(owner, name) });
}
