import type { Provider } from '@gatehouse/entities';
import { customHttpContentType, customHttpMethod, sendCustomHttp } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * Casdoor's "Custom HTTP SMS": `endpoint` receives the number and the text with `method` (GET by
 * default, as the console sets it). The number's parameter is `phoneNumber` and the text's is
 * `title` (the console's default is "code"); `userMapping` may rename both (keys phoneNumber and
 * content). The text is `templateCode` with its %s replaced by the code (the code alone when it has
 * no %s). `httpHeaders` are added; the body's content type is kept in `issuerUrl`.
 */

/** The text sent: the template with its first %s replaced by the code, else the code. */
export function customSmsText(template: string, code: string): string {
  return template.includes('%s') ? template.replace('%s', () => code) : code;
}

export async function sendCustomHttpSms(outbound: Outbound, provider: Provider, message: { to: string; code: string }) {
  const mapping: Record<string, string | undefined> = provider.userMapping;
  const phoneField = mapping.phoneNumber?.trim() || 'phoneNumber';
  const contentField = mapping.content?.trim() || provider.title.trim() || 'code';
  await sendCustomHttp(
    outbound,
    {
      endpoint: provider.endpoint,
      method: customHttpMethod(provider.method, 'GET'),
      contentType: customHttpContentType(provider.issuerUrl),
      headers: provider.httpHeaders,
      params: { [phoneField]: message.to, [contentField]: customSmsText(provider.templateCode, message.code) },
    },
    'smsSendFailed',
  );
}
