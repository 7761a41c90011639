import { isImplementedProviderType } from '@gatehouse/entities/plain';

/**
 * What a Payment provider of a type does in this release (the server's domain/payment): Dummy and
 * Balance take payments and the notice says how; every other type can only be configured, and the
 * notice says that. Other categories have none.
 */
export interface PaymentNotice {
  /** i18n key of the text; it takes the type as {{type}}. */
  key: string;
  severity: 'info' | 'warning';
}

const WORKING: Record<string, string> = {
  Dummy: 'provider.paymentDummy',
  Balance: 'provider.paymentBalance',
};

export function paymentNotice(category: string, type: string): PaymentNotice | null {
  if (category !== 'Payment' || type === '') return null;
  const working = WORKING[type];
  if (working && isImplementedProviderType(category, type)) return { key: working, severity: 'info' };
  return { key: 'provider.paymentConfigurationOnly', severity: 'warning' };
}
