import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './webhook-dispatcher.js';

describe('the wait between attempts', () => {
  it('starts at the base and doubles after each failed attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, 10_000, 3_600_000))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
    expect(retryDelayMs(12, 10_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(4, 10_000, 30_000)).toBe(30_000);
    // Far beyond any attempt count, the exponent stays bounded.
    expect(retryDelayMs(10_000, 10_000, 60_000)).toBe(60_000);
    expect(retryDelayMs(0, 500, 60_000)).toBe(500);
  });
});
