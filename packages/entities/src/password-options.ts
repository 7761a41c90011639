/**
 * The organization's password options (complexity rules applied when a password is set), shared
 * by the server, which enforces them, and the console, which checks a new password early (the
 * sign-up page). No zod here: `@gatehouse/entities/plain` exports it.
 */

export type PasswordOptionViolation =
  | 'passwordAtLeast6'
  | 'passwordAtLeast8'
  | 'passwordAa123'
  | 'passwordSpecialChar'
  | 'passwordNoRepeat';

// Unicode-aware: letters and digits of any script count as letters and digits.
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{L}\p{N}]/u;

const RULES: Record<string, { key: PasswordOptionViolation; passes: (chars: string[]) => boolean }> = {
  AtLeast6: { key: 'passwordAtLeast6', passes: (chars) => chars.length >= 6 },
  AtLeast8: { key: 'passwordAtLeast8', passes: (chars) => chars.length >= 8 },
  Aa123: {
    key: 'passwordAa123',
    passes: (chars) => chars.some((c) => UPPER.test(c)) && chars.some((c) => LOWER.test(c)) && chars.some((c) => DIGIT.test(c)),
  },
  SpecialChar: { key: 'passwordSpecialChar', passes: (chars) => chars.some((c) => SPECIAL.test(c)) },
  NoRepeat: { key: 'passwordNoRepeat', passes: (chars) => chars.every((c, i) => i === 0 || c !== chars[i - 1]) },
};

/**
 * The message key of the first option (in the organization's order) the password violates, or null.
 * Unknown options are ignored; characters are Unicode code points, not UTF-16 units.
 */
export function checkPasswordOptions(password: string, options: readonly string[]): PasswordOptionViolation | null {
  const chars = Array.from(password);
  for (const option of options) {
    const rule = Object.hasOwn(RULES, option) ? RULES[option] : undefined;
    if (rule && !rule.passes(chars)) return rule.key;
  }
  return null;
}
