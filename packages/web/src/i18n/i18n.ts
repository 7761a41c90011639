import { UI_LANGUAGES } from '@gatehouse/entities/plain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';

export type UiLanguage = (typeof UI_LANGUAGES)[number];

const STORAGE_KEY = 'language';

function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return !!value && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else the browser's language when we speak it, else English. */
function initialLanguage(): UiLanguage {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isUiLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The language the console currently speaks (always one of UI_LANGUAGES). */
export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'en';
}

export function changeLanguage(language: UiLanguage): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18n.changeLanguage(language);
}

// Both catalogues are small, so they ship in the main bundle and switching needs no request.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  // React escapes what it renders; escaping here would double-escape names like "A&B".
  interpolation: { escapeValue: false },
});

// Screen readers and the browser's hyphenation follow the document language.
document.documentElement.lang = currentLanguage();
i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

export default i18n;
