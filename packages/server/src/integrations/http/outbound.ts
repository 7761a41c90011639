import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';
import { OutboundAllowlist, type ResolvedAddress, resolveOutboundHost } from './address-guard.js';

/**
 * Calls Gatehouse makes to services an administrator configured (providers' APIs and webhooks,
 * metadata documents, captcha verification ...). Every such call goes through a server's
 * `Outbound` (ctx.services.outbound, below), built from its OUTBOUND_ALLOWLIST: http and https
 * only; the host's addresses checked (address-guard.ts: no loopback, link-local, private or
 * multicast target unless the allowlist allows it) and the connection made to the checked address;
 * a time limit and a cap on the answer's size; GETs follow at most 5 redirects, each target checked
 * again (other methods get a redirect as is). So a misconfigured or hostile address can neither
 * reach the server's own network nor hang a request or fill the memory. Connections of other
 * protocols (SMTP, LDAP, databases, SSH, S3) go to the address `Outbound.resolveHost` checked.
 */

/** Time a call may take, headers and body included. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Largest answer read. */
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
/** Redirects a GET follows. */
export const OUTBOUND_MAX_REDIRECTS = 5;

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers?: Record<string, string>;
  /** A string (sent as is), URLSearchParams (form-encoded) or an object (sent as JSON). */
  body?: string | URLSearchParams | Record<string, unknown> | unknown[];
  timeoutMs?: number;
  maxBytes?: number;
  /** Cancels the call (a server shutting down); it then fails with outboundCancelled. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  /** The body as text (UTF-8), at most maxBytes. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: () => unknown;
  /** The body's JSON object, or an empty one when the body is not a JSON object (its fields are unknowns to check). */
  jsonObject: () => Record<string, unknown>;
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

/** A lookup that answers the address checked before the connection (no second resolution). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  maxBytes: number;
}

/** One request to a checked address; the answer read up to `maxBytes`. */
async function send(allowlist: OutboundAllowlist, hop: Hop): Promise<{ status: number; headers: Headers; text: string }> {
  const shown = hop.url.toString();
  const target = await resolveOutboundHost(allowlist, hop.url.hostname, shown);
  const tooLarge = () => new AppError('outboundTooLarge', { url: shown, limit: hop.maxBytes });
  return new Promise((resolve, reject) => {
    const transport = hop.url.protocol === 'https:' ? https : http;
    const request = transport.request(
      hop.url,
      { method: hop.method, headers: hop.headers, signal: hop.signal, lookup: pinnedLookup(target) },
      (response) => {
        if (Number(response.headers['content-length'] ?? '0') > hop.maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > hop.maxBytes) {
            response.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: headersOf(response.headers),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (hop.body !== undefined) request.write(hop.body);
    request.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Calls `address` under the outbound rules and `allowlist`. Network failures, time-outs and
 * oversize answers become AppErrors whose message names the address; an HTTP error status is
 * returned, not thrown.
 */
async function outboundFetch(
  allowlist: OutboundAllowlist,
  address: string,
  request: OutboundRequest = {},
): Promise<OutboundResponse> {
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
  const maxBytes = request.maxBytes ?? OUTBOUND_MAX_BYTES;
  const method = request.method ?? (body === undefined ? 'GET' : 'POST');
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let hop: Hop = { url, method, headers, body, signal, maxBytes };
  let response: { status: number; headers: Headers; text: string };
  try {
    for (let redirects = 0; ; redirects++) {
      response = await send(allowlist, hop);
      const location = response.headers.get('location');
      // GETs follow redirects (each target checked like the first); other methods get them as is.
      if (method !== 'GET' || !REDIRECTS.has(response.status) || !location) break;
      if (redirects === OUTBOUND_MAX_REDIRECTS)
        throw new AppError('outboundTooManyRedirects', { url: url.toString(), max: OUTBOUND_MAX_REDIRECTS });
      hop = { ...hop, url: outboundUrl(new URL(location, hop.url).toString()) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (request.signal?.aborted) throw new AppError('outboundCancelled', { url: hop.url.toString() });
    if (timeout.aborted) throw new AppError('outboundTimeout', { url: hop.url.toString(), seconds: timeoutMs / 1000 });
    throw new AppError('outboundFailed', { url: hop.url.toString(), detail: error instanceof Error ? error.message : 'failed' });
  }
  const text = response.text;
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
    jsonObject: () => {
      try {
        const parsed: unknown = JSON.parse(text);
        return isJsonObject(parsed) ? parsed : {};
      } catch {
        return {};
      }
    },
  };
}

/**
 * The one way out of a server (ctx.services.outbound): its allowlist (OUTBOUND_ALLOWLIST), read
 * by every call. Integrations take it from their caller, who takes it from the context.
 */
export class Outbound {
  readonly #allowlist: OutboundAllowlist;

  /** Entries: host names, addresses or CIDR ranges the server may call although they are internal. */
  constructor(allowlist: readonly string[]) {
    this.#allowlist = new OutboundAllowlist(allowlist);
  }

  /** Calls `address` under the outbound rules (above). */
  fetch(address: string, request: OutboundRequest = {}): Promise<OutboundResponse> {
    return outboundFetch(this.#allowlist, address, request);
  }

  /** The checked address to connect to for `host` (another protocol than HTTP); `shownAs` names it in errors. */
  resolveHost(host: string, shownAs: string): Promise<ResolvedAddress> {
    return resolveOutboundHost(this.#allowlist, host, shownAs);
  }
}

declare module '../../context.js' {
  interface ServerServices {
    /** The guarded outbound client, with the server's allowlist (integrations/http/outbound.ts). */
    readonly outbound: Outbound;
  }
}
