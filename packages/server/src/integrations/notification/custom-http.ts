import type { Provider } from '@gatehouse/entities';
import { customHttpMethod, sendCustomHttp } from '../http/custom-http.js';
import type { Outbound } from '../http/outbound.js';

/**
 * Casdoor's "Custom HTTP" notification: the text goes to `endpoint` (Casdoor keeps the address in
 * `receiver`; either works, endpoint first) with `method` (GET by default, as the console sets it)
 * as one parameter named by `title` ("content" when empty), in the query for GET and form-encoded
 * otherwise. `httpHeaders` are added.
 */
export async function sendCustomHttpNotification(outbound: Outbound, provider: Provider, text: string) {
  await sendCustomHttp(
    outbound,
    {
      endpoint: provider.endpoint.trim() || provider.receiver.trim(),
      method: customHttpMethod(provider.method, 'GET'),
      contentType: 'application/x-www-form-urlencoded',
      headers: provider.httpHeaders,
      params: { [provider.title.trim() || 'content']: text },
    },
    'notificationSendFailed',
  );
}
