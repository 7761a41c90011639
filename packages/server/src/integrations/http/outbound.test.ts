import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-guard.js';
import { Outbound, type OutboundRequest } from './outbound.js';

/** The peer of these tests listens on loopback, which only the allowlist opens. */
const loopback = new Outbound(['127.0.0.1']);
const outboundFetch = (address: string, request?: OutboundRequest) => loopback.fetch(address, request);

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
        } else if (request.url === '/hop') {
          response.writeHead(302, { location: '/echo' }).end();
        } else if (request.url === '/loop') {
          response.writeHead(302, { location: '/loop' }).end();
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

  it('stops a call its caller cancels (a server shutting down), apart from a time-out', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(outboundFetch(`${base}/slow`, { signal: controller.signal, timeoutMs: 5000 })).rejects.toMatchObject({
      key: 'outboundCancelled',
      params: { url: `${base}/slow` },
    });
    await expect(outboundFetch(`${base}/echo`, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      key: 'outboundCancelled',
    });
  });

  it('refuses other schemes, oversize answers, slow peers, and redirects to internal addresses', async () => {
    await expect(outboundFetch('file:///etc/passwd')).rejects.toMatchObject({ key: 'outboundBadUrl' });
    await expect(outboundFetch('not a url')).rejects.toMatchObject({ key: 'outboundBadUrl' });
    await expect(outboundFetch(`${base}/big`, { maxBytes: 1000 })).rejects.toMatchObject({ key: 'outboundTooLarge' });
    await expect(outboundFetch(`${base}/slow`, { timeoutMs: 200 })).rejects.toMatchObject({ key: 'outboundTimeout' });
    await expect(outboundFetch(`${base}/redirect`)).rejects.toMatchObject({
      key: 'outboundAddressRefused',
      params: { address: '169.254.169.254' },
    });
    await expect(outboundFetch('http://127.0.0.1:1/')).rejects.toMatchObject({ key: 'outboundFailed' });
  });

  it('follows at most five redirects of a GET, and gives other methods the redirect as is', async () => {
    expect((await outboundFetch(`${base}/hop`)).json()).toMatchObject({ method: 'GET' });
    await expect(outboundFetch(`${base}/loop`)).rejects.toMatchObject({ key: 'outboundTooManyRedirects' });
    expect((await outboundFetch(`${base}/hop`, { method: 'POST', body: 'x' })).status).toBe(302);
  });

  it('refuses loopback, link-local, private and multicast targets, by address or by name, unless allowlisted', async () => {
    const closed = new Outbound([]);
    for (const address of [
      'http://127.0.0.1:9/',
      'http://[::1]:9/',
      'http://169.254.169.254/latest/',
      'http://10.1.2.3/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      await expect(closed.fetch(address), address).rejects.toMatchObject({ key: 'outboundAddressRefused' });
    }
    await expect(closed.fetch(`${base.replace('127.0.0.1', 'localhost')}/echo`)).rejects.toMatchObject({
      key: 'outboundAddressRefused',
    });
    expect((await new Outbound(['localhost']).fetch(`${base.replace('127.0.0.1', 'localhost')}/echo`)).status).toBe(200);
    expect((await new Outbound(['127.0.0.0/8']).fetch(`${base}/echo`)).status).toBe(200);
  });

  it('tells public addresses from internal ones', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '1.1.1.1']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
