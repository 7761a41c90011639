import { useTranslation } from 'react-i18next';
import { currentAntdLocale } from './i18n';

/** antd's own texts (pagination, empty tables, popconfirm ...) in the console's language. */
export function useAntdLocale() {
  // Re-renders on a language change; the locale was loaded with the language's catalogue.
  useTranslation();
  return currentAntdLocale();
}
