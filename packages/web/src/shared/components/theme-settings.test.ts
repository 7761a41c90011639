import { describe, expect, it } from 'vitest';
import { applyThemeChoice, DEFAULT_THEME, parseThemeSettings, selectedThemeChoices } from './theme-settings';

describe('theme settings', () => {
  it('default and dark exclude each other, compact toggles on its own', () => {
    const dark = applyThemeChoice(DEFAULT_THEME, 'dark');
    expect(dark).toEqual({ dark: true, compact: false });
    const darkCompact = applyThemeChoice(dark, 'compact');
    expect(darkCompact).toEqual({ dark: true, compact: true });
    expect(applyThemeChoice(darkCompact, 'default')).toEqual({ dark: false, compact: true });
    expect(applyThemeChoice(darkCompact, 'compact')).toEqual({ dark: true, compact: false });
  });

  it('lists the selected menu entries', () => {
    expect(selectedThemeChoices(DEFAULT_THEME)).toEqual(['default']);
    expect(selectedThemeChoices({ dark: true, compact: true })).toEqual(['dark', 'compact']);
  });

  it('reads saved settings defensively', () => {
    expect(parseThemeSettings(null)).toEqual(DEFAULT_THEME);
    expect(parseThemeSettings('not json')).toEqual(DEFAULT_THEME);
    expect(parseThemeSettings('{"dark":true,"compact":"yes"}')).toEqual({ dark: true, compact: false });
  });
});
