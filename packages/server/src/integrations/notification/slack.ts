import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type ApiOptions, apiBase } from '../http/api-base.js';
import { peerDetail } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * "Slack": the Web API's chat.postMessage with a bot token, as Casdoor's notify-based provider.
 * Fields: clientSecret = the bot token (xoxb-...), receiver = the channel id or name (appId when
 * the receiver is empty); endpoint replaces https://slack.com (GovSlack, tests).
 * Slack answers HTTP 200 with {"ok": false, "error": "..."} when it refuses.
 */

export const SLACK_API = 'https://slack.com';

export async function sendSlackNotification(outbound: Outbound, provider: Provider, text: string, options: ApiOptions = {}) {
  const channel = provider.receiver.trim() || provider.appId.trim();
  if (!provider.clientSecret.trim()) throw new AppError('providerFieldMissing', { field: 'clientSecret' });
  if (!channel) throw new AppError('providerFieldMissing', { field: 'receiver' });
  const response = await outbound.fetch(`${apiBase(provider.endpoint, SLACK_API, options)}/api/chat.postMessage`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${provider.clientSecret.trim()}`,
      'content-type': 'application/json; charset=utf-8',
    },
    body: { channel, text },
  });
  const answer = response.jsonObject();
  if (response.ok && answer.ok === true) return;
  const detail = typeof answer.error === 'string' ? answer.error : peerDetail(response);
  throw new AppError('notificationSendFailed', { detail });
}
