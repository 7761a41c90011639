import { CUSTOM_HTTP_CONTENT_TYPES, isOneOf } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type Outbound, type OutboundResponse, outboundUrl } from './outbound.js';

/**
 * The request of Casdoor's "custom HTTP" providers (e-mail, SMS, notification): named parameters
 * in the query for GET, in a form-encoded or JSON body for POST, PUT and DELETE, plus the
 * provider's own headers. Any 2xx answer is success; anything else is an error naming the status.
 */

export type CustomHttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CustomHttpContentType = (typeof CUSTOM_HTTP_CONTENT_TYPES)[number];

export interface CustomHttpRequest {
  endpoint: string;
  method: CustomHttpMethod;
  contentType: CustomHttpContentType;
  headers: Record<string, string>;
  params: Record<string, string>;
}

/** The method a provider stored, upper-cased; an empty one is `fallback`; others are refused. */
export function customHttpMethod(stored: string | undefined, fallback: CustomHttpMethod): CustomHttpMethod {
  const method = (stored ?? '').trim().toUpperCase() || fallback;
  if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE') return method;
  throw new AppError('providerFieldInvalid', { field: 'method', value: stored ?? '', detail: 'GET, POST, PUT or DELETE' });
}

/**
 * The body's content type. Casdoor keeps it in the provider's `issuerUrl` field for the custom HTTP
 * types (its console labels that field "Content type"); form encoding is the default.
 */
export function customHttpContentType(stored: string | undefined): CustomHttpContentType {
  const value = (stored ?? '').trim().toLowerCase();
  return isOneOf(CUSTOM_HTTP_CONTENT_TYPES, value) ? value : 'application/x-www-form-urlencoded';
}

/** A peer's answer shortened for an error message (no markup floods, no multi-kilobyte pages). */
export function peerDetail(response: OutboundResponse): string {
  const text = response.text.replace(/\s+/g, ' ').trim();
  const short = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return short ? `HTTP ${response.status}: ${short}` : `HTTP ${response.status}`;
}

/** Sends the request; resolves on a 2xx answer, else throws `failure` with the peer's status. */
export async function sendCustomHttp(
  outbound: Outbound,
  request: CustomHttpRequest,
  failure: 'emailSendFailed' | 'smsSendFailed' | 'notificationSendFailed',
) {
  if (!request.endpoint.trim()) throw new AppError('providerFieldMissing', { field: 'endpoint' });
  const target = outboundUrl(request.endpoint.trim());
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (request.method === 'GET') {
    for (const [name, value] of Object.entries(request.params)) target.searchParams.append(name, value);
  } else if (request.contentType === 'application/json') {
    body = JSON.stringify(request.params);
    headers['content-type'] = 'application/json';
  } else {
    body = new URLSearchParams(request.params).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  // The provider's headers come last, as in Casdoor: they may replace the content type.
  for (const [name, value] of Object.entries(request.headers)) if (name.trim()) headers[name.trim().toLowerCase()] = value;
  const response = await outbound.fetch(target.toString(), { method: request.method, headers, body });
  if (!response.ok) throw new AppError(failure, { detail: peerDetail(response) });
  return response;
}
