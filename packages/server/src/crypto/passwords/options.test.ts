import { describe, expect, it } from 'vitest';
import { checkPasswordOptions } from './options.js';

describe('checkPasswordOptions', () => {
  it('has no rule when no option is set', () => {
    expect(checkPasswordOptions('', [])).toBeNull();
    expect(checkPasswordOptions('a', [])).toBeNull();
  });

  it('AtLeast6 → passwordAtLeast6, counting code points', () => {
    expect(checkPasswordOptions('abcde', ['AtLeast6'])).toBe('passwordAtLeast6');
    expect(checkPasswordOptions('abcdef', ['AtLeast6'])).toBeNull();
    // Five emoji are ten UTF-16 units but five characters.
    expect(checkPasswordOptions('😀😁😂🤣😃', ['AtLeast6'])).toBe('passwordAtLeast6');
    expect(checkPasswordOptions('😀😁😂🤣😃😄', ['AtLeast6'])).toBeNull();
  });

  it('AtLeast8 → passwordAtLeast8', () => {
    expect(checkPasswordOptions('abcdefg', ['AtLeast8'])).toBe('passwordAtLeast8');
    expect(checkPasswordOptions('ééééééé', ['AtLeast8'])).toBe('passwordAtLeast8'); // 14 UTF-8 bytes, 7 characters
    expect(checkPasswordOptions('abcdefgh', ['AtLeast8'])).toBeNull();
  });

  it('Aa123 → passwordAa123 unless there is an uppercase letter, a lowercase letter and a digit', () => {
    for (const weak of ['abc123', 'ABC123', 'Abcdef', '', '!!!']) {
      expect(checkPasswordOptions(weak, ['Aa123'])).toBe('passwordAa123');
    }
    expect(checkPasswordOptions('Abc123', ['Aa123'])).toBeNull();
    expect(checkPasswordOptions('1aZ', ['Aa123'])).toBeNull();
  });

  it('SpecialChar → passwordSpecialChar unless a character is neither letter nor digit', () => {
    expect(checkPasswordOptions('Abc123', ['SpecialChar'])).toBe('passwordSpecialChar');
    expect(checkPasswordOptions('Àbç123', ['SpecialChar'])).toBe('passwordSpecialChar');
    for (const ok of ['Abc123!', 'a b', 'a_b', 'a-b', '€', '😀']) expect(checkPasswordOptions(ok, ['SpecialChar'])).toBeNull();
  });

  it('NoRepeat → passwordNoRepeat when two identical characters follow each other', () => {
    expect(checkPasswordOptions('abccd', ['NoRepeat'])).toBe('passwordNoRepeat');
    expect(checkPasswordOptions('aa', ['NoRepeat'])).toBe('passwordNoRepeat');
    expect(checkPasswordOptions('😀😀', ['NoRepeat'])).toBe('passwordNoRepeat');
    expect(checkPasswordOptions('abcabc', ['NoRepeat'])).toBeNull();
    expect(checkPasswordOptions('aA', ['NoRepeat'])).toBeNull();
    // Two emoji sharing a high surrogate are still different characters.
    expect(checkPasswordOptions('😀😁', ['NoRepeat'])).toBeNull();
  });

  it('reports the first violated option in the order given', () => {
    expect(checkPasswordOptions('aab', ['AtLeast8', 'NoRepeat'])).toBe('passwordAtLeast8');
    expect(checkPasswordOptions('aab', ['NoRepeat', 'AtLeast8'])).toBe('passwordNoRepeat');
    expect(checkPasswordOptions('abcdefgh', ['AtLeast6', 'AtLeast8', 'Aa123', 'SpecialChar'])).toBe('passwordAa123');
    expect(checkPasswordOptions('Abcdefg1', ['AtLeast6', 'AtLeast8', 'Aa123', 'SpecialChar'])).toBe('passwordSpecialChar');
    expect(checkPasswordOptions('Abcdef1!', ['AtLeast6', 'AtLeast8', 'Aa123', 'SpecialChar', 'NoRepeat'])).toBeNull();
  });

  it('ignores unknown options', () => {
    expect(checkPasswordOptions('a', ['Unknown', 'toString', '__proto__'])).toBeNull();
  });
});
