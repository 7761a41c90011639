import type { TFunction } from '../../shared/i18n/i18n';

/**
 * A stored value of a fixed set (an enum field's Allow, Approved, Application ...) in the viewer's
 * language: its text under `values.` when the catalogue has one, else the value as stored
 * (technical values such as RS256 or mysql read the same in every language).
 */
export function valueLabel(t: TFunction, value: string): string {
  const key = `values.${value}`;
  const text = t(key);
  return text === key ? value : text;
}
