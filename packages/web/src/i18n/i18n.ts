import { UI_LANGUAGES } from '@gatehouse/entities/plain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type UiLanguage = (typeof UI_LANGUAGES)[number];
type Catalogue = Record<string, unknown>;

const STORAGE_KEY = 'language';

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return !!value && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else the browser's language when we speak it, else English. */
export function initialLanguage(): UiLanguage {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isUiLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * Each language's catalogue comes in two chunks: the groups the public pages use (a few kB), and
 * the whole file, which the console loads with its layout. A public page that meets a key outside
 * its part loads the whole file and renders again. Only the current language is downloaded.
 */
const PUBLIC: Record<UiLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.json?public'),
  zh: () => import('./locales/zh.json?public'),
};
const WHOLE: Record<UiLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./locales/en.json'),
  zh: () => import('./locales/zh.json'),
};
const loaded = new Map<string, Promise<void>>();
/** More to load with a language before it is shown (the console: antd's own texts). */
const alsoLoaded: ((language: UiLanguage) => Promise<void>)[] = [];

/** Loads `load(language)` with every language the page changes to, before it is shown. */
export function loadWithLanguage(load: (language: UiLanguage) => Promise<void>): void {
  alsoLoaded.push(load);
}

function load(language: UiLanguage, part: 'public' | 'whole'): Promise<void> {
  const key = `${language}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = (part === 'public' ? PUBLIC : WHOLE)[language]().then(({ default: resources }) => {
      i18n.addResourceBundle(language, 'translation', resources, true, true);
    });
    loaded.set(key, done);
  }
  return done;
}

/** The language the console currently speaks (always one of UI_LANGUAGES). */
export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'en';
}

/** Loads the console's whole catalogue of the current language (the console layout waits for it). */
export function loadConsoleCatalogue(): Promise<void> {
  return load(currentLanguage(), 'whole');
}

export async function changeLanguage(language: UiLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language);
  const whole = loaded.has(`${currentLanguage()}:whole`);
  await Promise.all([load(language, whole ? 'whole' : 'public'), ...alsoLoaded.map((also) => also(language))]);
  await i18n.changeLanguage(language);
}

/**
 * Starts the texts in the saved or the browser's language and resolves once `part` of its
 * catalogue is loaded; the entry renders after it. The sign-in pages start with their part, the
 * console with the whole catalogue, which its layout needs anyway.
 */
export async function startI18n(part: 'public' | 'whole'): Promise<void> {
  const language = initialLanguage();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {},
    partialBundledLanguages: true,
    // React escapes what it renders; escaping here would double-escape names like "A&B".
    interpolation: { escapeValue: false },
    // A key outside the loaded part: load the whole catalogue; the 'added' event renders again.
    saveMissing: true,
    missingKeyHandler: () => void load(currentLanguage(), 'whole'),
    react: { bindI18nStore: 'added' },
  });
  await load(language, part);
}

// Screen readers and the browser's hyphenation follow the document language.
i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

export default i18n;
