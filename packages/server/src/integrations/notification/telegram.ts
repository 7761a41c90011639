import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type ApiOptions, apiBase, fetchHidingUrl } from '../http/api-base.js';
import { peerDetail } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * "Telegram": the Bot API's sendMessage, POST {base}/bot<token>/sendMessage with chat_id and text.
 * Fields as in Casdoor: clientSecret = the bot token, receiver = the chat id (a number, or an
 * @channel name, which the Bot API also accepts); endpoint replaces https://api.telegram.org
 * (a self-hosted Bot API server, tests). The token is part of the address: errors never show it.
 */

export const TELEGRAM_API = 'https://api.telegram.org';

/** The chat id as the Bot API takes it: a number, or an @channel name; null otherwise. */
export function telegramChatId(receiver: string): number | string | null {
  const value = receiver.trim();
  if (/^-?\d{1,20}$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : null;
  }
  return /^@[A-Za-z0-9_]{4,64}$/.test(value) ? value : null;
}

export async function sendTelegramNotification(outbound: Outbound, provider: Provider, text: string, options: ApiOptions = {}) {
  const token = provider.clientSecret.trim();
  if (!token) throw new AppError('providerFieldMissing', { field: 'clientSecret' });
  if (!provider.receiver.trim()) throw new AppError('providerFieldMissing', { field: 'receiver' });
  const chatId = telegramChatId(provider.receiver);
  if (chatId === null) {
    throw new AppError('providerFieldInvalid', { field: 'receiver', value: provider.receiver, detail: 'a chat id or @channel' });
  }
  const base = apiBase(provider.endpoint, TELEGRAM_API, options);
  const response = await fetchHidingUrl(outbound, `${base}/bot${token}/sendMessage`, `${base}/bot***/sendMessage`, {
    method: 'POST',
    body: { chat_id: chatId, text },
  });
  const answer = response.jsonObject();
  if (response.ok && answer.ok === true) return;
  const detail = typeof answer.description === 'string' ? answer.description : peerDetail(response);
  throw new AppError('notificationSendFailed', { detail });
}
