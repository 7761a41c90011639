import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import type { ApiOptions } from '../http/api-base.js';
import type { Outbound } from '../http/outbound.js';
import { sendAliyunSms } from './aliyun.js';
import { sendCustomHttpSms } from './custom-http.js';
import { e164 } from './phone.js';
import { sendTwilioSms } from './twilio.js';

/**
 * Sending a code by SMS through an SMS provider. `sendSmsWith` is what features call (verification
 * codes ...); the routes in routes/messaging.ts add the caller's checks.
 */

export const CUSTOM_HTTP_SMS = 'Custom HTTP SMS';

type Sender = (
  outbound: Outbound,
  provider: Provider,
  message: { to: string; code: string },
  options: ApiOptions,
) => Promise<void>;

const SENDERS: Record<string, Sender> = {
  'Aliyun SMS': sendAliyunSms,
  'Twilio SMS': sendTwilioSms,
  [CUSTOM_HTTP_SMS]: (outbound, provider, message) => sendCustomHttpSms(outbound, provider, message),
};

/** SMS types this release sends with. */
export const SMS_TYPES_SENT: readonly string[] = Object.keys(SENDERS);

export interface SmsToSend {
  /** The receiver in E.164 ("+8613812345678"); any text for the custom HTTP type. */
  to: string;
  /** The code (the templates' %s, Aliyun's {"code": ...}). */
  code: string;
}

export type SmsOptions = ApiOptions;

/** Sends one code; errors are AppErrors saying what failed. */
export async function sendSmsWith(
  outbound: Outbound,
  provider: Provider,
  sms: SmsToSend,
  options: SmsOptions = {},
): Promise<void> {
  const send = SENDERS[provider.type];
  if (!send) throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  let to = sms.to.trim();
  if (provider.type !== CUSTOM_HTTP_SMS) {
    const normalized = e164(to);
    if (!normalized) throw new AppError('smsInvalidReceivers', { receivers: sms.to });
    to = normalized;
  } else if (!to) {
    throw new AppError('smsInvalidReceivers', { receivers: sms.to });
  }
  await send(outbound, provider, { to, code: sms.code }, options);
}
