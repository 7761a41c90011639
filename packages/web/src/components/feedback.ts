import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../data/client';
import { PasskeyError } from '../data/webauthn';

/**
 * A failure as users read it: "Failed to connect to server: {error}" for the network, why the
 * browser ended a passkey ceremony, else the server's msg.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('general.failedToConnect', { error: error.message });
  if (error instanceof PasskeyError) return t(`webauthn.${error.reason}`, { msg: error.message });
  return error instanceof Error ? error.message : String(error);
}

/** A failed call: the network failure, or the catalogue message (such as 'Failed to save: {msg}') with the msg. */
function failureText(t: TFunction, failureKey: string, error: unknown): string {
  if (error instanceof NetworkError) return errorText(t, error);
  return t(failureKey, { msg: errorText(t, error) });
}

/** Toasts for the outcome of a call, in the current language. */
export function useFeedback() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return {
    success: (key: string) => void message.success(t(key)),
    failure: (failureKey: string, error: unknown) => void message.error(failureText(t, failureKey, error)),
    error: (error: unknown) => void message.error(errorText(t, error)),
  };
}
