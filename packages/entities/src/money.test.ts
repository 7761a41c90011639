import { describe, expect, it } from 'vitest';
import { money } from './define.js';
import { fromMoneyUnits, isMoney, MONEY_LIMIT, roundMoney, toMoneyUnits } from './money.js';
import { user } from './user.js';

describe('sums of money', () => {
  it('are stored as exact whole ten-thousandths', () => {
    expect(toMoneyUnits(0.3)).toBe(3000);
    expect(toMoneyUnits(0.1) * 3).toBe(toMoneyUnits(0.3));
    expect(fromMoneyUnits(toMoneyUnits(123.4567))).toBe(123.4567);
    expect(fromMoneyUnits(toMoneyUnits(-MONEY_LIMIT))).toBe(-MONEY_LIMIT);
    expect(Number.isSafeInteger(toMoneyUnits(MONEY_LIMIT))).toBe(true);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });

  it('are numbers within the limit with at most four decimal places', () => {
    expect(isMoney(12.3456)).toBe(true);
    expect(isMoney(-5)).toBe(true);
    expect(isMoney(12.34567)).toBe(false);
    expect(isMoney(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isMoney(MONEY_LIMIT + 1)).toBe(false);
    expect(isMoney('12')).toBe(false);
  });

  it('are fields that take numbers and numeric strings, rounded, within their bounds', () => {
    const field = money();
    expect(field.schema.parse('12.5')).toBe(12.5);
    expect(field.schema.parse('')).toBe(0);
    expect(field.schema.parse(null)).toBe(0);
    expect(field.schema.parse(1.23456)).toBe(1.2346);
    expect(field.schema.parse(0.1 + 0.2)).toBe(0.3);
    expect(field.schema.safeParse('12,5').success).toBe(false);
    expect(field.schema.safeParse(Number.NaN).success).toBe(false);
    expect(field.schema.safeParse(MONEY_LIMIT * 2).success).toBe(false);
    expect(money({ min: 0 }).schema.safeParse(-0.01).success).toBe(false);
  });

  it("make the user's balance, in a currency of the offered list", () => {
    expect(user.fields.balance.kind).toBe('money');
    expect(user.fields.balance.empty()).toBe(0);
    expect(user.fields.balanceCurrency.empty()).toBe('USD');
    expect(user.fields.balanceCurrency.schema.safeParse('EUR').success).toBe(true);
    expect(user.fields.balanceCurrency.schema.safeParse('XYZ').success).toBe(false);
  });
});
