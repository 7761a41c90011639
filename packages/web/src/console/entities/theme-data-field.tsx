import { emptyTheme, type ThemeData } from '@gatehouse/entities';
import { ColorPicker, Flex, Input, InputNumber, Radio, Slider, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import type { FieldControlProps } from './ui-types';

/** Theme types of the theme editor; document and blossom also set colour and radius. */
const THEME_TYPES: Record<string, Partial<ThemeData>> = {
  default: {},
  dark: {},
  document: { colorPrimary: '#409eff', borderRadius: 4 },
  blossom: { colorPrimary: '#e6739f', borderRadius: 20 },
};
const PRESET_COLOURS = ['#5734d3', '#1677ff', '#13c2c2', '#52c41a', '#fadb14', '#fa8c16', '#f5222d', '#eb2f96'];

/**
 * The theme block of an organization or application: an enable switch, and when enabled the
 * theme type, primary colour, border radius (0 to 20) and compact switch.
 */
export function ThemeDataField({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [theme, setTheme] = useJsonValue<ThemeData>(value, onChange, emptyTheme);
  const set = (changes: Partial<ThemeData>) => setTheme({ ...emptyTheme(), ...theme, ...changes });
  const item = (key: string, control: ReactNode) => (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
      <label htmlFor={`${id}-${key}`} style={{ minWidth: 140 }}>
        {t(`themeEditor.${key}`)}
      </label>
      {control}
    </Flex>
  );

  return (
    <Flex vertical gap={8} align="flex-start" role="group" aria-label={label}>
      <Switch
        id={id}
        checked={theme.isEnabled}
        onChange={(isEnabled) => set({ isEnabled })}
        disabled={disabled}
        aria-label={t('themeEditor.isEnabled')}
        checkedChildren={t('themeEditor.enabled')}
        unCheckedChildren={t('themeEditor.disabled')}
      />
      {theme.isEnabled && (
        <div>
          {item(
            'themeType',
            <Radio.Group
              id={`${id}-themeType`}
              optionType="button"
              value={theme.themeType}
              disabled={disabled}
              onChange={(event) => set({ themeType: event.target.value, ...THEME_TYPES[event.target.value as string] })}
              options={Object.keys(THEME_TYPES).map((type) => ({ value: type, label: t(`themeEditor.types.${type}`) }))}
            />,
          )}
          {item(
            'colorPrimary',
            <Flex gap={8} align="center">
              <ColorPicker
                value={theme.colorPrimary}
                disabled={disabled}
                disabledAlpha
                presets={[{ label: t('themeEditor.presets'), colors: PRESET_COLOURS }]}
                onChangeComplete={(colour) => set({ colorPrimary: colour.toHexString() })}
              />
              {/* The colour typed as text: kept once it is a whole #rgb or #rrggbb value. */}
              <Input
                id={`${id}-colorPrimary`}
                key={theme.colorPrimary}
                defaultValue={theme.colorPrimary}
                disabled={disabled}
                style={{ width: 120 }}
                onChange={(event) => {
                  const text = event.target.value.trim();
                  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) set({ colorPrimary: text.toLowerCase() });
                }}
              />
            </Flex>,
          )}
          {item(
            'borderRadius',
            <Flex gap={12} align="center">
              <InputNumber
                id={`${id}-borderRadius`}
                min={0}
                max={20}
                precision={0}
                value={theme.borderRadius}
                disabled={disabled}
                onChange={(borderRadius) => set({ borderRadius: borderRadius ?? 0 })}
              />
              <Slider
                min={0}
                max={20}
                value={theme.borderRadius}
                disabled={disabled}
                onChange={(borderRadius) => set({ borderRadius })}
                style={{ flex: 1, maxWidth: 240 }}
                aria-label={t('themeEditor.borderRadius')}
              />
            </Flex>,
          )}
          {item(
            'isCompact',
            <Switch
              id={`${id}-isCompact`}
              checked={theme.isCompact}
              disabled={disabled}
              onChange={(isCompact) => set({ isCompact })}
            />,
          )}
        </div>
      )}
    </Flex>
  );
}
