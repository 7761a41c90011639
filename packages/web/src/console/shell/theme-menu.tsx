import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { selectedThemeChoices, type ThemeChoice } from '../../shared/components/theme-settings';
import { useTranslation } from '../../shared/i18n/i18n';
import { chooseTheme, useThemeSettings } from './theme-store';

/** The header's theme menu: Default / Dark (one of them) and Compact (on or off). */
export function ThemeMenu() {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  const items: MenuProps['items'] = [
    { key: 'default', label: t('general.themeDefault') },
    { key: 'dark', label: t('general.themeDark') },
    { type: 'divider' },
    { key: 'compact', label: t('general.themeCompact') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        multiple: true,
        selectedKeys: selectedThemeChoices(settings),
        onClick: ({ key }) => chooseTheme(key as ThemeChoice),
      }}
    >
      <Button type="text" icon={<BgColorsOutlined aria-hidden />} aria-label={t('general.theme')} title={t('general.theme')} />
    </Dropdown>
  );
}
