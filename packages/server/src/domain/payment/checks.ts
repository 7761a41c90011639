import { DEFAULT_CURRENCY, isMoney, MONEY_DECIMALS, MONEY_LIMIT } from '@gatehouse/entities';
import { AppError } from '../../errors.js';

/** Checks every payment request shares (the purchase checked them too; a provider trusts no caller). */

/** Refuses a price that is not a sum of money of at least 0 (money.ts). */
export function checkPrice(price: unknown): number {
  if (!isMoney(price) || price < 0) {
    throw new AppError('paymentPriceInvalid', { price: String(price), max: MONEY_LIMIT, decimals: MONEY_DECIMALS });
  }
  return price;
}

/** A request's currency: its code, or USD when it names none (Casdoor's fallback). */
export function currencyOf(currency: string): string {
  return currency.trim() || DEFAULT_CURRENCY;
}

/** The paying user's owner and name, from the id owner/name. */
export function payerOf(payerId: string): { owner: string; name: string } {
  const slash = payerId.indexOf('/');
  const owner = payerId.slice(0, slash);
  const name = payerId.slice(slash + 1);
  if (slash <= 0 || !name || name.includes('/')) throw new AppError('paymentPayerInvalid', { payer: payerId });
  return { owner, name };
}
