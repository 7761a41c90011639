import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/accounts.js';
import { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * Ticket attacks on the CAS server, over HTTP (issue 15, point 5): a service or proxy ticket is
 * redeemed once, by one validation endpoint, for the one service and application it was issued
 * for; a replay at the same or at any other endpoint, for another service, at another application's
 * path, or of a ticket of another kind is refused, and a refused attempt spends the ticket.
 */

/** The validation endpoints (samlValidate is a SOAP POST); which accept proxy tickets. */
const ENDPOINTS = [
  { path: 'validate', proxy: false },
  { path: 'serviceValidate', proxy: false },
  { path: 'p3/serviceValidate', proxy: false },
  { path: 'proxyValidate', proxy: true },
  { path: 'p3/proxyValidate', proxy: true },
  { path: 'samlValidate', proxy: true },
] as const;
type Endpoint = (typeof ENDPOINTS)[number]['path'];

/** A loopback service that receives proxy-granting tickets at /pgtCallback. */
function startReceiver() {
  const pgts = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const iou = url.searchParams.get('pgtIou');
    if (url.pathname === '/pgtCallback' && iou) pgts.set(iou, String(url.searchParams.get('pgtId')));
    res.writeHead(200).end('ok');
  });
  return {
    pgts,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const soap = (ticket: string) =>
  `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>` +
  `<samlp:Request xmlns:samlp="urn:oasis:names:tc:SAML:1.0:protocol" MajorVersion="1" MinorVersion="1" RequestID="_r" IssueInstant="2024-01-01T00:00:00Z">` +
  `<samlp:AssertionArtifact>${ticket}</samlp:AssertionArtifact></samlp:Request></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

describeEachDatabase('attacks on the CAS server', (server) => {
  const receiver = startReceiver();
  let origin = '';
  const APP = 'cas-atk';
  const OTHER = 'cas-atk-other';
  const service = () => `${origin}/app?lang=en`;
  const backend = () => `${origin}/backend`;
  const pgtUrl = () => `${origin}/pgtCallback`;
  const pathOf = (app = APP) => `${server().url}/cas/built-in/${app}`;
  let attempts = 0;

  let signedIn: ApiClient | undefined;

  beforeAll(async () => {
    origin = await receiver.listen();
    const admin = await signedInAdmin(server().url);
    const user = await admin.post('/api/add-user', { owner: 'built-in', name: 'cas-atk-user', password: 'cas-atk-pass' });
    expect(user.status, user.msg).toBe('ok');
    for (const name of [APP, OTHER]) {
      const added = await admin.post('/api/add-application', {
        owner: 'admin',
        name,
        organization: 'built-in',
        cert: 'cert-built-in',
        enablePassword: true,
        redirectUris: [`${origin}/app`, `${origin}/backend`, `${origin}/pgtCallback`],
      });
      expect(added.status, added.msg).toBe('ok');
    }
  });
  afterAll(() => receiver.close());

  /**
   * A service ticket from the sign-in page's calls for a person signed in to the console (the page
   * passes the session instead of asking the password again; no password hash per ticket).
   */
  async function serviceTicket(forService = service(), app = APP): Promise<string> {
    if (!signedIn) {
      signedIn = new ApiClient(server().url);
      expect((await signedIn.login('cas-atk-user', 'cas-atk-pass')).status).toBe('ok');
    }
    const login = await signedIn.post(
      '/api/login',
      { type: 'cas', application: app, organization: 'built-in' },
      { service: forService },
    );
    if (login.status !== 'ok') throw new Error(login.msg);
    return String(login.data);
  }

  /** Validates `ticket` for `forService` at `endpoint`: whether the server vouched for the user. */
  async function validates(endpoint: Endpoint, ticket: string, forService: string, app = APP): Promise<boolean> {
    attempts += 1;
    if (endpoint === 'samlValidate') {
      const url = new URL(`${pathOf(app)}/samlValidate`);
      url.searchParams.set('TARGET', forService);
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: soap(ticket) });
      const text = await response.text();
      const ok = text.includes('Value="samlp:Success"');
      expect(ok || text.includes('samlp:Requester') || text.includes('samlp:Responder'), text).toBe(true);
      return ok && text.includes('cas-atk-user');
    }
    const url = new URL(`${pathOf(app)}/${endpoint}`);
    url.searchParams.set('ticket', ticket);
    url.searchParams.set('service', forService);
    const text = await (await fetch(url)).text();
    if (endpoint === 'validate') {
      expect(['yes\ncas-atk-user\n', 'no\n']).toContain(text);
      return text.startsWith('yes');
    }
    const ok = text.includes('<cas:authenticationSuccess>');
    expect(ok || text.includes('<cas:authenticationFailure'), text).toBe(true);
    return ok;
  }

  /** A proxy ticket for the back-end, through a proxy-granting ticket delivered to the callback. */
  async function proxyTicket(target = backend()): Promise<string> {
    const st = await serviceTicket();
    const url = new URL(`${pathOf()}/serviceValidate`);
    url.search = new URLSearchParams({ ticket: st, service: service(), pgtUrl: pgtUrl() }).toString();
    const iou = /<cas:proxyGrantingTicket>([^<]+)</.exec(await (await fetch(url)).text())?.[1] ?? '';
    const pgt = receiver.pgts.get(iou);
    if (!pgt) throw new Error('no proxy-granting ticket');
    const proxy = new URL(`${pathOf()}/proxy`);
    proxy.search = new URLSearchParams({ pgt, targetService: target }).toString();
    const pt = /<cas:proxyTicket>([^<]+)</.exec(await (await fetch(proxy)).text())?.[1];
    if (!pt) throw new Error('no proxy ticket');
    return pt;
  }

  describe('service tickets', () => {
    it('validate once at each endpoint; a replay at the same or any other endpoint is refused', async () => {
      for (const first of ENDPOINTS) {
        const ticket = await serviceTicket();
        expect(await validates(first.path, ticket, service()), first.path).toBe(true);
        for (const again of ENDPOINTS)
          expect(await validates(again.path, ticket, service()), `${first.path} → ${again.path}`).toBe(false);
      }
    });

    for (const endpoint of ENDPOINTS) {
      it(`issued for service A are refused for service B at ${endpoint.path}, and the attempt spends them`, async () => {
        const a = service();
        const variants = [
          backend(), // another registered service of the application
          `${origin}/app`, // the same path without the query
          `${origin}/app?lang=de`, // the same path, another query
          `${origin}/app/?lang=en`,
          `${origin}/App?lang=en`,
          `${a}&x=1`,
          `${a}#frag`,
          encodeURIComponent(encodeURIComponent(a)),
          `http://evil@${a.slice('http://'.length)}`,
          `${origin.replace('127.0.0.1', 'localhost')}/app?lang=en`,
          'https://evil.example/app?lang=en',
        ];
        for (const b of variants) {
          const ticket = await serviceTicket(a);
          expect(await validates(endpoint.path, ticket, b), b).toBe(false);
          expect(await validates(endpoint.path, ticket, a), `${b}, then A`).toBe(false);
        }
      });
    }

    it("are refused at another application's path and as tickets of another kind", async () => {
      for (const endpoint of ENDPOINTS) {
        const ticket = await serviceTicket();
        expect(await validates(endpoint.path, ticket, service(), OTHER), endpoint.path).toBe(false);
        expect(await validates(endpoint.path, ticket, service()), `${endpoint.path}, spent`).toBe(false);
        const fresh = await serviceTicket();
        // The same random part under another prefix, or altered, is no ticket.
        for (const forged of [
          `PT-${fresh.slice(3)}`,
          `PGT-${fresh.slice(3)}`,
          `${fresh}x`,
          fresh.slice(0, -1),
          fresh.toLowerCase(),
        ]) {
          expect(await validates(endpoint.path, forged, service()), `${endpoint.path}: ${forged}`).toBe(false);
        }
        expect(await validates(endpoint.path, fresh, service()), `${endpoint.path}: the genuine one still works`).toBe(true);
      }
    });

    it('of concurrent validations at different endpoints, exactly one succeeds', async () => {
      const ticket = await serviceTicket();
      const answers = await Promise.all(ENDPOINTS.map((endpoint) => validates(endpoint.path, ticket, service())));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('proxy tickets and proxy-granting tickets', () => {
    it('a proxy ticket validates once at each proxy endpoint; replays anywhere are refused', async () => {
      for (const first of ENDPOINTS.filter((e) => e.proxy)) {
        const pt = await proxyTicket();
        expect(await validates(first.path, pt, backend()), first.path).toBe(true);
        for (const again of ENDPOINTS)
          expect(await validates(again.path, pt, backend()), `${first.path} → ${again.path}`).toBe(false);
      }
    });

    it('a proxy ticket is refused where service tickets only are taken, for another service, and at another path', async () => {
      for (const endpoint of ENDPOINTS.filter((e) => !e.proxy)) {
        expect(await validates(endpoint.path, await proxyTicket(), backend()), endpoint.path).toBe(false);
      }
      for (const endpoint of ENDPOINTS.filter((e) => e.proxy)) {
        const pt = await proxyTicket();
        expect(await validates(endpoint.path, pt, service()), `${endpoint.path}: for the front service`).toBe(false);
        expect(await validates(endpoint.path, pt, backend()), `${endpoint.path}: spent`).toBe(false);
        expect(await validates(endpoint.path, await proxyTicket(), backend(), OTHER), `${endpoint.path}: other app`).toBe(false);
      }
    });

    it('a proxy-granting ticket or its IOU is never a service or proxy ticket', async () => {
      const st = await serviceTicket();
      const url = new URL(`${pathOf()}/serviceValidate`);
      url.search = new URLSearchParams({ ticket: st, service: service(), pgtUrl: pgtUrl() }).toString();
      const iou = /<cas:proxyGrantingTicket>([^<]+)</.exec(await (await fetch(url)).text())?.[1] ?? '';
      const pgt = receiver.pgts.get(iou) ?? '';
      expect(pgt).toMatch(/^PGT-/);
      for (const endpoint of ENDPOINTS) {
        for (const ticket of [pgt, iou, `ST-${pgt.slice(4)}`, `PT-${pgt.slice(4)}`]) {
          expect(await validates(endpoint.path, ticket, service()), `${endpoint.path}: ${ticket.slice(0, 8)}`).toBe(false);
          expect(await validates(endpoint.path, ticket, backend()), `${endpoint.path}: ${ticket.slice(0, 8)}`).toBe(false);
        }
      }
      // A service ticket cannot grant proxy tickets, and the PGT works at its own application's path only.
      const proxy = async (ticket: string, app = APP) => {
        const u = new URL(`${pathOf(app)}/proxy`);
        u.search = new URLSearchParams({ pgt: ticket, targetService: backend() }).toString();
        return (await (await fetch(u)).text()).includes('<cas:proxySuccess>');
      };
      expect(await proxy(await serviceTicket())).toBe(false);
      expect(await proxy(pgt, OTHER)).toBe(false);
      expect(await proxy(iou)).toBe(false);
      expect(await proxy(pgt)).toBe(true);
    });
  });

  it('counts the validation attempts made', () => {
    // Reported in docs/security.md's figures: every attempt above but the genuine first validations was an attack.
    expect(attempts).toBeGreaterThan(0);
    console.info(`CAS: ${attempts} validation requests`);
  });
});
