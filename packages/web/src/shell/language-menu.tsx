import { GlobalOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '../components/menu-button';
import { changeLanguage, currentLanguage, isUiLanguage, type UiLanguage } from '../i18n/i18n';

/** Language names are written in their own language, so that anyone can find theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', zh: '简体中文' };

/** A language's name in its own language (its code when the console has no name for it). */
export const languageName = (language: string): string => (isUiLanguage(language) ? LANGUAGE_NAMES[language] : language);

/** The language menu's items: `languages`, each named in its own language, the current one selected. */
export function languageItems(languages: readonly string[]): MenuProps {
  return {
    items: languages.map((key) => ({ key, label: languageName(key), lang: key })),
    selectable: true,
    selectedKeys: [currentLanguage()],
    onClick: ({ key }) => {
      if (isUiLanguage(key)) void changeLanguage(key);
    },
  };
}

/** The console's languages, or those of `languages` (an application's sign-in page offers its organization's). */
export function LanguageMenu({ languages }: { languages?: readonly string[] }) {
  const { t } = useTranslation();
  const offered = Object.keys(LANGUAGE_NAMES).filter((key) => !languages || languages.includes(key));
  return (
    <MenuButton
      menu={languageItems(offered)}
      type="text"
      icon={<GlobalOutlined aria-hidden />}
      aria-label={t('general.language')}
      title={t('general.language')}
    />
  );
}
