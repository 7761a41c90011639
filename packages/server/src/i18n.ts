/**
 * Messages the server sends to users, one catalogue per language (messages/en.ts, messages/zh.ts),
 * as the console keeps one per language. The request's Accept-Language header picks the language
 * (its first two letters; English otherwise).
 */
import { en, type MessageKey } from './messages/en.js';
import { zh } from './messages/zh.js';

export type { MessageKey };
/** Every language the server speaks. */
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];
export type MessageParams = Record<string, string | number>;

const CATALOGUES: Record<Lang, Record<MessageKey, string>> = { en, zh };

export function langOf(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function translate(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template = CATALOGUES[lang][key];
  return template.replace(/\{(\w+)\}/g, (_, p: string) => (p in params ? String(params[p]) : `{${p}}`));
}

/** The keys of one language's catalogue as it is at run time, for the catalogue test. */
export function keysOf(lang: Lang): string[] {
  return Object.keys(CATALOGUES[lang]);
}

/** Every key, for the catalogue test. */
export const MESSAGE_KEYS: MessageKey[] = Object.keys(en).filter((key): key is MessageKey => Object.hasOwn(en, key));

/** Whether a key named in an entity definition (an `undeletableReason`) is one of the server's messages. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
