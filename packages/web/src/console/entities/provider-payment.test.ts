import { PROVIDER_TYPES } from '@gatehouse/entities/plain';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { paymentNotice } from './provider-payment';

describe('the payment notice of the provider form', () => {
  it('says what Dummy and Balance do', () => {
    expect(paymentNotice('Payment', 'Dummy')).toEqual({ key: 'provider.paymentDummy', severity: 'info' });
    expect(paymentNotice('Payment', 'Balance')).toEqual({ key: 'provider.paymentBalance', severity: 'info' });
  });

  it('labels every other payment type configuration only', () => {
    for (const type of PROVIDER_TYPES.Payment.filter((t) => t !== 'Dummy' && t !== 'Balance')) {
      expect(paymentNotice('Payment', type), type).toEqual({ key: 'provider.paymentConfigurationOnly', severity: 'warning' });
    }
    expect(en.provider.paymentConfigurationOnly).toContain('{{type}} can be configured here but cannot take payments yet');
  });

  it('is shown for Payment providers only', () => {
    expect(paymentNotice('OAuth', 'PayPal')).toBeNull();
    expect(paymentNotice('Payment', '')).toBeNull();
  });
});
