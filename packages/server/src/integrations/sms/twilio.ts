import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type ApiOptions, apiBase } from '../http/api-base.js';
import { peerDetail } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * "Twilio SMS": Twilio's REST API, POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP
 * Basic AccountSid:AuthToken and the form fields To, From (or MessagingServiceSid) and Body.
 * Fields as in Casdoor: clientId = Account SID, clientSecret = Auth token, appId = the sender (a
 * Twilio number in E.164, or a Messaging Service SID "MG..."), templateCode = the text, its %s
 * replaced by the code (the code alone when the template has no %s).
 */

export const TWILIO_API = 'https://api.twilio.com';

/** The message text: the template with its first %s replaced by the code, else the code. */
export function twilioBody(template: string, code: string): string {
  return template.includes('%s') ? template.replace('%s', () => code) : code;
}

/** The form Twilio receives. */
export function twilioForm(provider: Provider, to: string, code: string): URLSearchParams {
  const sender = provider.appId.trim();
  const form = new URLSearchParams({ To: to, Body: twilioBody(provider.templateCode, code) });
  if (/^MG[0-9a-f]{32}$/i.test(sender)) form.set('MessagingServiceSid', sender);
  else form.set('From', sender);
  return form;
}

export async function sendTwilioSms(
  outbound: Outbound,
  provider: Provider,
  message: { to: string; code: string },
  options: ApiOptions = {},
) {
  for (const field of ['clientId', 'clientSecret', 'appId'] as const) {
    if (!provider[field].trim()) throw new AppError('providerFieldMissing', { field });
  }
  const sid = provider.clientId.trim();
  const base = apiBase(provider.endpoint, TWILIO_API, options);
  const response = await outbound.fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${sid}:${provider.clientSecret}`).toString('base64')}` },
    body: twilioForm(provider, message.to, message.code),
  });
  if (response.ok) return;
  const answer = response.jsonObject();
  const code = typeof answer.code === 'number' ? answer.code : response.status;
  const detail = typeof answer.message === 'string' && answer.message ? `${code}: ${answer.message}` : peerDetail(response);
  throw new AppError('smsSendFailed', { detail });
}
