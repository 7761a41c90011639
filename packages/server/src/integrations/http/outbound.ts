import { AppError } from '../../errors.js';

/**
 * Calls Gatehouse makes to services an administrator configured (providers' APIs and webhooks,
 * metadata documents, captcha verification ...). Every such call goes through `outboundFetch`:
 * http and https only, a time limit, a cap on the answer's size, and redirects not followed
 * (a redirect is answered as is), so that a misconfigured or hostile address cannot hang a request
 * or fill the memory.
 */

/** Time a call may take, headers and body included. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Largest answer read. */
export const OUTBOUND_MAX_BYTES = 1024 * 1024;

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers?: Record<string, string>;
  /** A string (sent as is), URLSearchParams (form-encoded) or an object (sent as JSON). */
  body?: string | URLSearchParams | Record<string, unknown> | unknown[];
  timeoutMs?: number;
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  /** The body as text (UTF-8), at most maxBytes. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: () => unknown;
  ok: boolean;
}

/** The URL if it is an absolute http(s) address, else an AppError naming the problem. */
export function outboundUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError('outboundBadUrl', { url: address });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('outboundBadUrl', { url: address });
  return url;
}

async function readLimited(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('outboundTooLarge', { url, limit: maxBytes });
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('outboundTooLarge', { url, limit: maxBytes });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Calls `address` under the outbound rules. Network failures, time-outs and oversize answers
 * become AppErrors whose message names the address; an HTTP error status is returned, not thrown.
 */
export async function outboundFetch(address: string, request: OutboundRequest = {}): Promise<OutboundResponse> {
  const url = outboundUrl(address);
  const headers: Record<string, string> = { 'user-agent': 'Gatehouse', ...request.headers };
  let body: string | undefined;
  if (request.body instanceof URLSearchParams) {
    body = request.body.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (typeof request.body === 'string') {
    body = request.body;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const timeoutMs = request.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  let response: Response;
  let text: string;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
      signal,
    });
    text = await readLimited(response, request.maxBytes ?? OUTBOUND_MAX_BYTES, url.toString());
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw new AppError('outboundTimeout', { url: url.toString(), seconds: timeoutMs / 1000 });
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new AppError('outboundFailed', { url: url.toString(), detail: cause });
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    ok: response.status >= 200 && response.status < 300,
    json: () => {
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    },
  };
}
