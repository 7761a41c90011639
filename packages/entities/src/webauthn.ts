import { z } from 'zod';

/**
 * A WebAuthn credential (passkey) of a user, as Casdoor stores it (go-webauthn's Credential, whose
 * byte fields are standard base64 in JSON): public data only, the private key never leaves the
 * authenticator. Gatehouse adds when it was registered. Written only by the server: registration
 * (POST /api/webauthn/signup/finish), the signature counter of each sign-in, and removal (POST
 * /api/webauthn/delete-credential).
 */
export const webauthnCredentialSchema = z.object({
  /** The credential ID, standard base64 (the browser shows it as base64url). */
  id: z.string().min(1).max(2000),
  /** The COSE public key, standard base64. */
  publicKey: z.string().max(8000).default(''),
  /** The attestation format the authenticator used ("none"). */
  attestationType: z.string().max(100).default(''),
  /** Transports the authenticator supports (internal, usb, hybrid ...). */
  transport: z.array(z.string().max(50)).max(10).default([]),
  flags: z
    .object({
      userPresent: z.boolean().default(false),
      userVerified: z.boolean().default(false),
      backupEligible: z.boolean().default(false),
      backupState: z.boolean().default(false),
    })
    .default({ userPresent: false, userVerified: false, backupEligible: false, backupState: false }),
  authenticator: z
    .object({
      /** The authenticator model's AAGUID, standard base64 of its 16 bytes. */
      AAGUID: z.string().max(100).default(''),
      /** The signature counter last seen; a sign-in must show a higher one (unless the authenticator keeps none). */
      signCount: z.number().int().min(0).default(0),
      cloneWarning: z.boolean().default(false),
      attachment: z.string().max(50).default(''),
    })
    .default({ AAGUID: '', signCount: 0, cloneWarning: false, attachment: '' }),
  /** When it was registered (RFC 3339); '' for credentials registered elsewhere. */
  createdTime: z.string().max(64).default(''),
});

export type WebauthnCredential = z.infer<typeof webauthnCredentialSchema>;

/** How many credentials one user may register. */
export const WEBAUTHN_CREDENTIAL_LIMIT = 20;
