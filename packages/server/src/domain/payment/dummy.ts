import { AppError } from '../../errors.js';
import { checkPrice, currencyOf } from './checks.js';
import type { NotifyResult, PaymentProvider } from './types.js';

/**
 * The Dummy type (Casdoor's pp/dummy.go): a payment made at once without charging anyone, for
 * trying purchases out. The buyer goes straight to the return URL; the order id carries what was
 * bought, so that a report reads back the price, currency and product the purchase checks.
 */

interface DummyOrder {
  price: number;
  currency: string;
  productDisplayName: string;
}

function readOrder(orderId: string): DummyOrder {
  let parsed: unknown;
  try {
    parsed = JSON.parse(orderId);
  } catch (error) {
    throw new AppError('paymentOrderInvalid', { orderId, detail: error instanceof Error ? error.message : String(error) });
  }
  const order = parsed as Partial<DummyOrder> | null;
  if (
    !order ||
    typeof order !== 'object' ||
    typeof order.price !== 'number' ||
    typeof order.currency !== 'string' ||
    typeof order.productDisplayName !== 'string'
  ) {
    throw new AppError('paymentOrderInvalid', { orderId, detail: 'expected {"price", "currency", "productDisplayName"}' });
  }
  return { price: order.price, currency: order.currency, productDisplayName: order.productDisplayName };
}

export const dummyPaymentProvider: PaymentProvider = {
  type: 'Dummy',

  async pay(request) {
    const order: DummyOrder = {
      price: checkPrice(request.price),
      currency: currencyOf(request.currency),
      productDisplayName: request.productDisplayName,
    };
    return { payUrl: request.returnUrl, orderId: JSON.stringify(order), state: 'Paid' };
  },

  async notify(_body, orderId) {
    const result: NotifyResult = { paymentStatus: 'Paid', notifyMessage: '' };
    // As Casdoor: a payment without an order id is paid, with nothing to compare.
    if (orderId === '') return result;
    return { ...result, ...readOrder(orderId) };
  },

  // No invoicing service: the invoice is the document the server renders from the payment.
  async getInvoice(request) {
    return request.documentUrl;
  },

  responseError: () => '',
};
