import { App } from 'antd';
import { errorText } from '../../shared/components/error-text';
import { NetworkError } from '../../shared/data/client';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/i18n';

export { errorText };

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
