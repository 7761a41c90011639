/** The console's theme: Default and Dark exclude each other; Compact combines with either. */
export interface ThemeSettings {
  dark: boolean;
  compact: boolean;
}

export type ThemeChoice = 'default' | 'dark' | 'compact';

export const DEFAULT_THEME: ThemeSettings = { dark: false, compact: false };

export function applyThemeChoice(settings: ThemeSettings, choice: ThemeChoice): ThemeSettings {
  switch (choice) {
    case 'default':
      return { ...settings, dark: false };
    case 'dark':
      return { ...settings, dark: true };
    case 'compact':
      return { ...settings, compact: !settings.compact };
  }
}

/** The choices shown as selected in the theme menu. */
export function selectedThemeChoices(settings: ThemeSettings): ThemeChoice[] {
  return [settings.dark ? 'dark' : 'default', ...(settings.compact ? (['compact'] as const) : [])];
}

/** Reads saved settings; anything unreadable falls back to the default theme. */
export function parseThemeSettings(text: string | null): ThemeSettings {
  if (!text) return DEFAULT_THEME;
  try {
    const value = JSON.parse(text) as Partial<ThemeSettings>;
    return { dark: value.dark === true, compact: value.compact === true };
  } catch {
    return DEFAULT_THEME;
  }
}
