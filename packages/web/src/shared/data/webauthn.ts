import type { Envelope } from '@gatehouse/entities';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { type Rec, request, requestObject, unwrap } from './client';
import { PasskeyError } from './passkey-error';

/**
 * Passkeys (WebAuthn), Casdoor's calls: a ceremony is a begin call (options for the authenticator,
 * answered as go-webauthn's `{publicKey}` object), the browser's authenticator (through
 * @simplewebauthn/browser, loaded only when a ceremony starts) and a finish call. Signing in with a
 * passkey answers what POST /api/login of the same sign-in request would.
 */

const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The options of a begin call's answer, when it has what the authenticator needs. */
function publicKeyOf(answer: Rec, required: string[]): Rec {
  const options = answer.publicKey;
  if (!isRecord(options) || typeof options.challenge !== 'string' || required.some((key) => !(key in options)))
    throw new PasskeyError('authenticator', 'the server answered no WebAuthn options');
  return options;
}

function isCreationOptions(options: Rec): options is Rec & PublicKeyCredentialCreationOptionsJSON {
  return isRecord(options.rp) && isRecord(options.user) && Array.isArray(options.pubKeyCredParams);
}

function isRequestOptions(options: Rec): options is Rec & PublicKeyCredentialRequestOptionsJSON {
  return options.allowCredentials === undefined || Array.isArray(options.allowCredentials);
}

/** The failure of navigator.credentials.create/get as a PasskeyError (the library's codes, the DOM's names). */
function failureOf(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyError('alreadyRegistered', message);
  if (code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError') return new PasskeyError('insecure', message);
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyError('cancelled', message);
  return new PasskeyError('authenticator', message);
}

async function browserLibrary() {
  const library = await import('@simplewebauthn/browser');
  if (!library.browserSupportsWebAuthn()) throw new PasskeyError('unsupported', 'navigator.credentials is not available');
  return library;
}

/** Registers a new passkey for the signed-in user (the server registers only for oneself). */
export async function registerPasskey(): Promise<void> {
  const library = await browserLibrary();
  const options = publicKeyOf(await requestObject('GET', '/api/webauthn/signup/begin'), ['rp', 'user']);
  if (!isCreationOptions(options)) throw new PasskeyError('authenticator', 'the server answered no WebAuthn options');
  const credential = await library.startRegistration({ optionsJSON: options }).catch((error: unknown) => {
    throw failureOf(error);
  });
  unwrap(await request('POST', '/api/webauthn/signup/finish', { body: credential }));
}

/** Fields of a sign-in body that are credentials or the type, never the request's parameters. */
const NOT_PARAMETERS = new Set([
  'username',
  'password',
  'code',
  'captchaType',
  'captchaToken',
  'clientSecret',
  'signinMethod',
  'type',
]);

/**
 * Signs in with a passkey for the sign-in request `body` (+ `query`) that POST /api/login would
 * get: the user typed in (`username` of `organization`), or any discoverable passkey without one.
 * The finish call carries the request in its query, the type as `responseType` (Casdoor's page).
 */
export async function passkeySignin<D, D2>(body: Rec, query: Record<string, string> = {}): Promise<Envelope<D, D2>> {
  const library = await browserLibrary();
  const begin = { owner: String(body.organization ?? ''), name: String(body.username ?? '').trim() };
  const options = publicKeyOf(await requestObject('GET', '/api/webauthn/signin/begin', { query: begin }), []);
  if (!isRequestOptions(options)) throw new PasskeyError('authenticator', 'the server answered no WebAuthn options');
  const assertion = await library.startAuthentication({ optionsJSON: options }).catch((error: unknown) => {
    throw failureOf(error);
  });
  const finish: Record<string, string> = { ...query };
  for (const [key, value] of Object.entries(body)) {
    if (!NOT_PARAMETERS.has(key) && value !== undefined && value !== null) finish[key] = String(value);
  }
  finish.responseType = String(body.type ?? 'login');
  return request<D, D2>('POST', '/api/webauthn/signin/finish', { query: finish, body: assertion });
}

export interface PasskeyRow {
  /** The credential ID as stored (standard base64). */
  id: string;
  createdTime: string;
}

/** The credentials of a user record (webauthnCredentials), as rows. */
export function passkeyRowsOf(record: Rec | null | undefined): PasskeyRow[] {
  const list = record?.webauthnCredentials;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((item) => ({
    id: typeof item.id === 'string' ? item.id : '',
    createdTime: typeof item.createdTime === 'string' ? item.createdTime : '',
  }));
}

/** The user owner/name's credentials, read again. */
export async function getPasskeys(owner: string, name: string): Promise<PasskeyRow[]> {
  return passkeyRowsOf(unwrap(await request<Rec | null>('GET', '/api/get-user', { query: { id: `${owner}/${name}` } })).data);
}

/** Removes the credential `credentialID` of the user owner/name (the user, or an administrator of the user). */
export function deletePasskey(owner: string, name: string, credentialID: string) {
  return request<unknown>('POST', '/api/webauthn/delete-credential', { body: { id: `${owner}/${name}`, credentialID } });
}
