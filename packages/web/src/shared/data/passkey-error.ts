/** Why a ceremony stopped in the browser (the server's refusals are ApiErrors). */
export type PasskeyFailure = 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'insecure' | 'authenticator';

/** A ceremony the browser or the authenticator ended; `reason` picks the words (webauthn.<reason>). */
export class PasskeyError extends Error {
  override name = 'PasskeyError';
  constructor(
    readonly reason: PasskeyFailure,
    message: string,
  ) {
    super(message);
  }
}
