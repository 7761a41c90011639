import http from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { ticketHash } from './tickets.js';

/**
 * The CAS server end to end over HTTP: the sign-in page's calls (get-app-login type=cas, POST
 * /api/login type=cas), every validation endpoint in XML, JSON and SAML 1.1, attribute release, the
 * proxy chain with a real pgtUrl receiver on loopback, and the refusals (replay, wrong service,
 * expiry, unknown tickets, unregistered proxies).
 */

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });
type Xml = Record<string, any>;

/** A loopback service: records proxy-granting tickets delivered to /pgtCallback, refuses /failing. */
function startReceiver(port: number) {
  const pgts = new Map<string, string>();
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    calls.push(url.pathname + url.search);
    if (url.pathname.startsWith('/pgtCallback') && url.searchParams.get('pgtIou')) {
      pgts.set(String(url.searchParams.get('pgtIou')), String(url.searchParams.get('pgtId')));
      res.writeHead(200).end('ok');
      return;
    }
    if (url.pathname === '/failing') {
      res.writeHead(500).end('no');
      return;
    }
    res.writeHead(200).end('service');
  });
  return {
    pgts,
    calls,
    base: `http://127.0.0.1:${port}`,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ENGINE_PORT = { sqlite: 19500, postgres: 19501, mysql: 19502 } as const;

describeEachDatabase('CAS server', (server, engine) => {
  const receiver = startReceiver(ENGINE_PORT[engine]);
  const SERVICE = `${receiver.base}/app?lang=en`;
  const BACKEND = `${receiver.base}/backend`;
  const PGT_URL = `${receiver.base}/pgtCallback`;
  const PGT_URL_2 = `${receiver.base}/pgtCallback/second`;
  const APP = 'cas-app';
  const base = () => `${server().url}/cas/built-in/${APP}`;
  let admin: ApiClient;

  beforeAll(async () => {
    await receiver.listen();
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    const user = await admin.post('/api/add-user', {
      owner: 'built-in',
      name: 'cas-user',
      displayName: 'Cas <User> & "Friends"',
      email: 'cas@example.com',
      phone: '5550100',
      firstName: 'Cas',
      groups: ['built-in/staff', 'built-in/ops'],
      password: 'cas-user-pass',
    });
    expect(user.status, user.msg).toBe('ok');
    for (const [name, fields] of [
      [APP, { enableSigninSession: true, useEmailAsSamlNameId: false }],
      ['cas-other', {}],
    ] as const) {
      const added = await admin.post('/api/add-application', {
        owner: 'admin',
        name,
        organization: 'built-in',
        cert: 'cert-built-in',
        enablePassword: true,
        redirectUris: [
          `${receiver.base}/app`,
          BACKEND,
          `${receiver.base}/pgtCallback`,
          PGT_URL_2,
          `${receiver.base}/failing`,
          'http://example.org/plain',
        ],
        ...fields,
      });
      expect(added.status, added.msg).toBe('ok');
    }
  });
  afterAll(() => receiver.close());

  /** What the sign-in page does: validate the request, sign in, and read the ticket. */
  async function signIn(service = SERVICE, options: { browser?: ApiClient; password?: boolean; renew?: boolean } = {}) {
    const browser = options.browser ?? new ApiClient(server().url);
    const app = await browser.get('/api/get-app-login', { type: 'cas', id: `admin/${APP}`, organization: 'built-in', service });
    if (app.status !== 'ok') throw new Error(app.msg);
    const credentials = options.password === false ? {} : { username: 'cas-user', password: 'cas-user-pass' };
    const login = await browser.post(
      '/api/login',
      { type: 'cas', application: APP, organization: 'built-in', autoSignin: true, ...credentials },
      { service, renew: options.renew ? 'true' : undefined },
    );
    if (login.status !== 'ok') throw new Error(login.msg);
    return { ticket: String(login.data), redirect: String(login.data2), browser };
  }

  async function get(path: string, query: Record<string, string>, at = base()) {
    const url = new URL(`${at}/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url);
    return { response, text: await response.text() };
  }

  async function xml(path: string, query: Record<string, string>, at?: string): Promise<Xml> {
    const { response, text } = await get(path, query, at);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(response.headers.get('cache-control')).toBe('no-store');
    return parser.parse(text).serviceResponse;
  }

  describe('the sign-in page', () => {
    it('validates the application and the service before anyone signs in', async () => {
      const browser = new ApiClient(server().url);
      const ok = await browser.get('/api/get-app-login', {
        type: 'cas',
        id: `admin/${APP}`,
        organization: 'built-in',
        service: SERVICE,
      });
      expect(ok.status).toBe('ok');
      expect(ok.data.name).toBe(APP);
      expect(ok.data.clientSecret).toBe('***');
      const evil = await browser.get('/api/get-app-login', {
        type: 'cas',
        id: `admin/${APP}`,
        service: 'https://evil.example/app',
      });
      expect(evil).toMatchObject({ status: 'error', code: 'casServiceNotAllowed' });
      expect(evil.msg).toContain('https://evil.example/app');
      for (const service of [
        `${receiver.base}/app/deeper`,
        `https://127.0.0.1:${ENGINE_PORT[engine]}/app`,
        `${receiver.base}/app#x`,
      ]) {
        const refused = await browser.get('/api/get-app-login', { type: 'cas', id: `admin/${APP}`, service });
        expect(refused.code, service).toBe('casServiceNotAllowed');
      }
      const otherOrg = await browser.get('/api/get-app-login', { type: 'cas', id: `admin/${APP}`, organization: 'other-org' });
      expect(otherOrg.code).toBe('casApplicationNotInOrganization');
      const missing = await browser.get('/api/get-app-login', { type: 'cas', id: 'admin/nope' });
      expect(missing.code).toBe('applicationMissing');
    });

    it('refuses to sign in for an unknown service and answers the ticket and the URL to go to', async () => {
      await expect(signIn('https://evil.example/app')).rejects.toThrow(/not allowed/);
      const { ticket, redirect } = await signIn();
      expect(ticket).toMatch(/^ST-[A-Za-z0-9]{29}$/);
      expect(redirect).toBe(`${SERVICE}&ticket=${ticket}`);
      const bare = await signIn(`${receiver.base}/app`);
      expect(bare.redirect).toBe(`${receiver.base}/app?ticket=${bare.ticket}`);
    });

    it('signs in without a service (no ticket) and continues with the session', async () => {
      const browser = new ApiClient(server().url);
      const login = await browser.post('/api/login', {
        type: 'cas',
        application: APP,
        organization: 'built-in',
        username: 'cas-user',
        password: 'cas-user-pass',
      });
      expect(login).toMatchObject({ status: 'ok', data: '' });
      expect(browser.sessionCookie).not.toBe('');
      const { ticket } = await signIn(SERVICE, { browser, password: false });
      expect((await get('validate', { ticket, service: SERVICE })).text).toBe('yes\ncas-user\n');
    });

    it('keeps the ticket only as a hash', async () => {
      const { ticket } = await signIn();
      const rows = await server().ctx.database.db.selectFrom('casTicket').select('id').execute();
      expect(rows.map((r) => r.id)).toContain(ticketHash(ticket));
      expect(JSON.stringify(rows)).not.toContain(ticket);
    });
  });

  describe('/validate (CAS 1.0)', () => {
    it('answers yes and the user once, then no', async () => {
      const { ticket } = await signIn();
      const first = await get('validate', { ticket, service: SERVICE });
      expect(first.text).toBe('yes\ncas-user\n');
      expect(first.response.headers.get('content-type')).toContain('text/plain');
      expect((await get('validate', { ticket, service: SERVICE })).text).toBe('no\n');
    });

    it('answers no for a wrong service, a missing parameter and an unknown ticket', async () => {
      const { ticket } = await signIn();
      expect((await get('validate', { ticket, service: `${receiver.base}/backend` })).text).toBe('no\n');
      // The attempt spent the ticket.
      expect((await get('validate', { ticket, service: SERVICE })).text).toBe('no\n');
      expect((await get('validate', { service: SERVICE })).text).toBe('no\n');
      expect((await get('validate', { ticket: 'ST-unknown', service: SERVICE })).text).toBe('no\n');
    });
  });

  describe('/serviceValidate and /p3/serviceValidate', () => {
    it('answers the user (CAS 2.0, no attributes) and refuses a replay', async () => {
      const { ticket } = await signIn();
      const ok = await xml('serviceValidate', { ticket, service: SERVICE });
      expect(ok.authenticationSuccess.user).toBe('cas-user');
      expect(ok.authenticationSuccess.attributes).toBeUndefined();
      expect(ok.authenticationSuccess.proxyGrantingTicket).toBeUndefined();
      const replay = await xml('serviceValidate', { ticket, service: SERVICE });
      expect(replay.authenticationFailure['@_code']).toBe('INVALID_TICKET');
      expect(replay.authenticationFailure['#text']).toContain('already been used');
    });

    it('releases the attributes in CAS 3.0, escaped', async () => {
      const { ticket } = await signIn();
      const { text } = await get('p3/serviceValidate', { ticket, service: SERVICE });
      expect(text).not.toContain('<User>');
      expect(text).toContain('Cas &lt;User&gt; &amp; &quot;Friends&quot;');
      const success = parser.parse(text).serviceResponse.authenticationSuccess;
      expect(success.user).toBe('cas-user');
      const a = success.attributes;
      expect(a.displayName).toBe('Cas <User> & "Friends"');
      expect(a.name).toBe('cas-user');
      expect(a.owner).toBe('built-in');
      expect(a.email).toBe('cas@example.com');
      expect(a.phone).toBe('5550100');
      expect(a.firstName).toBe('Cas');
      expect(a.id).toMatch(/\S/);
      expect(a.memberOf).toEqual(['built-in/staff', 'built-in/ops']);
      expect(a.groups).toEqual(['built-in/staff', 'built-in/ops']);
      expect(a.isFromNewLogin).toBe('true');
      expect(a.longTermAuthenticationRequestTokenUsed).toBe('false');
      expect(Date.parse(a.authenticationDate)).toBeGreaterThan(Date.now() - 60_000);
      expect(a.password).toBeUndefined();
      expect(a.passwordSalt).toBeUndefined();
      expect(a.properties).toBeUndefined();
      // Casdoor's <cas:userAttributes><cas:attribute name=...> block.
      const named = (a.userAttributes.attribute as Xml[]).map((x) => [x['@_name'], x['#text']]);
      expect(named).toContainEqual(['email', 'cas@example.com']);
      expect(named).toContainEqual(['displayName', 'Cas <User> & "Friends"']);
    });

    it('answers JSON per CAS 3.0 when format=JSON', async () => {
      const { ticket } = await signIn();
      const { response, text } = await get('p3/serviceValidate', { ticket, service: SERVICE, format: 'JSON' });
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = JSON.parse(text);
      expect(body.serviceResponse.authenticationSuccess.user).toBe('cas-user');
      expect(body.serviceResponse.authenticationSuccess.attributes.email).toBe('cas@example.com');
      expect(body.serviceResponse.authenticationSuccess.attributes.memberOf).toEqual(['built-in/staff', 'built-in/ops']);
      const failure = JSON.parse((await get('serviceValidate', { ticket, service: SERVICE, format: 'json' })).text);
      expect(failure).toEqual({
        serviceResponse: {
          authenticationFailure: { code: 'INVALID_TICKET', description: expect.stringContaining('already been used') },
        },
      });
      const unsupported = await xml('serviceValidate', { ticket, service: SERVICE, format: 'yaml' });
      expect(unsupported.authenticationFailure['@_code']).toBe('INVALID_REQUEST');
    });

    it('refuses a wrong service and spends the ticket', async () => {
      const { ticket } = await signIn();
      const wrong = await xml('serviceValidate', { ticket, service: `${receiver.base}/app?lang=fr` });
      expect(wrong.authenticationFailure['@_code']).toBe('INVALID_SERVICE');
      const after = await xml('serviceValidate', { ticket, service: SERVICE });
      expect(after.authenticationFailure['@_code']).toBe('INVALID_TICKET');
    });

    it('refuses a ticket at another application path', async () => {
      const { ticket } = await signIn();
      const other = await xml('serviceValidate', { ticket, service: SERVICE }, `${server().url}/cas/built-in/cas-other`);
      expect(other.authenticationFailure['@_code']).toBe('INVALID_SERVICE');
      expect(other.authenticationFailure['#text']).toContain('built-in/cas-other');
    });

    it('refuses an expired ticket', async () => {
      const { ticket } = await signIn();
      await server()
        .ctx.database.db.updateTable('casTicket')
        .set({ expiresTime: '2000-01-01T00:00:00Z' })
        .where('id', '=', ticketHash(ticket))
        .execute();
      const expired = await xml('serviceValidate', { ticket, service: SERVICE });
      expect(expired.authenticationFailure['@_code']).toBe('INVALID_TICKET');
      expect(expired.authenticationFailure['#text']).toContain('has expired');
    });

    it('refuses missing parameters and unknown ticket types', async () => {
      const missing = await xml('serviceValidate', { service: SERVICE });
      expect(missing.authenticationFailure['@_code']).toBe('INVALID_REQUEST');
      for (const ticket of ['XX-1234', 'TGT-1234', 'PGT-1234', 'ST-doesnotexist', '<x>&']) {
        const unknown = await xml('serviceValidate', { ticket, service: SERVICE });
        expect(unknown.authenticationFailure['@_code'], ticket).toBe('INVALID_TICKET');
      }
    });

    it('lets exactly one of several concurrent validations succeed', async () => {
      const { ticket } = await signIn();
      const answers = await Promise.all(Array.from({ length: 6 }, () => xml('serviceValidate', { ticket, service: SERVICE })));
      expect(answers.filter((a) => a.authenticationSuccess).length).toBe(1);
      expect(answers.filter((a) => a.authenticationFailure?.['@_code'] === 'INVALID_TICKET').length).toBe(5);
    });

    it('passes renew=true only for tickets from primary credentials', async () => {
      const { ticket, browser } = await signIn();
      expect((await xml('serviceValidate', { ticket, service: SERVICE, renew: 'true' })).authenticationSuccess.user).toBe(
        'cas-user',
      );
      // Single sign-on: the session stands in for the password.
      const sso = await signIn(SERVICE, { browser, password: false });
      const refused = await xml('serviceValidate', { ticket: sso.ticket, service: SERVICE, renew: 'true' });
      expect(refused.authenticationFailure['@_code']).toBe('INVALID_TICKET');
      expect(refused.authenticationFailure['#text']).toContain('renew');
      const again = await signIn(SERVICE, { browser, password: false });
      const attrs = (await xml('p3/serviceValidate', { ticket: again.ticket, service: SERVICE })).authenticationSuccess
        .attributes;
      expect(attrs.isFromNewLogin).toBe('false');
      // renew on the sign-in itself needs the password.
      await expect(signIn(SERVICE, { browser, password: false, renew: true })).rejects.toThrow(/password again/);
      const renewed = await signIn(SERVICE, { browser, renew: true });
      expect((await get('validate', { ticket: renewed.ticket, service: SERVICE, renew: 'true' })).text).toBe('yes\ncas-user\n');
    });
  });

  describe('proxies', () => {
    it('delivers a PGT to the pgtUrl, grants proxy tickets and validates them with the proxy chain', async () => {
      const { ticket } = await signIn();
      const validated = await xml('serviceValidate', { ticket, service: SERVICE, pgtUrl: PGT_URL });
      const iou = String(validated.authenticationSuccess.proxyGrantingTicket);
      expect(iou).toMatch(/^PGTIOU-[A-Za-z0-9]{57}$/);
      const pgt = receiver.pgts.get(iou);
      expect(pgt).toMatch(/^PGT-[A-Za-z0-9]{60}$/);

      const granted = await xml('proxy', { pgt: String(pgt), targetService: BACKEND });
      const pt = String(granted.proxySuccess.proxyTicket);
      expect(pt).toMatch(/^PT-[A-Za-z0-9]{29}$/);
      // A proxy ticket is not a service ticket.
      const notHere = await xml('serviceValidate', { ticket: pt, service: BACKEND });
      expect(notHere.authenticationFailure['@_code']).toBe('INVALID_TICKET');
      expect(notHere.authenticationFailure['#text']).toContain('proxy ticket');
      expect((await get('validate', { ticket: pt, service: BACKEND })).text).toBe('no\n');

      const proxied = await xml('proxyValidate', { ticket: pt, service: BACKEND });
      expect(proxied.authenticationSuccess.user).toBe('cas-user');
      expect(proxied.authenticationSuccess.proxies.proxy).toBe(PGT_URL);
      const replay = await xml('proxyValidate', { ticket: pt, service: BACKEND });
      expect(replay.authenticationFailure['@_code']).toBe('INVALID_TICKET');

      // The PGT is reusable; JSON lists the proxies; a chained PGT puts the newest proxy first.
      const pt2 = String((await xml('proxy', { pgt: String(pgt), targetService: BACKEND })).proxySuccess.proxyTicket);
      const json = JSON.parse(
        (await get('p3/proxyValidate', { ticket: pt2, service: BACKEND, format: 'JSON', pgtUrl: PGT_URL_2 })).text,
      );
      const success = json.serviceResponse.authenticationSuccess;
      expect(success.proxies).toEqual([PGT_URL]);
      expect(success.attributes.email).toBe('cas@example.com');
      const pgt2 = receiver.pgts.get(success.proxyGrantingTicket);
      expect(pgt2).toBeDefined();
      const pt3 = String((await xml('proxy', { pgt: String(pgt2), targetService: BACKEND })).proxySuccess.proxyTicket);
      const chained = await xml('p3/proxyValidate', { ticket: pt3, service: BACKEND });
      expect(chained.authenticationSuccess.proxies.proxy).toEqual([PGT_URL_2, PGT_URL]);
    });

    it('refuses unregistered, insecure and failing proxy callbacks', async () => {
      const cases: [string, string][] = [
        ['https://evil.example/pgt', 'UNAUTHORIZED_SERVICE_PROXY'],
        ['http://example.org/plain', 'INVALID_PROXY_CALLBACK'],
        ['not a url', 'INVALID_PROXY_CALLBACK'],
        [`${receiver.base}/failing`, 'INVALID_PROXY_CALLBACK'],
      ];
      for (const [pgtUrl, code] of cases) {
        const { ticket } = await signIn();
        const answer = await xml('serviceValidate', { ticket, service: SERVICE, pgtUrl });
        expect(answer.authenticationFailure['@_code'], pgtUrl).toBe(code);
      }
      // The failed delivery left no usable PGT behind.
      const rows = await server().ctx.database.db.selectFrom('casTicket').select('proxyUrl').where('kind', '=', 'PGT').execute();
      expect(rows.map((r) => r.proxyUrl)).not.toContain(`${receiver.base}/failing`);
    });

    it('refuses bad /proxy requests', async () => {
      const { ticket } = await signIn();
      const iou = String(
        (await xml('serviceValidate', { ticket, service: SERVICE, pgtUrl: PGT_URL })).authenticationSuccess.proxyGrantingTicket,
      );
      const pgt = String(receiver.pgts.get(iou));
      expect((await xml('proxy', { pgt })).proxyFailure['@_code']).toBe('INVALID_REQUEST');
      expect((await xml('proxy', { pgt, targetService: 'https://evil.example/x' })).proxyFailure['@_code']).toBe(
        'UNAUTHORIZED_SERVICE',
      );
      expect((await xml('proxy', { pgt: 'PGT-nope', targetService: BACKEND })).proxyFailure['@_code']).toBe('INVALID_TICKET');
      // A service ticket is not a proxy-granting ticket.
      const st = (await signIn()).ticket;
      expect((await xml('proxy', { pgt: st, targetService: BACKEND })).proxyFailure['@_code']).toBe('INVALID_TICKET');
      const other = await xml('proxy', { pgt, targetService: BACKEND }, `${server().url}/cas/built-in/cas-other`);
      expect(other.proxyFailure['@_code']).toBe('INVALID_TICKET');
      const json = JSON.parse((await get('proxy', { pgt: 'PGT-nope', targetService: BACKEND, format: 'JSON' })).text);
      expect(json.serviceResponse.proxyFailure.code).toBe('INVALID_TICKET');
    });

    it('ends the proxy-granting tickets of a session when the user signs out', async () => {
      const { ticket, browser } = await signIn();
      const iou = String(
        (await xml('serviceValidate', { ticket, service: SERVICE, pgtUrl: PGT_URL })).authenticationSuccess.proxyGrantingTicket,
      );
      const pgt = String(receiver.pgts.get(iou));
      expect((await xml('proxy', { pgt, targetService: BACKEND })).proxySuccess).toBeDefined();
      await browser.post('/api/logout');
      const after = await xml('proxy', { pgt, targetService: BACKEND });
      expect(after.proxyFailure['@_code']).toBe('INVALID_TICKET');
      expect(after.proxyFailure['#text']).toContain('signed out');
    });
  });

  describe('/samlValidate (SAML 1.1)', () => {
    const soap = (ticket: string) =>
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/><SOAP-ENV:Body>` +
      `<samlp:Request xmlns:samlp="urn:oasis:names:tc:SAML:1.0:protocol" MajorVersion="1" MinorVersion="1" RequestID="_req1" IssueInstant="2024-01-01T00:00:00Z">` +
      `<samlp:AssertionArtifact>${ticket}</samlp:AssertionArtifact></samlp:Request></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
    const post = async (target: string, body: string) => {
      const url = new URL(`${base()}/samlValidate`);
      url.searchParams.set('TARGET', target);
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
      expect(response.headers.get('content-type')).toContain('text/xml');
      return parser.parse(await response.text()).Envelope.Body.Response as Xml;
    };

    it('answers a SAML 1.1 response with the name identifier and the attributes, once', async () => {
      const { ticket } = await signIn();
      const response = await post(SERVICE, soap(ticket));
      expect(response['@_InResponseTo']).toBe('_req1');
      expect(response['@_Recipient']).toBe(SERVICE);
      expect(response.Status.StatusCode['@_Value']).toBe('samlp:Success');
      const assertion = response.Assertion;
      expect(assertion.Conditions.AudienceRestrictionCondition.Audience).toBe(SERVICE);
      expect(assertion.AuthenticationStatement.Subject.NameIdentifier).toBe('cas-user');
      expect(assertion.AttributeStatement.Subject.NameIdentifier).toBe('cas-user');
      const attributes = Object.fromEntries(
        (assertion.AttributeStatement.Attribute as Xml[]).map((a) => [a['@_AttributeName'], a.AttributeValue]),
      );
      expect(attributes.email).toBe('cas@example.com');
      expect(attributes.displayName).toBe('Cas <User> & "Friends"');
      expect(attributes.memberOf).toEqual(['built-in/staff', 'built-in/ops']);

      const replay = await post(SERVICE, soap(ticket));
      expect(replay.Status.StatusCode['@_Value']).toBe('samlp:Requester');
      expect(replay.Status.StatusMessage).toContain('INVALID_TICKET');
      expect(replay.Assertion).toBeUndefined();
    });

    it('refuses a wrong TARGET, a missing artifact and documents with a DTD', async () => {
      const { ticket } = await signIn();
      const wrong = await post(BACKEND, soap(ticket));
      expect(wrong.Status.StatusMessage).toContain('INVALID_SERVICE');
      expect((await post(SERVICE, '<x/>')).Status.StatusMessage).toContain('INVALID_REQUEST');
      const bomb = `<!DOCTYPE x [<!ENTITY a "aaaa">]>${soap('&a;')}`;
      expect((await post(SERVICE, bomb)).Status.StatusMessage).toContain('INVALID_REQUEST');
      expect((await post('', soap((await signIn()).ticket))).Status.StatusMessage).toContain('INVALID_REQUEST');
    });
  });
});
