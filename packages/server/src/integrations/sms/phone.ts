import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Phone numbers for SMS. Senders take E.164 numbers ("+8613812345678", "+14155552671"), which is
 * also what Casdoor's console and SDKs send as receivers; a number without "+" is read as a
 * national number of one of the given regions (a user's countryCode, an organization's
 * countryCodes). Validation uses libphonenumber's full metadata, as Casdoor's (Go) phonenumbers.
 */

/** The E.164 form of a valid international number ("+..."), else null. Spaces, dashes and dots are ignored. */
export function e164(number: string): string | null {
  const trimmed = number.trim();
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The E.164 form of `number`: as given when it starts with "+", else as a national number of the
 * first region (ISO 3166 code such as "US", "CN") under which it is valid. Null when invalid.
 */
export function toE164(number: string, regions: readonly string[] = []): string | null {
  const trimmed = number.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('+')) return e164(trimmed);
  for (const region of regions) {
    const code = region.trim().toUpperCase();
    if (!isSupportedCountry(code)) continue;
    const parsed = parsePhoneNumberFromString(trimmed, code);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

/** The country calling code of an E.164 number ("86" for "+8613812345678"), or null. */
export function callingCodeOf(number: string): string | null {
  const parsed = parsePhoneNumberFromString(number.trim());
  return parsed ? parsed.countryCallingCode : null;
}
