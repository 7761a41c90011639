import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type UiLanguage } from '../i18n/i18n';

/** Language names are written in their own language, so that anyone can find theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', zh: '简体中文' };

/** The console's languages, or those of `languages` (an application's sign-in page offers its organization's). */
export function LanguageMenu({ languages }: { languages?: readonly string[] }) {
  const { t } = useTranslation();
  const offered = Object.entries(LANGUAGE_NAMES).filter(([key]) => !languages || languages.includes(key));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: offered.map(([key, label]) => ({ key, label, lang: key })),
        selectable: true,
        selectedKeys: [currentLanguage()],
        onClick: ({ key }) => void changeLanguage(key as UiLanguage),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        aria-label={t('general.language')}
        title={t('general.language')}
      />
    </Dropdown>
  );
}
