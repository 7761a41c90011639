/**
 * Error codes of a statement the engine refused for a value the client sent, which it cannot store
 * or compare: PostgreSQL's NUL character in text (22021 character_not_in_repertoire, 22P05
 * untranslatable_character), a number past the column's range (22003) and a string past its
 * length (22001); MySQL's and MariaDB's strict-mode refusals of the same. SQLite takes them all.
 * They are the client's mistake, not the server's (the write rolled back whole).
 */
const UNSTORABLE_CODES = new Set([
  '22021',
  '22P05',
  '22003',
  '22001',
  'ER_WARN_DATA_OUT_OF_RANGE',
  'ER_DATA_TOO_LONG',
  'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD',
  'ER_TRUNCATED_WRONG_VALUE',
]);

/** Whether `error` is an engine's refusal of a value it cannot store (a NUL, a number out of range). */
export function isUnstorableValueError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  return UNSTORABLE_CODES.has(error.code);
}
