import { GlobalOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { LanguageMenu, languageItems, languageName } from '../shell/language-menu';
import { MenuButton } from './menu-button';

interface Props {
  /** The languages offered (the organization's). */
  languages: readonly string[];
  /** The Languages item's "Label" rule: the current language's name beside the icon. */
  labelled: boolean;
}

/**
 * The sign-in page's Languages item, at its place among the items: the compact icon menu, or under
 * the "Label" rule a button naming the current language (Casdoor's labelled language select).
 */
export function SigninLanguages({ languages, labelled }: Props) {
  const { t } = useTranslation();
  const current = languageName(currentLanguage());
  const menu = labelled ? (
    <MenuButton
      menu={languageItems(languages)}
      type="text"
      icon={<GlobalOutlined aria-hidden />}
      // The visible name stays in the accessible name (label in name).
      aria-label={t('signin.languageLabelled', { language: current })}
    >
      {current}
    </MenuButton>
  ) : (
    <LanguageMenu languages={languages} />
  );
  return (
    <Flex className="login-languages" justify="flex-end" style={{ marginBottom: 8 }}>
      {menu}
    </Flex>
  );
}
