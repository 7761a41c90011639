/**
 * Sums of money (balances, prices). The wire carries them as JSON numbers, as Casdoor does; the
 * server stores them as whole numbers of ten-thousandths (ISO 4217 currencies have at most four
 * decimal places), so that SQL adds, subtracts and compares them exactly: a balance of 0.3 pays
 * three prices of 0.1, which floating-point columns get wrong.
 */

/** Decimal places kept. */
export const MONEY_DECIMALS = 4;
/** Stored units per unit of currency. */
export const MONEY_SCALE = 10 ** MONEY_DECIMALS;
/** The largest amount either way: its stored units stay exact JavaScript numbers (below 2^53). */
export const MONEY_LIMIT = 900_000_000_000;

/** An amount in stored units (rounded to the kept decimal places). */
export function toMoneyUnits(amount: number): number {
  return Math.round(amount * MONEY_SCALE);
}

/** Stored units as an amount. */
export function fromMoneyUnits(units: number): number {
  return units / MONEY_SCALE;
}

/** An amount rounded to the kept decimal places. */
export function roundMoney(amount: number): number {
  return fromMoneyUnits(toMoneyUnits(amount));
}

/** Whether a value is an amount: a finite number within the limit with at most four decimal places. */
export function isMoney(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(value) <= MONEY_LIMIT &&
    Math.abs(value * MONEY_SCALE - toMoneyUnits(value)) < 1e-6
  );
}

/** The currencies offered for prices and balances. */
export const CURRENCIES = ['USD', 'CNY', 'EUR', 'JPY', 'GBP', 'AUD', 'CAD', 'CHF', 'HKD', 'SGD', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of a price or balance that names none (Casdoor's fallback). */
export const DEFAULT_CURRENCY: Currency = 'USD';
