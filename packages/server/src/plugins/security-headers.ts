import type { FastifyInstance } from 'fastify';
import { CAPTCHA_WIDGET_SOURCES as CAPTCHA } from '../integrations/captcha/remote.js';

/**
 * Security headers for the console's HTML, computed once. JSON API answers only get nosniff: a
 * content security policy means nothing to them, and building one per response (as generic
 * middleware does) halves the API's throughput.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "img-src 'self' data: https: http:",
  // The captcha vendors' widgets (sign-in pages of applications with a remote captcha).
  ["style-src 'self' 'unsafe-inline'", ...CAPTCHA.style].join(' '),
  ["script-src 'self'", ...CAPTCHA.script].join(' '),
  ["frame-src 'self'", ...CAPTCHA.frame].join(' '),
  ["connect-src 'self'", ...CAPTCHA.connect].join(' '),
  "font-src 'self' data:",
  "object-src 'none'",
  "form-action 'self' https: http:",
  "frame-ancestors 'self'",
].join('; ');

const HTML_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
};

/** Browsers that reached us over TLS come back over TLS only, for a year (behind a proxy: TRUST_PROXY). */
const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      // A response with a policy of its own (a stored HTML file's sandbox) keeps it.
      const own = reply.getHeader('content-security-policy');
      reply.headers(HTML_HEADERS);
      if (own) reply.header('content-security-policy', own);
    } else {
      reply.header('x-content-type-options', 'nosniff');
      // API answers are one person's data (accounts, tokens, codes): never kept by a cache.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
