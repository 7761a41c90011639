import { z } from 'zod';
import type { CookieBrowser } from './browser.js';
import { type Ceremony, type CreationOptions, type RequestOptions, SoftwareAuthenticator } from './webauthn-authenticator.js';

/** The public origin the passkey suites configure (ORIGIN): its host is the RP ID. */
export const PASSKEY_ORIGIN = 'https://id.gatehouse.test';
export const PASSKEY_RP_ID = 'id.gatehouse.test';

const descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** go-webauthn's CredentialCreation, as GET /api/webauthn/signup/begin answers it. */
export const creationAnswer = z.object({
  publicKey: z.object({
    challenge: z.string(),
    rp: z.object({ id: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number(),
    attestation: z.string(),
    excludeCredentials: z.array(descriptor),
    authenticatorSelection: z.object({ residentKey: z.string(), userVerification: z.string() }),
  }),
});

/** go-webauthn's CredentialAssertion, as GET /api/webauthn/signin/begin answers it. */
export const assertionAnswer = z.object({
  publicKey: z.object({
    challenge: z.string(),
    rpId: z.string(),
    timeout: z.number(),
    userVerification: z.string(),
    allowCredentials: z.array(descriptor).optional(),
  }),
});

/** A begin call's answer read as its schema says, or the error envelope it was instead. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error(`unexpected answer ${JSON.stringify(answer)}: ${parsed.error.message}`);
  return parsed.data;
}

/** Begins a registration as the signed-in `browser`: the options, parsed. */
export async function beginRegistration(browser: CookieBrowser): Promise<CreationOptions> {
  return parseAnswer(creationAnswer, await browser.getJson('/api/webauthn/signup/begin')).publicKey;
}

/** Registers `authenticator`'s credential for the user signed in to `browser`; the finish call's envelope. */
export async function registerPasskey(
  browser: CookieBrowser,
  authenticator: SoftwareAuthenticator,
  ceremony: Partial<Ceremony> = {},
) {
  const options = await beginRegistration(browser);
  return browser.post('/api/webauthn/signup/finish', authenticator.register(options, { origin: PASSKEY_ORIGIN, ...ceremony }));
}

/** Begins a sign-in (for `name` of `owner`, or any discoverable credential without a name). */
export async function beginSignin(browser: CookieBrowser, user: { owner?: string; name?: string } = {}): Promise<RequestOptions> {
  const answer = await browser.getJson('/api/webauthn/signin/begin', { owner: user.owner ?? '', name: user.name ?? '' });
  return parseAnswer(assertionAnswer, answer).publicKey;
}

/**
 * Signs in with `authenticator` as the sign-in page does: begin, the authenticator's assertion,
 * finish with the sign-in request in the query (responseType login by default); the finish envelope.
 */
export async function signInWithPasskey(
  browser: CookieBrowser,
  authenticator: SoftwareAuthenticator,
  options: { owner?: string; name?: string; query?: Record<string, string>; ceremony?: Partial<Ceremony> } = {},
) {
  const request = await beginSignin(browser, options);
  const assertion = authenticator.assert(request, { origin: PASSKEY_ORIGIN, ...options.ceremony });
  return browser.post('/api/webauthn/signin/finish', assertion, { responseType: 'login', ...options.query });
}

export { SoftwareAuthenticator };
