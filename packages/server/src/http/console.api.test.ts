import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

/** The server hosts the built console: assets, index.html for console routes, never for the API. */
describe('console hosting', () => {
  let server: TestServer;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-web-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Gatehouse</title><div id="root" data-entry="console"></div>',
    );
    fs.writeFileSync(
      path.join(webRoot, 'signin.html'),
      '<!doctype html><title>Gatehouse</title><div id="root" data-entry="signin"></div>',
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
    // The build writes compressed copies beside each text file.
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-def456.js'), big);
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-def456.js.gz'), zlib.gzipSync(big));
    server = await startTestServer('sqlite', { webRoot });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers console routes with index.html and sign-in routes with signin.html, not cached, with the security headers', async () => {
    const routes: [string, 'console' | 'signin'][] = [
      ['/', 'console'],
      ['/organizations', 'console'],
      ['/users/built-in/admin', 'console'],
      ['/apps', 'console'],
      ['/mfa/setup', 'console'],
      ['/login', 'signin'],
      ['/login/', 'signin'],
      ['/login/built-in', 'signin'],
      ['/login/oauth/authorize?client_id=x&redirect_uri=https%3A%2F%2Fa.example%2F', 'signin'],
      ['/login/saml/authorize/admin/app-built-in?SAMLRequest=x', 'signin'],
      ['/signup/app-built-in', 'signin'],
      ['/forget', 'signin'],
      ['/callback?code=x&state=y', 'signin'],
      ['/cas/built-in/app-built-in/login', 'signin'],
      ['/cas/o/a/logout', 'signin'],
      // As the CAS server's clients send them: the service (and flags) in the query.
      ['/cas/built-in/app-built-in/login?service=https%3A%2F%2Fapp.example%2Fcas%3Fx%3D1&renew=true', 'signin'],
      ['/cas/o/a/logout?service=https%3A%2F%2Fapp.example%2F', 'signin'],
      // Deeper than any sign-in route: the console's (its 404 page).
      ['/login/a/b/c', 'console'],
    ];
    for (const [route, entry] of routes) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain(`data-entry="${entry}"`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    expect((await fetch(`${server.url}/organizations`, { method: 'HEAD' })).status).toBe(200);
  });

  it('serves hashed assets for a year and answers a missing asset with 404', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.url}/assets/app-old999.js`)).status).toBe(404);
    // A file built after the server started is served too (files are looked up when asked for).
    fs.writeFileSync(path.join(webRoot, 'assets', 'late-777.js'), 'console.log(2)');
    expect((await fetch(`${server.url}/assets/late-777.js`)).status).toBe(200);
  });

  it('serves none of the build’s own records (dot folders)', async () => {
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/assets/../.vite/manifest.json`)).status).toBe(404);
  });

  it('sends the compressed copy the browser accepts, and the plain file otherwise', async () => {
    const url = `${server.url}/assets/big-def456.js`;
    const plain = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      // Node's fetch decodes the body; the headers tell what travelled.
      const response = await fetch(url, { headers: { 'accept-encoding': accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text(), accept).toBe(plain);
    }
  });

  it('never answers API or protocol paths with the console', async () => {
    for (const route of ['/api/nope', '/.well-known/nope', '/cas/x/y/nope']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.json()).toMatchObject({ status: 'error', code: 'notFound' });
    }
    const post = await fetch(`${server.url}/organizations`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('sends JSON answers without the HTML headers', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
