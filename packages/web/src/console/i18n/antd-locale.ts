import type { Locale } from 'antd/es/locale';
import { currentLanguage, loadWithLanguage, type UiLanguage, useTranslation } from '../../shared/i18n/i18n';

/** antd's own texts (pagination, empty tables, popconfirm ...); English is antd's default. */
const ANTD: Record<UiLanguage, () => Promise<Locale | undefined>> = {
  en: async () => undefined,
  zh: async () => (await import('antd/es/locale/zh_CN')).default,
};

const antdLocales = new Map<UiLanguage, Locale | undefined>();

/** Loads antd's texts of a language (the console waits for them before showing it). */
export async function loadAntdLocale(language: UiLanguage): Promise<void> {
  if (!antdLocales.has(language)) antdLocales.set(language, await ANTD[language]());
}

loadWithLanguage(loadAntdLocale);

/** antd's own texts (pagination, empty tables, popconfirm ...) in the console's language. */
export function useAntdLocale(): Locale | undefined {
  // Re-renders on a language change; the locale was loaded with the language.
  useTranslation();
  return antdLocales.get(currentLanguage());
}
