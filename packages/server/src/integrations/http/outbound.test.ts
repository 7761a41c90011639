import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch } from './outbound.js';

describe('outbound calls', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        if (request.url === '/echo') {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ method: request.method, type: request.headers['content-type'], body }));
        } else if (request.url === '/big') {
          response.end('x'.repeat(5000));
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 2000);
        } else if (request.url === '/redirect') {
          response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        } else {
          response.writeHead(500).end('broken');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('sends JSON, form and text bodies and reads the answer', async () => {
    const json = await outboundFetch(`${base}/echo`, { body: { a: 1 } });
    expect(json.json()).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
    const form = await outboundFetch(`${base}/echo`, { method: 'PUT', body: new URLSearchParams({ a: 'b c' }) });
    expect(form.json()).toEqual({ method: 'PUT', type: 'application/x-www-form-urlencoded', body: 'a=b+c' });
    const error = await outboundFetch(`${base}/nope`);
    expect(error).toMatchObject({ status: 500, ok: false, text: 'broken' });
  });

  it('refuses other schemes, oversize answers and slow peers, and does not follow redirects', async () => {
    await expect(outboundFetch('file:///etc/passwd')).rejects.toMatchObject({ key: 'outboundBadUrl' });
    await expect(outboundFetch('not a url')).rejects.toMatchObject({ key: 'outboundBadUrl' });
    await expect(outboundFetch(`${base}/big`, { maxBytes: 1000 })).rejects.toMatchObject({ key: 'outboundTooLarge' });
    await expect(outboundFetch(`${base}/slow`, { timeoutMs: 200 })).rejects.toMatchObject({ key: 'outboundTimeout' });
    expect((await outboundFetch(`${base}/redirect`)).status).toBe(302);
    await expect(outboundFetch('http://127.0.0.1:1/')).rejects.toMatchObject({ key: 'outboundFailed' });
  });
});
