import { useMemo } from 'react';

/**
 * The edit form holds JSON fields as text (the generic input is a JSON text area). A control that
 * edits the structure instead (a table, a theme editor) reads and writes through this hook.
 */
export function useJsonValue<T>(
  value: unknown,
  onChange: ((value: unknown) => void) | undefined,
  empty: () => T,
): [T, (next: T) => void] {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `empty` only matters when the text changes.
  const parsed = useMemo(() => parseJson(value, empty), [value]);
  return [parsed, (next: T) => onChange?.(JSON.stringify(next, null, 2))];
}

export function parseJson<T>(value: unknown, empty: () => T): T {
  if (typeof value !== 'string') return (value ?? empty()) as T;
  if (value.trim() === '') return empty();
  try {
    return JSON.parse(value) as T;
  } catch {
    return empty();
  }
}
