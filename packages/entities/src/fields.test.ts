import { describe, expect, it } from 'vitest';
import { int, text } from './fields.js';

describe('text fields', () => {
  it('refuse the NUL character, which PostgreSQL cannot store', () => {
    const result = text().schema.safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must not contain the NUL character');
    expect(text().schema.safeParse('a\tb ☃ 𝄞').success).toBe(true);
  });
});

describe('whole-number fields', () => {
  it('stay within a 32-bit column unless wide', () => {
    expect(int().schema.safeParse(2_147_483_647).success).toBe(true);
    expect(int().schema.safeParse(2_147_483_648).success).toBe(false);
    expect(int().schema.safeParse(-2_147_483_648).success).toBe(true);
    expect(int().schema.safeParse(-2_147_483_649).success).toBe(false);
    expect(int({ wide: true }).schema.safeParse(2 ** 40).success).toBe(true);
    expect(int({ wide: true }).schema.safeParse(2 ** 60).success).toBe(false);
    expect(int({ min: 0 }).schema.safeParse(-1).success).toBe(false);
    expect(int({ max: 10 }).schema.safeParse('11').success).toBe(false);
  });
});
