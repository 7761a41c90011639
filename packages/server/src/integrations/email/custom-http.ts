import type { Provider } from '@gatehouse/entities';
import { customHttpContentType, customHttpMethod, sendCustomHttp } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * Casdoor's "Custom HTTP Email": the message goes to `endpoint` with `method` (POST by default) as
 * four named parameters. `userMapping` renames them (fromName, toAddress, subject, content are both
 * the keys and the default names); `httpHeaders` are added; the body's content type is kept in
 * `issuerUrl` (form-encoded by default, or application/json).
 */

export const CUSTOM_HTTP_EMAIL_PARAMS = ['fromName', 'toAddress', 'subject', 'content'] as const;

export interface CustomHttpEmail {
  fromName: string;
  toAddress: string;
  subject: string;
  content: string;
}

export async function sendCustomHttpEmail(outbound: Outbound, provider: Provider, email: CustomHttpEmail) {
  const mapping: Record<string, string | undefined> = provider.userMapping;
  const params: Record<string, string> = {};
  for (const key of CUSTOM_HTTP_EMAIL_PARAMS) params[mapping[key]?.trim() || key] = email[key];
  await sendCustomHttp(
    outbound,
    {
      endpoint: provider.endpoint,
      method: customHttpMethod(provider.method, 'POST'),
      contentType: customHttpContentType(provider.issuerUrl),
      headers: provider.httpHeaders,
      params,
    },
    'emailSendFailed',
  );
}
