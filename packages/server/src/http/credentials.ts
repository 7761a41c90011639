import type { FastifyRequest } from 'fastify';
import { isJsonObject } from './params.js';

/**
 * OAuth parameters as the wire format reads them: the query string, then a form-urlencoded,
 * multipart or JSON body (Casdoor's SDKs post JSON to the token endpoint). Body values win.
 */
export function oauthParams(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (source: unknown) => {
    if (!isJsonObject(source)) return;
    for (const [k, v] of Object.entries(source)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  };
  add(request.query);
  add(request.body);
  return out;
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded then base64). */
export function basicCredentials(request: FastifyRequest): { clientId: string; clientSecret: string } | null {
  const header = request.headers.authorization ?? '';
  if (!/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const formDecode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
}

/** A bearer token from the Authorization header (or the access_token parameter). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^(?:bearer|dpop) (.+)$/i.exec(header);
  if (match?.[1]) return match[1].trim();
  const params = oauthParams(request);
  return params.access_token || params.accessToken || null;
}
