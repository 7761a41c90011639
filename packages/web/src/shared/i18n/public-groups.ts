/**
 * The groups of the catalogue the sign-in pages (sign-in, sign-up, forget, consent, CAS, SAML,
 * callback) use. `locales/<lang>.json?public` is that part of a catalogue (vite.config.ts filters it
 * at build time); the console loads the whole file, and a sign-in page that meets a key outside
 * these groups loads the whole file too (i18n.ts).
 */
export const PUBLIC_GROUPS: readonly string[] = [
  'callback',
  'captcha',
  'cas',
  'code',
  'consent',
  'forget',
  'general',
  'mfa',
  'saml',
  'signin',
  'signup',
  'webauthn',
];

/** The public part of a catalogue's JSON text. */
export function publicPart(json: string): string {
  const catalogue: Record<string, unknown> = JSON.parse(json);
  return JSON.stringify(Object.fromEntries(Object.entries(catalogue).filter(([group]) => PUBLIC_GROUPS.includes(group))));
}
