import { describe, expect, it } from 'vitest';
import { type PaymentProviderView, paymentProviderProblem, planPayment } from './plan-payment.js';

const PROVIDERS: Record<string, PaymentProviderView> = {
  dummy: { category: 'Payment', type: 'Dummy' },
  balance: { category: 'Payment', type: 'Balance' },
  stripe: { category: 'Payment', type: 'Stripe' },
  github: { category: 'OAuth', type: 'GitHub' },
};
const providerOf = (name: string) => PROVIDERS[name];

describe('whether a plan can be bought', () => {
  it('needs a listed provider that exists, takes payments and is of an implemented type', () => {
    expect(paymentProviderProblem(PROVIDERS.dummy)).toBeNull();
    expect(paymentProviderProblem(PROVIDERS.balance)).toBeNull();
    expect(paymentProviderProblem(PROVIDERS.stripe)).toBe('providerTypeUnsupported');
    expect(paymentProviderProblem(PROVIDERS.github)).toBe('providerNotPayment');
    expect(paymentProviderProblem(undefined)).toBe('providerMissing');
  });

  it('is payable through one working provider, and still names the others', () => {
    expect(planPayment({ state: 'Published', providers: ['dummy'] }, providerOf)).toEqual({
      isPayable: true,
      paymentProblems: [],
    });
    expect(planPayment({ state: 'Published', providers: ['stripe', 'dummy', 'gone'] }, providerOf)).toEqual({
      isPayable: true,
      paymentProblems: [
        { problem: 'providerTypeUnsupported', provider: 'stripe' },
        { problem: 'providerMissing', provider: 'gone' },
      ],
    });
  });

  it('is not payable without a product, unpublished, without providers or with none working', () => {
    expect(planPayment(undefined, providerOf)).toEqual({
      isPayable: false,
      paymentProblems: [{ problem: 'productMissing', provider: '' }],
    });
    expect(planPayment({ state: 'Draft', providers: ['dummy'] }, providerOf)).toEqual({
      isPayable: false,
      paymentProblems: [{ problem: 'productNotPublished', provider: '' }],
    });
    expect(planPayment({ state: 'Published', providers: [] }, providerOf)).toEqual({
      isPayable: false,
      paymentProblems: [{ problem: 'noProviders', provider: '' }],
    });
    expect(planPayment({ state: 'Published', providers: ['stripe', 'github'] }, providerOf)).toEqual({
      isPayable: false,
      paymentProblems: [
        { problem: 'providerTypeUnsupported', provider: 'stripe' },
        { problem: 'providerNotPayment', provider: 'github' },
      ],
    });
  });
});
