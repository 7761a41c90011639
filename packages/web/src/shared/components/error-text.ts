import { NetworkError } from '../data/client';
import { PasskeyError } from '../data/passkey-error';
import type { TFunction } from '../i18n/i18n';

/**
 * A failure as users read it: "Failed to connect to server: {error}" for the network, why the
 * browser ended a passkey ceremony, else the server's msg.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('general.failedToConnect', { error: error.message });
  if (error instanceof PasskeyError) return t(`webauthn.${error.reason}`, { msg: error.message });
  return error instanceof Error ? error.message : String(error);
}
