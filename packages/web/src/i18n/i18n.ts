import { UI_LANGUAGES } from '@gatehouse/entities/plain';
import type { Locale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type UiLanguage = (typeof UI_LANGUAGES)[number];
type Catalogue = Record<string, unknown>;

const STORAGE_KEY = 'language';

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return !!value && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else the browser's language when we speak it, else English. */
function initialLanguage(): UiLanguage {
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
/** antd's own texts (pagination, empty tables, popconfirm ...); English is antd's default. */
const ANTD: Record<UiLanguage, () => Promise<Locale | undefined>> = {
  en: async () => undefined,
  zh: async () => (await import('antd/es/locale/zh_CN')).default,
};

const antdLocales = new Map<UiLanguage, Locale | undefined>();
const loaded = new Map<string, Promise<void>>();

function load(language: UiLanguage, part: 'public' | 'whole'): Promise<void> {
  const key = `${language}:${part}`;
  let done = loaded.get(key);
  if (!done) {
    const catalogue = (part === 'public' ? PUBLIC : WHOLE)[language]();
    const antd = ANTD[language]().then((locale) => void antdLocales.set(language, locale));
    done = Promise.all([catalogue, antd]).then(([{ default: resources }]) => {
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

/** antd's locale for the current language (undefined: antd's English). */
export function currentAntdLocale(): Locale | undefined {
  return antdLocales.get(currentLanguage());
}

/** Loads the console's whole catalogue of the current language (the console layout waits for it). */
export function loadConsoleCatalogue(): Promise<void> {
  return load(currentLanguage(), 'whole');
}

export async function changeLanguage(language: UiLanguage): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language);
  const whole = loaded.has(`${currentLanguage()}:whole`);
  await Promise.all([load(language, 'public'), ...(whole ? [load(language, 'whole')] : [])]);
  await i18n.changeLanguage(language);
}

/** Resolves when the current language's public catalogue is loaded; the entry renders after it. */
export const i18nReady: Promise<void> = (async () => {
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
  await load(language, 'public');
})();

// Screen readers and the browser's hyphenation follow the document language.
document.documentElement.lang = currentLanguage();
i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

export default i18n;
