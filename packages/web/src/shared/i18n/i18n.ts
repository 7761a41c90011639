import { UI_LANGUAGES } from '@gatehouse/entities/plain';
import { useSyncExternalStore } from 'react';
import { type Catalogue, fill, lookup, merge, type TextParams } from './texts';

/**
 * The console's texts in its languages (en, zh): catalogues of nested keys (`signin.signedInAs`)
 * with `{{name}}` placeholders, one language loaded at a time, and `useTranslation()` for
 * components, which render again when the language changes or more texts arrive. This is all the
 * console asks of a translation library (no plurals, contexts or formatters: the catalogues'
 * unit test keeps it so), in a module of its own instead of i18next with react-i18next, which
 * every first load, the sign-in pages' too, paid 18 kB gzip for (docs/performance.md).
 */

export type UiLanguage = (typeof UI_LANGUAGES)[number];
export type { TextParams };
/**
 * The text of a key in the current language (the key itself when there is none); a string as the
 * second argument is the default value.
 */
export type TFunction = (key: string, params?: TextParams | string) => string;

const STORAGE_KEY = 'language';

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return UI_LANGUAGES.some((language) => language === value);
}

/** The saved choice, else the browser's language when we speak it, else English. */
export function initialLanguage(): UiLanguage {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isUiLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * Each language's catalogue comes in two chunks: the groups the sign-in pages use (a few kB), and
 * the whole file, which the console starts with. A sign-in page that meets a key outside its part
 * loads the whole file and renders again. Only the current language is downloaded.
 */
const PUBLIC: Record<UiLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.json?public'),
  zh: () => import('./locales/zh.json?public'),
};
const WHOLE: Record<UiLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
};

const catalogues = new Map<UiLanguage, Catalogue>();
const loaded = new Map<string, Promise<void>>();
/** More to load with a language before it is shown (the console: antd's own texts). */
const alsoLoaded: ((language: UiLanguage) => Promise<void>)[] = [];
let language: UiLanguage = 'en';

/** Changes of the language or of the texts loaded, for the components that show them. */
let version = 0;
const listeners = new Set<() => void>();
function changed() {
  version++;
  translate = makeT();
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads `load(language)` with every language the page changes to, before it is shown. */
export function loadWithLanguage(load: (language: UiLanguage) => Promise<void>): void {
  alsoLoaded.push(load);
}

function load(part: 'public' | 'whole', of: UiLanguage = language): Promise<void> {
  const key = `${of}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = (part === 'public' ? PUBLIC : WHOLE)[of]().then(({ default: texts }) => {
      catalogues.set(of, merge(catalogues.get(of) ?? {}, texts));
      changed();
    });
    loaded.set(key, done);
  }
  return done;
}

/** A text function of the current language and texts: a new one after every change, as hooks expect. */
function makeT(): TFunction {
  const texts = catalogues.get(language);
  return (key, given) => {
    const params = typeof given === 'string' ? { defaultValue: given } : given;
    const text = lookup(texts, key);
    if (text === undefined) {
      // A key outside the part loaded: the whole catalogue, which renders again when it comes.
      if (!loaded.has(`${language}:whole`) && texts !== undefined) void load('whole');
      return params?.defaultValue ?? key;
    }
    return params ? fill(text, params) : text;
  };
}
let translate: TFunction = makeT();

/** The text of `key` in the current language, outside components (a component uses useTranslation). */
export const t: TFunction = (key, params) => translate(key, params);

/** The language the console currently speaks (always one of UI_LANGUAGES). */
export function currentLanguage(): UiLanguage {
  return language;
}

export async function changeLanguage(next: UiLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, next);
  const whole = loaded.has(`${language}:whole`);
  await Promise.all([load(whole ? 'whole' : 'public', next), ...alsoLoaded.map((also) => also(next))]);
  language = next;
  // Screen readers and the browser's hyphenation follow the document language.
  document.documentElement.lang = next;
  changed();
}

/**
 * Starts the texts in the saved or the browser's language and resolves once `part` of its
 * catalogue is loaded; the entry renders after it. The sign-in pages start with their part, the
 * console with the whole catalogue.
 */
export async function startI18n(part: 'public' | 'whole'): Promise<void> {
  language = initialLanguage();
  document.documentElement.lang = language;
  await load(part);
}

/** The current language's texts for a component, which renders again when they change. */
export function useTranslation(): { t: TFunction; i18n: { language: UiLanguage } } {
  useSyncExternalStore(subscribe, () => version);
  return { t: translate, i18n: { language } };
}
