import { describe, expect, it } from 'vitest';
import { keysOf, LANGS, langOf, MESSAGE_KEYS, translate } from './i18n.js';

describe('server messages', () => {
  it('have every key in every language, and no key English lacks', () => {
    for (const lang of LANGS) expect([...keysOf(lang)].sort(), lang).toEqual([...MESSAGE_KEYS].sort());
  });
  it('are not empty and keep the same placeholders in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of MESSAGE_KEYS) {
      const en = translate(key, 'en');
      expect(en.length, key).toBeGreaterThan(0);
      for (const lang of LANGS) {
        const text = translate(key, lang);
        expect(text.length, `${lang}.${key}`).toBeGreaterThan(0);
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(en));
      }
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
    expect(translate('duplicate', 'zh', { entity: 'user', id: 'a/b' })).toBe('user "a/b" 已存在');
  });
});
