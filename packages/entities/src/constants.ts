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

/**
 * Regions whose phone numbers the product handles (libphonenumber's list: ISO 3166 codes plus AC,
 * TA and XK): the choices of an organization's supported country codes.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG ' +
  'EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR ' +
  'LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF ' +
  'NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD ' +
  'SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

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
