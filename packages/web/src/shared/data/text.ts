/** A record's value as text: the string it holds, or '' for anything else (records are untyped here). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
