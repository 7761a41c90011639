import { nowRfc3339, type WebauthnCredential } from '@gatehouse/entities';
import type {
  AuthenticationResponseJSON,
  AuthenticatorAttachment,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { AppError } from '../../errors.js';

/**
 * The edge between Casdoor's wire format and @simplewebauthn/server. Casdoor answers the begin
 * calls with go-webauthn's CredentialCreation / CredentialAssertion, `{publicKey: options}`, whose
 * JSON is the options @simplewebauthn generates; its web client posts the browser's credential
 * with base64url fields but without clientExtensionResults, transports or attachment, and an empty
 * userHandle when the authenticator gave none. Stored credentials keep go-webauthn's shape, whose
 * byte fields are standard base64.
 */

/** base64 or base64url text, padded or not. */
const base64Text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9+/_-]*={0,2}$/, 'must be base64url');

/** The same bytes as base64url without padding, the spelling @simplewebauthn compares. */
const asBase64Url = (value: string) => Buffer.from(value, 'base64').toString('base64url');

const credentialBase = {
  id: base64Text(1400).min(1),
  rawId: base64Text(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(50).nullish(),
  clientExtensionResults: z.record(z.string(), z.unknown()).nullish(),
};

const registrationSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64Text(20_000),
    attestationObject: base64Text(200_000),
    transports: z.array(z.string().max(50)).max(10).nullish(),
  }),
});

const assertionSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64Text(20_000),
    authenticatorData: base64Text(20_000),
    signature: base64Text(20_000),
    userHandle: base64Text(1000).nullish(),
  }),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'body';
  throw new AppError('webauthnBadResponse', { detail: `${where}: ${issue?.message ?? 'invalid'}` });
}

function attachmentOf(value: string | null | undefined): AuthenticatorAttachment | undefined {
  return value === 'platform' || value === 'cross-platform' ? value : undefined;
}

/** The body of POST /api/webauthn/signup/finish, as @simplewebauthn reads it. */
export function registrationResponseOf(body: unknown): RegistrationResponseJSON {
  const credential = parse(registrationSchema, body);
  return {
    id: asBase64Url(credential.id),
    rawId: asBase64Url(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: asBase64Url(credential.response.clientDataJSON),
      attestationObject: asBase64Url(credential.response.attestationObject),
      transports: credential.response.transports ?? [],
    },
    authenticatorAttachment: attachmentOf(credential.authenticatorAttachment),
    clientExtensionResults: {},
  };
}

/** The body of POST /api/webauthn/signin/finish, as @simplewebauthn reads it. */
export function authenticationResponseOf(body: unknown): AuthenticationResponseJSON {
  const credential = parse(assertionSchema, body);
  const { userHandle } = credential.response;
  return {
    id: asBase64Url(credential.id),
    rawId: asBase64Url(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: asBase64Url(credential.response.clientDataJSON),
      authenticatorData: asBase64Url(credential.response.authenticatorData),
      signature: asBase64Url(credential.response.signature),
      ...(userHandle ? { userHandle: asBase64Url(userHandle) } : {}),
    },
    authenticatorAttachment: attachmentOf(credential.authenticatorAttachment),
    clientExtensionResults: {},
  };
}

/** The user handle an authenticator returned (the user's id, or Casdoor's owner/name), '' when none. */
export function userHandleOf(response: AuthenticationResponseJSON): string {
  const handle = response.response.userHandle;
  return handle ? Buffer.from(handle, 'base64url').toString('utf8') : '';
}

type RegistrationInfo = Extract<VerifiedRegistrationResponse, { verified: true }>['registrationInfo'];

/** A verified registration as it is stored on the user (go-webauthn's Credential). */
export function storedCredentialOf(info: RegistrationInfo, response: RegistrationResponseJSON): WebauthnCredential {
  const { credential } = info;
  return {
    id: Buffer.from(credential.id, 'base64url').toString('base64'),
    publicKey: Buffer.from(credential.publicKey).toString('base64'),
    attestationType: info.fmt,
    transport: credential.transports ?? response.response.transports ?? [],
    flags: {
      userPresent: true,
      userVerified: info.userVerified,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backupState: info.credentialBackedUp,
    },
    authenticator: {
      AAGUID: Buffer.from(info.aaguid.replace(/-/g, ''), 'hex').toString('base64'),
      signCount: credential.counter,
      cloneWarning: false,
      attachment: response.authenticatorAttachment ?? '',
    },
    createdTime: nowRfc3339(),
  };
}

/** A stored credential as @simplewebauthn verifies an assertion with it. */
export function verifiableCredentialOf(stored: WebauthnCredential): WebAuthnCredential {
  return {
    id: asBase64Url(stored.id),
    publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64')),
    counter: stored.authenticator.signCount,
    transports: stored.transport,
  };
}

/** How the begin calls name the user's credentials (allowCredentials, excludeCredentials). */
export function descriptorsOf(list: readonly WebauthnCredential[]): { id: string; transports: string[] }[] {
  return list.map((stored) => ({ id: asBase64Url(stored.id), transports: stored.transport }));
}
