import { describe, expect, it } from 'vitest';
import { langOf, MESSAGE_KEYS, translate } from './i18n.js';

describe('server messages', () => {
  it('exist in English and Chinese with the same placeholders', () => {
    for (const key of MESSAGE_KEYS) {
      const en = translate(key, 'en');
      const zh = translate(key, 'zh');
      expect(en.length, key).toBeGreaterThan(0);
      expect(zh.length, key).toBeGreaterThan(0);
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(zh), key).toEqual(placeholders(en));
    }
  });
  it('pick the language from Accept-Language', () => {
    expect(langOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(langOf('en-US')).toBe('en');
    expect(langOf('fr')).toBe('en');
    expect(langOf(undefined)).toBe('en');
  });
  it('fill placeholders', () => {
    expect(translate('duplicate', 'en', { entity: 'user', id: 'a/b' })).toBe('The user "a/b" already exists');
  });
});
