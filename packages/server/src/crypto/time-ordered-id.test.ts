import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('time-ordered ids (deliveries, tokens, audit records)', () => {
  it('are version 7 UUIDs that sort in the order they were made, within a millisecond too', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const names = [timeOrderedId(now), timeOrderedId(now), timeOrderedId(now), timeOrderedId(now + 1), timeOrderedId(now + 1000)];
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]?.replaceAll('-', '').slice(0, 12)).toBe(now.toString(16).padStart(12, '0'));
  });
});
