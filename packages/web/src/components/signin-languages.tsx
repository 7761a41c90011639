import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type UiLanguage } from '../i18n/i18n';
import { LanguageMenu } from '../shell/language-menu';

/** Language names in their own language, as the console's language menu writes them. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', zh: '简体中文' };

const nameOf = (language: string) => LANGUAGE_NAMES[language as UiLanguage] ?? language;

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
  const current = currentLanguage();
  const menu = labelled ? (
    <Dropdown
      trigger={['click']}
      menu={{
        items: languages.map((key) => ({ key, label: nameOf(key), lang: key })),
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => void changeLanguage(key as UiLanguage),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        // The visible name stays in the accessible name (label in name).
        aria-label={t('signin.languageLabelled', { language: nameOf(current) })}
      >
        {nameOf(current)}
      </Button>
    </Dropdown>
  ) : (
    <LanguageMenu languages={languages} />
  );
  return (
    <Flex className="login-languages" justify="flex-end" style={{ marginBottom: 8 }}>
      {menu}
    </Flex>
  );
}
