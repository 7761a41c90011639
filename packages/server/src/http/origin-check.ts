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
 * Cookie-authenticated writes must come from our own pages: a request carrying the session cookie
 * whose Origin (or Sec-Fetch-Site) says another site sent it is refused. SameSite=Lax already keeps
 * the cookie off most cross-site requests; this also covers same-site subdomains and old browsers.
 */
export function isCrossSiteWrite(request: FastifyRequest, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (CROSS_SITE_FORM_ENDPOINTS.some((prefix) => request.url.startsWith(prefix))) return false;
  if (!request.cookies?.[SESSION_COOKIE]) return false;
  const origin = request.headers.origin;
  if (origin) {
    if (origin === 'null') return true;
    if (allowedOrigins.includes(origin)) return false;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return true;
    }
    const requestHost = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '');
    return host !== requestHost;
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}
