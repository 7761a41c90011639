import { IMPLEMENTED_PROVIDER_TYPES, PROVIDER_TYPES, type ProviderCategory } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n.js';
import { type InvoiceRequest, PAYMENT_TYPES_TAKING_PAYMENTS, type PayRequest, paymentProviderFor } from './index.js';

const provider = (type: string, category: ProviderCategory = 'Payment') => ({ name: `provider_${type}`, category, type });

const request = (fields: Partial<PayRequest> = {}): PayRequest => ({
  providerName: 'provider_dummy',
  productName: 'product_book',
  productDisplayName: 'A Book',
  payerName: 'alice | Alice',
  payerId: 'acme/alice',
  paymentName: 'payment_1',
  price: 12.5,
  currency: 'EUR',
  returnUrl: 'https://door.example.com/payments/acme/payment_1/result',
  notifyUrl: 'https://door.example.com/api/notify-payment/acme/payment_1',
  ...fields,
});

/** The message of an AppError in a language, or the error itself when it is not one. */
async function refusal(promise: Promise<unknown>, lang: 'en' | 'zh' = 'en'): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return translate(error.key, lang, error.params);
}

const invoice: InvoiceRequest = {
  paymentName: 'payment_1',
  personName: 'Alice',
  personIdCard: 'ID-1',
  personEmail: 'alice@example.com',
  personPhone: '13800000000',
  invoiceType: 'Individual',
  invoiceTitle: 'Alice',
  invoiceTaxId: '',
  documentUrl: 'https://door.example.com/api/get-payment-invoice?id=acme/payment_1',
};

// The Dummy and Balance types write nothing here (Balance is exercised on real databases in balance.api.test.ts).
const noDatabase = { db: undefined as never, dialect: 'sqlite' as const };

describe('payment providers', () => {
  it('take payments with the types the provider console marks as working', () => {
    expect([...PAYMENT_TYPES_TAKING_PAYMENTS].sort()).toEqual([...IMPLEMENTED_PROVIDER_TYPES.Payment].sort());
    expect(paymentProviderFor(provider('Dummy')).type).toBe('Dummy');
    expect(paymentProviderFor(provider('Balance')).type).toBe('Balance');
  });

  it('refuse every other Payment type as configuration only, in English and Chinese', () => {
    const others = PROVIDER_TYPES.Payment.filter((type) => !PAYMENT_TYPES_TAKING_PAYMENTS.includes(type));
    expect(others).toEqual(expect.arrayContaining(['Alipay', 'WeChat Pay', 'PayPal', 'Stripe']));
    for (const type of others) {
      let thrown: unknown;
      try {
        paymentProviderFor(provider(type));
      } catch (error) {
        thrown = error;
      }
      expect(thrown, type).toBeInstanceOf(AppError);
      const error = thrown as AppError;
      expect(translate(error.key, 'en', error.params)).toBe(
        `The payment provider type ${type} can be configured but cannot take payments yet`,
      );
      expect(translate(error.key, 'zh', error.params)).toBe(`支付提供商类型 ${type} 可以配置，但暂时还不能收款`);
    }
  });

  it('refuse providers of other categories', () => {
    expect(() => paymentProviderFor(provider('GitHub', 'OAuth'))).toThrow(
      expect.objectContaining({
        key: 'providerWrongCategory',
        params: { name: 'provider_GitHub', category: 'OAuth', expected: 'Payment' },
      }),
    );
  });
});

describe('the Dummy type', () => {
  const dummy = paymentProviderFor(provider('Dummy'));

  it('pays at once and sends the buyer back to the return URL', async () => {
    const paid = await dummy.pay(request(), noDatabase);
    expect(paid.payUrl).toBe('https://door.example.com/payments/acme/payment_1/result');
    expect(paid.state).toBe('Paid');
    // The order id carries what was bought, for the report to be compared with the product.
    expect(JSON.parse(paid.orderId)).toEqual({ price: 12.5, currency: 'EUR', productDisplayName: 'A Book' });
  });

  it('reports the payment paid, with the price, currency and product it was made for', async () => {
    const paid = await dummy.pay(request({ currency: '' }), noDatabase);
    expect(await dummy.notify('', paid.orderId)).toEqual({
      paymentStatus: 'Paid',
      notifyMessage: '',
      price: 12.5,
      currency: 'USD',
      productDisplayName: 'A Book',
    });
    expect(await dummy.notify('', '')).toEqual({ paymentStatus: 'Paid', notifyMessage: '' });
  });

  it('refuses an order id it did not make', async () => {
    expect(await refusal(dummy.notify('', 'not json'))).toMatch(/^The order id "not json" of the payment cannot be read: /);
    expect(await refusal(dummy.notify('', '{"price":"12"}'))).toBe(
      'The order id "{"price":"12"}" of the payment cannot be read: expected {"price", "currency", "productDisplayName"}',
    );
  });

  it('refuses prices that are not sums of money of at least 0', async () => {
    const expected = (price: string) =>
      `The price ${price} is not valid: it must be a number from 0 to 900000000000 with at most 4 decimal places`;
    expect(await refusal(dummy.pay(request({ price: -1 }), noDatabase))).toBe(expected('-1'));
    expect(await refusal(dummy.pay(request({ price: 0.00001 }), noDatabase))).toBe(expected('0.00001'));
    expect(await refusal(dummy.pay(request({ price: Number.NaN }), noDatabase))).toBe(expected('NaN'));
    expect(await refusal(dummy.pay(request({ price: 1e12 }), noDatabase))).toBe(expected('1000000000000'));
    expect((await dummy.pay(request({ price: 0 }), noDatabase)).state).toBe('Paid');
  });

  it("issues the server's own invoice document and answers no gateway", async () => {
    expect(await dummy.getInvoice(invoice)).toBe(invoice.documentUrl);
    expect(dummy.responseError(new Error('x'))).toBe('');
  });
});

describe('the Balance type', () => {
  const balance = paymentProviderFor(provider('Balance'));

  it('needs the payer as owner/name before touching any balance', async () => {
    for (const payerId of ['alice', '/alice', 'acme/', 'acme/a/b']) {
      expect(await refusal(balance.pay(request({ payerId }), noDatabase))).toBe(
        `The payer "${payerId}" must be a user id of the form owner/name`,
      );
    }
  });

  it('reports a payment paid (the balance was spent when paying) and issues no invoices', async () => {
    expect(await balance.notify('', 'acme/payment_1')).toEqual({ paymentStatus: 'Paid', notifyMessage: '' });
    expect(await balance.getInvoice(invoice)).toBe(invoice.documentUrl);
  });
});
