/** Constants of the product shared by the server and the console. */

export const PASSWORD_TYPES = [
  'plain',
  'salt',
  'sha512-salt',
  'md5-salt',
  'bcrypt',
  'pbkdf2-salt',
  'argon2id',
  'pbkdf2-django',
] as const;
export type PasswordType = (typeof PASSWORD_TYPES)[number];

export const PASSWORD_OPTIONS = ['AtLeast6', 'AtLeast8', 'Aa123', 'SpecialChar', 'NoRepeat'] as const;
export const OBFUSCATOR_TYPES = ['Plain', 'AES', 'DES'] as const;

/** Interface languages the product offers. */
export const LANGUAGES = ['en', 'zh', 'es', 'fr', 'de', 'ja', 'ko', 'vi', 'pt', 'tr', 'pl', 'uk', 'id', 'it', 'ru'] as const;
/** Languages the console and the server messages are translated into. */
export const UI_LANGUAGES = ['en', 'zh'] as const;

export const BUILT_IN_APPLICATION = 'app-built-in';
export const BUILT_IN_CERT = 'cert-built-in';
export const BUILT_IN_ADMIN = 'admin';

/** Record names: no slash (ids are owner/name), no whitespace or control characters. */
export const NAME_PATTERN = /^[^/\s\p{Cc}]+$/u;

/** Whether `value` is one of `values`: narrows a string read from a request or a row to the list's union. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((known) => known === value);
}

/** The homepage of an application that sends each user to their own homepage (the app launcher). */
export const CUSTOM_URL_MARKER = '<custom-url>';
