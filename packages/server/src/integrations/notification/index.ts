import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import type { ApiOptions } from '../http/api-base.js';
import type { Outbound } from '../http/outbound.js';
import { sendCustomHttpNotification } from './custom-http.js';
import { sendSlackNotification } from './slack.js';
import { sendTelegramNotification } from './telegram.js';

/**
 * Sending a text through a Notification provider. `sendNotificationWith` is what features call;
 * the routes in ../messaging-routes.ts add the caller's checks.
 */

const SENDERS: Record<string, (outbound: Outbound, provider: Provider, text: string, options: ApiOptions) => Promise<void>> = {
  'Custom HTTP': (outbound, provider, text) => sendCustomHttpNotification(outbound, provider, text),
  Slack: sendSlackNotification,
  Telegram: sendTelegramNotification,
};

/** Notification types this release sends with. */
export const NOTIFICATION_TYPES_SENT: readonly string[] = Object.keys(SENDERS);

export type NotificationOptions = ApiOptions;

export async function sendNotificationWith(
  outbound: Outbound,
  provider: Provider,
  notification: { text: string },
  options: NotificationOptions = {},
): Promise<void> {
  const send = SENDERS[provider.type];
  if (!send) throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  await send(outbound, provider, notification.text, options);
}
