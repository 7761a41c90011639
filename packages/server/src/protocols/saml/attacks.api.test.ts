import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../../crypto/certs.js';
import { AppError } from '../../errors.js';
import { verifySamlResponse } from '../../integrations/saml/sp-response.js';
import { signedInAdmin } from '../../test-support/accounts.js';
import { CookieBrowser } from '../../test-support/browser.js';
import { ApiClient } from '../../test-support/client.js';
import {
  COMMENTED_NAME_ID,
  GENUINE,
  type SamlKeyPair,
  samlVectors,
  type VectorSetting,
} from '../../test-support/saml-vectors.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * Attacks on SAML (issue 15, point 5). Gatehouse as the service provider of a SAML identity
 * provider (routes/saml-sp.ts, integrations/saml/sp-response.ts) is handed responses that the
 * IdP's key really signed for "mallory", altered by signature wrapping (XSW1-XSW8 and variants),
 * comment injection, unsigned or swapped assertions, other keys, algorithm and digest tampering:
 * each is refused, and an injected comment never shortens the NameID read. The vectors are files
 * in ./test-vectors (fixed key, time and addresses; see its README), checked here against the
 * response checks, and built again live for the HTTP flow of a real server. Gatehouse as the
 * identity provider refuses to answer to an AssertionConsumerServiceURL the application does not list.
 */

const VECTOR_DIR = path.join(import.meta.dirname, 'test-vectors');
const WRITE = process.env.GATEHOUSE_WRITE_SAML_VECTORS === '1';

/** What the files were made with. */
const FILE_SETTING = {
  issuer: 'https://idp.vectors.example',
  acsUrl: 'https://sp.vectors.example/api/acs',
  requestId: '_request-0001',
  now: Date.parse('2025-01-01T00:00:00Z'),
  tag: 'v',
};

/** The test keys of the files (test-only keys, kept with the vectors), made once when missing. */
async function keyPair(name: string): Promise<SamlKeyPair> {
  const certFile = path.join(VECTOR_DIR, `${name}.cert.pem`);
  const keyFile = path.join(VECTOR_DIR, `${name}.key.pem`);
  if (WRITE && !fs.existsSync(certFile)) {
    const made = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 99, commonName: `Test vectors ${name}` });
    fs.writeFileSync(certFile, made.certificate);
    fs.writeFileSync(keyFile, made.privateKey);
  }
  return { certificate: fs.readFileSync(certFile, 'utf8'), privateKey: fs.readFileSync(keyFile, 'utf8') };
}

const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

let keys: { idp: SamlKeyPair; stranger: SamlKeyPair };
beforeAll(async () => {
  keys = { idp: await keyPair('idp'), stranger: await keyPair('stranger') };
});

describe('SAML response test vectors (files)', () => {
  it('are the files in test-vectors, as the builder writes them', () => {
    const vectors = samlVectors({ ...FILE_SETTING, ...keys });
    if (WRITE) {
      for (const vector of vectors) fs.writeFileSync(path.join(VECTOR_DIR, vector.file), `${vector.xml}\n`);
    }
    const files = fs.readdirSync(VECTOR_DIR).filter((f) => f.endsWith('.xml'));
    expect(files.sort()).toEqual(vectors.map((v) => v.file).sort());
    for (const vector of vectors) {
      expect(fs.readFileSync(path.join(VECTOR_DIR, vector.file), 'utf8'), vector.file).toBe(`${vector.xml}\n`);
    }
  });

  it('are each accepted with the full NameID or refused with the expected reason', async () => {
    const vectors = samlVectors({ ...FILE_SETTING, ...keys });
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const vector of vectors) {
      const xml = fs.readFileSync(path.join(VECTOR_DIR, vector.file), 'utf8').trimEnd();
      outcomes[vector.file] = await verifySamlResponse(b64(xml), {
        provider: 'Vectors IdP',
        idpCertificate: new X509Certificate(keys.idp.certificate),
        idpEntityId: FILE_SETTING.issuer,
        spEntityId: FILE_SETTING.acsUrl,
        acsUrl: FILE_SETTING.acsUrl,
        requestId: FILE_SETTING.requestId,
        now: FILE_SETTING.now + 1000,
      }).then(
        (verified) => ({ nameId: verified.nameId }),
        (error: unknown) => (error instanceof AppError ? { refused: error.key } : { thrown: String(error) }),
      );
      expected[vector.file] = vector.expected;
    }
    expect(outcomes).toEqual(expected);
  });
});

describeEachDatabase('SAML attacks: Gatehouse as the service provider of a SAML IdP', (server, engine) => {
  const ORG = 'saml-atk';
  const APP = 'app-saml-atk';
  const PROVIDER = 'atk-idp';
  let admin: ApiClient;
  const acs = () => `${server().url}/api/acs`;
  const start = { method: 'signup', type: 'login', body: { application: APP, organization: ORG } };

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    expect((await admin.post('/api/add-organization', { owner: 'admin', name: ORG })).status).toBe('ok');
    const provider = await admin.post('/api/add-provider', {
      owner: ORG,
      name: PROVIDER,
      category: 'SAML',
      type: 'Custom',
      endpoint: `${FILE_SETTING.issuer}/sso`,
      idP: keys.idp.certificate,
      issuerUrl: FILE_SETTING.issuer,
      enableSignUp: true,
    });
    expect(provider.status, provider.msg).toBe('ok');
    const app = await admin.post('/api/add-application', {
      owner: 'admin',
      name: APP,
      organization: ORG,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      providers: [
        { name: PROVIDER, canSignUp: true, canSignIn: true, canUnlink: true, prompted: false, signupGroup: '', rule: '' },
      ],
    });
    expect(app.status, app.msg).toBe('ok');
  });

  /** A started sign-in: the browser holding its state, the state (RelayState) and the AuthnRequest's ID. */
  async function startSignin() {
    const browser = new CookieBrowser(server().url);
    const started = await browser.get('/api/get-saml-login', {
      id: `${ORG}/${PROVIDER}`,
      relayState: Buffer.from(JSON.stringify(start)).toString('base64'),
    });
    expect(started.status, started.msg).toBe('ok');
    const state = new URL(String(started.data)).searchParams.get('RelayState') ?? '';
    const requestId = String(JSON.parse(Buffer.from(state.split('.')[0] ?? '', 'base64url').toString('utf8')).requestId);
    return { browser, state, requestId };
  }

  /** Another tab of `browser` (its cookies, so its sign-in state), fresh otherwise. */
  function tabOf(browser: CookieBrowser): CookieBrowser {
    const tab = new CookieBrowser(server().url);
    for (const [name, value] of browser.cookies) tab.cookies.set(name, value);
    return tab;
  }

  /** The callback page's POST to /api/login with a response. */
  const finish = (tab: CookieBrowser, samlResponse: string, state: string) =>
    tab.post('/api/login', {
      type: 'login',
      application: APP,
      provider: PROVIDER,
      samlResponse,
      state,
      redirectUri: `${server().url}/callback`,
      method: 'signup',
    });

  it('refuses every attack vector over HTTP and accepts the genuine responses, reading the full NameID', async () => {
    const { browser, state, requestId } = await startSignin();
    const setting: VectorSetting = {
      issuer: FILE_SETTING.issuer,
      acsUrl: acs(),
      requestId,
      now: Date.now(),
      tag: `${engine}-${Date.now()}`,
      ...keys,
    };
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const vector of samlVectors(setting)) {
      const tab = tabOf(browser);
      // The IdP's page posts to the ACS, which sends the browser on to the callback page.
      const posted = await fetch(acs(), {
        method: 'POST',
        body: new URLSearchParams({ SAMLResponse: b64(vector.xml), RelayState: state }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
      expect(posted.status, vector.file).toBe(303);
      const answer = await finish(tab, b64(vector.xml), state);
      if (answer.status === 'ok') {
        const identities = (await tab.get('/api/get-user-identities')).data as { subject: string; providerName: string }[];
        outcomes[vector.file] = { nameId: identities.find((i) => i.providerName === PROVIDER)?.subject };
      } else {
        outcomes[vector.file] = { refused: answer.code };
      }
      expected[vector.file] = vector.expected;
    }
    expect(outcomes).toEqual(expected);
    // Who was signed up: mallory, and the commented NameID under its own (full) subject; nobody else.
    const users = (await admin.get('/api/get-users', { owner: ORG })).data as { name: string; email: string }[];
    expect(users.map((u) => u.name).sort()).toEqual(['commenter', GENUINE]);
    expect(users.find((u) => u.name === 'commenter')?.email).toBe(COMMENTED_NAME_ID);
  });

  it('refuses a response signed for another SP, or for another sign-in, even when well signed', async () => {
    const { browser, state, requestId } = await startSignin();
    const now = Date.now();
    const base = { issuer: FILE_SETTING.issuer, requestId, now, ...keys };
    const pick = (setting: VectorSetting) =>
      samlVectors(setting).find((v) => v.file === 'genuine-assertion-signed.xml')?.xml ?? '';
    const cases: [string, string][] = [
      [pick({ ...base, acsUrl: 'https://other-sp.example/api/acs', tag: `${engine}-o1` }), 'samlResponseDestinationMismatch'],
      [pick({ ...base, acsUrl: acs(), requestId: '_another-request', tag: `${engine}-o2` }), 'samlInResponseToMismatch'],
      [pick({ ...base, acsUrl: acs(), issuer: 'https://evil-idp.example', tag: `${engine}-o3` }), 'samlResponseIssuerMismatch'],
      [pick({ ...base, acsUrl: acs(), now: now - 30 * 60 * 1000, tag: `${engine}-o4` }), 'samlResponseExpired'],
      [pick({ ...base, acsUrl: acs(), now: now + 30 * 60 * 1000, tag: `${engine}-o5` }), 'samlResponseNotYetValid'],
    ];
    for (const [xml, code] of cases)
      expect(await finish(tabOf(browser), b64(xml), state), code).toMatchObject({ status: 'error', code });
    // A genuine response is good once only.
    const genuine = b64(pick({ ...base, acsUrl: acs(), tag: `${engine}-o6` }));
    expect(await finish(tabOf(browser), genuine, state)).toMatchObject({ status: 'ok', data: `${ORG}/${GENUINE}` });
    expect(await finish(tabOf(browser), genuine, state)).toMatchObject({ status: 'error', code: 'samlResponseReplayed' });
  });
});

describeEachDatabase('SAML attacks: Gatehouse as the identity provider', (server) => {
  const APP = 'saml-idp-atk';
  const SP = 'https://sp.atk.example/saml/metadata';
  const ACS = 'https://sp.atk.example/saml/acs';
  let admin: ApiClient;

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    const added = await admin.post('/api/add-user', { owner: 'built-in', name: 'idp-atk-user', password: 'idp-atk-pass' });
    expect(added.status, added.msg).toBe('ok');
    const app = await admin.post('/api/add-application', {
      owner: 'admin',
      name: APP,
      organization: 'built-in',
      cert: 'cert-built-in',
      enablePassword: true,
      redirectUris: [SP],
      samlReplyUrl: ACS,
    });
    expect(app.status, app.msg).toBe('ok');
  });

  const authnRequest = (acsUrl: string | null, issuer = SP) =>
    `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="_atk-${Math.random().toString(16).slice(2)}" Version="2.0" IssueInstant="${new Date().toISOString()}"` +
    `${acsUrl === null ? '' : ` AssertionConsumerServiceURL="${acsUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`}>` +
    `<saml:Issuer>${issuer}</saml:Issuer></samlp:AuthnRequest>`;

  it('never sends the response to an AssertionConsumerServiceURL the application does not list (no open redirect)', async () => {
    const evil = [
      'https://evil.example/acs',
      `${ACS}/extra`,
      `${ACS}?next=https://evil.example`,
      `${ACS}.evil.example`,
      `https://sp.atk.example@evil.example/saml/acs`,
      'HTTPS://SP.ATK.EXAMPLE/saml/acs',
      `${ACS}#`,
      'http://sp.atk.example/saml/acs',
      '//evil.example/saml/acs',
      'javascript:alert(1)//https://sp.atk.example/saml/acs',
      'data:text/html,<script>alert(1)</script>',
      '/saml/acs',
    ];
    let tried = 0;
    for (const url of evil) {
      const deflated = deflateRawSync(Buffer.from(authnRequest(url))).toString('base64');
      // The SSO endpoint (HTTP-Redirect binding).
      const sso = new URL(`${server().url}/api/saml/redirect/admin/${APP}`);
      sso.searchParams.set('SAMLRequest', deflated);
      const redirect = await fetch(sso, { redirect: 'manual' });
      expect(redirect.status, url).toBe(400);
      expect(await redirect.json(), url).toMatchObject({ status: 'error', code: 'samlAcsNotAllowed' });
      // The sign-in page's checks and the sign-in itself (the page's address can be forged).
      const browser = new ApiClient(server().url);
      const checked = await browser.get('/api/get-app-login', { type: 'saml', id: `admin/${APP}`, samlRequest: deflated });
      expect(checked, url).toMatchObject({ status: 'error', code: 'samlAcsNotAllowed' });
      const login = await browser.post('/api/login', {
        type: 'saml',
        application: APP,
        organization: 'built-in',
        username: 'idp-atk-user',
        password: 'idp-atk-pass',
        samlRequest: deflated,
      });
      expect(login, url).toMatchObject({ status: 'error', code: 'samlAcsNotAllowed' });
      expect(JSON.stringify(login)).not.toContain('SAMLResponse');
      tried += 3;
    }
    // An issuer the application does not know cannot name an ACS of its own either.
    const stranger = deflateRawSync(Buffer.from(authnRequest('https://evil.example/acs', 'https://evil.example/sp'))).toString(
      'base64',
    );
    const strangerLogin = await new ApiClient(server().url).post('/api/login', {
      type: 'saml',
      application: APP,
      organization: 'built-in',
      username: 'idp-atk-user',
      password: 'idp-atk-pass',
      samlRequest: stranger,
    });
    expect(strangerLogin).toMatchObject({ status: 'error' });
    expect(tried).toBe(evil.length * 3);
    // The registered ACS, and none (the SAML reply URL), are answered.
    for (const url of [ACS, null]) {
      const login = await new ApiClient(server().url).post('/api/login', {
        type: 'saml',
        application: APP,
        organization: 'built-in',
        username: 'idp-atk-user',
        password: 'idp-atk-pass',
        samlRequest: deflateRawSync(Buffer.from(authnRequest(url))).toString('base64'),
      });
      expect(login.status, login.msg).toBe('ok');
      expect(login.data2).toMatchObject({ redirectUrl: ACS, method: 'POST' });
    }
  });
});
