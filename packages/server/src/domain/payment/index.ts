import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { balancePaymentProvider } from './balance.js';
import { dummyPaymentProvider } from './dummy.js';
import type { PaymentProvider } from './types.js';

export { creditBalance, spendBalance } from './balance.js';
export type {
  InvoiceRequest,
  NotifyResult,
  PayContext,
  PaymentProvider,
  PaymentState,
  PayRequest,
  PayResponse,
} from './types.js';
export { PAYMENT_STATES } from './types.js';

const PROVIDERS: Record<string, PaymentProvider> = {
  Dummy: dummyPaymentProvider,
  Balance: balancePaymentProvider,
};

/** Payment types that take payments in this release; the others can only be configured. */
export const PAYMENT_TYPES_TAKING_PAYMENTS: readonly string[] = Object.keys(PROVIDERS);

/**
 * What takes payments for a Payment provider (Casdoor's GetPaymentProvider). Every other type of
 * the category (Alipay, WeChat Pay, PayPal, Stripe ...) can be configured, and is refused here
 * with a message that says so.
 */
export function paymentProviderFor(provider: Pick<Provider, 'name' | 'category' | 'type'>): PaymentProvider {
  if (provider.category !== 'Payment') {
    throw new AppError('providerWrongCategory', { name: provider.name, category: provider.category, expected: 'Payment' });
  }
  const found = PROVIDERS[provider.type];
  if (!found) throw new AppError('paymentTypeUnsupported', { type: provider.type });
  return found;
}
