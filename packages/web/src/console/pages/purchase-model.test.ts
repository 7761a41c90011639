import { describe, expect, it } from 'vitest';
import {
  afterPurchase,
  formatPrice,
  offeredPlans,
  planBuyPath,
  planSignupPath,
  resultKind,
  shownName,
  workingProviders,
} from './purchase-model';

describe('purchase pages', () => {
  it('formats prices exactly in their currency', () => {
    expect(formatPrice(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatPrice(0.1 + 0.2, 'USD', 'en')).toBe('$0.30');
    expect(formatPrice(9, 'EUR', 'en')).toBe('€9.00');
    expect(formatPrice(3, 'XYZ!', 'en')).toBe('3 XYZ!');
  });

  it('sends a buyer to the plan product, or through sign-up first', () => {
    const plan = { name: 'pro', product: 'product_abc' };
    expect(planBuyPath('acme', 'main', plan)).toBe('/products/acme/product_abc/buy?pricingName=main&planName=pro');
    expect(planSignupPath('acme', { name: 'main', application: 'shop' }, plan)).toBe('/signup/shop?plan=pro&pricing=main');
    expect(planSignupPath('acme', { name: 'main', application: '' }, plan)).toBe('/login/acme');
  });

  it("offers the pricing's enabled and payable plans in its order", () => {
    const plans = [
      { name: 'b', isEnabled: true, isPayable: true },
      { name: 'a', isEnabled: true, isPayable: true },
      { name: 'off', isEnabled: false, isPayable: true },
      { name: 'unpaid', isEnabled: true, isPayable: false },
      { name: 'free', isEnabled: true, price: 0, isPayable: false },
      { name: 'unknown', isEnabled: true },
    ];
    expect(offeredPlans({ plans: ['a', 'off', 'unpaid', 'b', 'gone', 'free', 'unknown'] }, plans).map((p) => p.name)).toEqual([
      'a',
      'b',
    ]);
  });

  it('names records by their display names, and pays only through working providers', () => {
    expect(shownName({ name: 'product_6kdth2', displayName: 'Pro' })).toBe('Pro');
    expect(shownName({ name: 'pro', displayName: '' })).toBe('pro');
    expect(shownName(null)).toBe('');
    const providers = [
      { name: 'dummy', displayName: 'Card', category: 'Payment', type: 'Dummy' },
      { name: 'stripe', category: 'Payment', type: 'Stripe' },
      { name: 'mail', category: 'Email', type: 'Default' },
      { name: 'dummy', category: 'Payment', type: 'Dummy' },
      'balance',
      { name: 'balance', category: 'Payment', type: 'Balance' },
    ];
    expect(workingProviders(providers).map((p) => p.name)).toEqual(['dummy', 'balance']);
    expect(workingProviders(undefined)).toEqual([]);
  });

  it('follows the payUrl inside the console, or to a gateway', () => {
    expect(afterPurchase('http://door.test/payments/acme/p1/result', 'http://door.test')).toEqual({
      path: '/payments/acme/p1/result',
    });
    expect(afterPurchase('https://pay.example.com/x', 'http://door.test')).toEqual({ href: 'https://pay.example.com/x' });
    expect(afterPurchase('javascript:alert(1)', 'http://door.test')).toEqual({ path: '/' });
  });

  it('shows paid, waiting and failed payments', () => {
    expect(resultKind('Paid')).toBe('success');
    expect(resultKind('Created')).toBe('waiting');
    expect(resultKind('Error')).toBe('failure');
  });
});
