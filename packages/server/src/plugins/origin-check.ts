import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Endpoints that other sites post forms to by design and that change nothing with the cookie: the
 * SAML HTTP-POST binding's SSO endpoint only checks the request and redirects to the sign-in page;
 * the assertion consumer service only sends the browser on to the callback page.
 */
const CROSS_SITE_FORM_ENDPOINTS = ['/api/saml/redirect/', '/api/acs'];

/**
 * Endpoints that open a session in the browser. A foreign page posting to them would sign the
 * browser in to an account of the attacker's choosing (login CSRF), so they are held to the same
 * origin rule as cookie-authenticated writes even when no cookie comes with them.
 */
const SESSION_OPENING_ENDPOINTS = new Set(['/api/login', '/api/signup', '/api/webauthn/signin/finish']);

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The origin (scheme://host:port) of a URL, or null when it is not one. */
function originOfUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** Whether `origin` is this server's own (or one of the configured origins). */
export function isOwnOrigin(request: FastifyRequest, origin: string, allowedOrigins: string[]): boolean {
  if (allowedOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const requestHost = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '');
  return host === requestHost;
}

/**
 * Cookie-authenticated writes, and sign-ins, must come from our own pages: a request whose Origin
 * (or, without one, its Referer or Sec-Fetch-Site) says another site sent it is refused. SameSite=Lax
 * already keeps the cookie off most cross-site requests; this also covers same-site subdomains, old
 * browsers and the sign-in itself, which carries no cookie yet. Clients that are not browsers (SDKs,
 * curl) send none of these headers and are not affected.
 */
export function isCrossSiteWrite(request: FastifyRequest, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const path = pathOf(request.url);
  if (CROSS_SITE_FORM_ENDPOINTS.some((prefix) => path.startsWith(prefix))) return false;
  if (!request.cookies?.[SESSION_COOKIE] && !SESSION_OPENING_ENDPOINTS.has(path)) return false;
  const origin = request.headers.origin;
  if (origin) return origin === 'null' || !isOwnOrigin(request, origin, allowedOrigins);
  const referer = request.headers.referer;
  if (referer) {
    const refererOrigin = originOfUrl(referer);
    return !refererOrigin || !isOwnOrigin(request, refererOrigin, allowedOrigins);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}
