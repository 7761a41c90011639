import { theme } from 'antd';
import { localSetting } from '../../shared/components/local-setting';
import {
  applyThemeChoice,
  parseThemeSettings,
  type ThemeChoice,
  type ThemeSettings,
} from '../../shared/components/theme-settings';

/** The saved theme settings, shared by the header's menu and the app's ConfigProvider. */
const setting = localSetting('theme', parseThemeSettings);

export function useThemeSettings(): ThemeSettings {
  return setting.use();
}

export function chooseTheme(choice: ThemeChoice): void {
  setting.write(JSON.stringify(applyThemeChoice(setting.read(), choice)));
}

/** The antd algorithms of the settings, for ConfigProvider. */
export function themeAlgorithms(settings: ThemeSettings) {
  return [settings.dark ? theme.darkAlgorithm : theme.defaultAlgorithm, ...(settings.compact ? [theme.compactAlgorithm] : [])];
}
