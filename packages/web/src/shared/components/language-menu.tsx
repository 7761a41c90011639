import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import type { ReactNode } from 'react';
import { changeLanguage, currentLanguage, isUiLanguage, type UiLanguage, useTranslation } from '../i18n/i18n';
import { Icon } from '../plain/icon';
import { MenuButton } from '../plain/menu-button';

/** Language names are written in their own language, so that anyone can find theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', zh: '简体中文' };

/** A language's name in its own language (its code when the console has no name for it). */
export const languageName = (language: string): string => (isUiLanguage(language) ? LANGUAGE_NAMES[language] : language);

interface Props {
  /** The languages offered (default: all of the console's); an application's sign-in page offers its organization's. */
  languages?: readonly string[];
  /** The button's accessible name (default: "Language"). */
  label?: string;
  /** Text beside the icon (the current language's name under the Languages item's "Label" rule). */
  children?: ReactNode;
}

/** The language menu: each language named in its own language, the current one marked. */
export function LanguageMenu({ languages, label, children }: Props) {
  const { t } = useTranslation();
  const offered = Object.keys(LANGUAGE_NAMES).filter((key) => !languages || languages.includes(key));
  return (
    <MenuButton
      variant="text"
      icon={<Icon icon={GlobalOutlined} />}
      aria-label={label ?? t('general.language')}
      title={label ? undefined : t('general.language')}
      items={offered.map((key) => ({ key, label: languageName(key), lang: key }))}
      current={currentLanguage()}
      onSelect={(key) => {
        if (isUiLanguage(key)) void changeLanguage(key);
      }}
    >
      {children}
    </MenuButton>
  );
}
