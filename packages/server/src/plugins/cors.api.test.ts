import { beforeAll, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

const SPA = 'https://spa.example';
const EVIL = 'https://evil.example';

/**
 * Cross-origin reads (issue 15, point 4): only the sites of the applications' redirect URIs may
 * read the server's answers from the browser, and never with the session cookie; API answers are
 * never cached; browsers that came over TLS are told to stay on it.
 */
describeEachDatabase(
  'cross-origin reads and response headers',
  (server) => {
    let admin: ApiClient;

    beforeAll(async () => {
      admin = await signedInAdmin(server().url);
      const added = await admin.post('/api/add-application', {
        owner: 'admin',
        name: 'app-spa',
        organization: 'built-in',
        // A custom-scheme URI (a mobile app's) has no web origin.
        redirectUris: [`${SPA}/callback`, 'com.example.app:/callback'],
      });
      expect(added.status, added.msg).toBe('ok');
    });

    const preflight = (origin: string, path = '/api/login/oauth/access_token') =>
      fetch(`${server().url}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });

    it('lets the site of a redirect URI call the API from the browser, without the session cookie', async () => {
      const answer = await preflight(SPA);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(SPA);
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      expect(answer.headers.get('access-control-allow-headers')).toContain('Authorization');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('vary')).toContain('Origin');

      const read = await fetch(`${server().url}/api/get-account`, { headers: { origin: SPA } });
      expect(read.headers.get('access-control-allow-origin')).toBe(SPA);
      expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('gives any other site no CORS header, and answers its preflight without one', async () => {
      for (const origin of [EVIL, 'https://spa.example.evil.example', 'http://spa.example', 'null', 'com.example.app:']) {
        const answer = await preflight(origin);
        expect(answer.status, origin).toBe(204);
        expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
        const read = await fetch(`${server().url}/api/get-account`, { headers: { origin } });
        expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    });

    it('needs no CORS for the console’s own origin', async () => {
      const read = await fetch(`${server().url}/api/get-account`, { headers: { origin: server().url } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('follows the applications: a redirect URI taken away takes its site’s access with it', async () => {
      const app = (await admin.get('/api/get-application', { id: 'admin/app-spa' })).data as Record<string, unknown>;
      const updated = await admin.post(
        '/api/update-application',
        { ...app, redirectUris: ['https://other.example/callback'] },
        { id: 'admin/app-spa' },
      );
      expect(updated.status, updated.msg).toBe('ok');
      expect((await preflight(SPA)).headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight('https://other.example')).headers.get('access-control-allow-origin')).toBe('https://other.example');
    });

    it('marks API answers as not to be cached, and leaves the discovery documents cacheable', async () => {
      const account = await fetch(`${server().url}/api/get-account`);
      expect(account.headers.get('cache-control')).toBe('no-store');
      const discovery = await fetch(`${server().url}/.well-known/openid-configuration`);
      expect(discovery.headers.get('cache-control')).not.toBe('no-store');
      // The token endpoint's answers, a refusal too (RFC 6749 §5.1).
      const token = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=nobody&client_secret=wrong',
      });
      expect(token.status).toBe(401);
      expect(token.headers.get('cache-control')).toBe('no-store');
    });

    it('tells browsers that came over TLS (through a trusted proxy) to stay on it, and nobody else', async () => {
      const overTls = await fetch(`${server().url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000');
      const plain = await fetch(`${server().url}/api/health`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });
  },
  { trustProxy: true },
);
