import { describe, expect, it } from 'vitest';
import { dashboardDays, userFigures } from './dashboard.js';

describe('dashboard model', () => {
  it('takes the 31 UTC days ending today', () => {
    const days = dashboardDays(new Date('2026-03-01T23:30:00Z'));
    expect(days[0]).toBe('2026-01-30');
    expect(days[30]).toBe('2026-03-01');
  });

  it('derives the four user figures from the daily totals', () => {
    const totals = Array.from({ length: 31 }, (_, i) => 10 + i);
    expect(userFigures(totals)).toEqual({ total: 40, today: 1, past7Days: 7, past30Days: 30 });
    expect(userFigures([])).toEqual({ total: 0, today: 0, past7Days: 0, past30Days: 0 });
  });
});
