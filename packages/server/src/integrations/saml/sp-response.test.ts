import { X509Certificate } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { type Application, application, noAccess, nowRfc3339, releasedUser, user } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../../crypto/certs.js';
import { type Database, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { purgeExpiredClaims, usedOnceId } from '../../db/used-once.js';
import { AppError } from '../../errors.js';
import { buildSamlResponse } from '../../protocols/saml/response.js';
import { recordOf } from '../../test-support/records.js';
import { signingKeyOf } from './signing.js';
import { identityOfAssertion } from './sp-identity.js';
import { claimAssertion, SAML_ASSERTION_NAMESPACE } from './sp-replay.js';
import { type SpExpectations, verifySamlResponse } from './sp-response.js';
import { NAMEID_FORMAT } from './urns.js';

/**
 * The SAML Response checks one by one, on responses written by Gatehouse's own IdP code (and
 * altered by hand): each refusal names what is wrong. The end-to-end flow is in sp-signin.api.test.ts.
 */

const IDP = 'https://idp.example.com';
const ACS = 'https://sp.example.com/api/acs';
const REQUEST_ID = '_4f0e1c52-9d4c-4e43-8f4a-2d8f3e7b9a10';

let keys: { certificate: string; privateKey: string };

const app = (fields: Partial<Application> = {}) => recordOf(application, fields);

function response(options: { acsUrl?: string; audience?: string; issuer?: string; now?: number; c14n10?: boolean } = {}) {
  return buildSamlResponse({
    app: app({ enableSamlC14n10: options.c14n10 ?? false }),
    user: releasedUser(
      recordOf(user, { owner: 'built-in', name: 'alice', email: 'alice@idp.example', displayName: 'Alice' }),
      noAccess(),
    ),
    issuer: options.issuer ?? IDP,
    request: {
      id: REQUEST_ID,
      issuer: options.audience ?? ACS,
      acsUrl: options.acsUrl ?? ACS,
      relayState: '',
      forceAuthn: false,
      deflated: '',
    },
    key: signingKeyOf({ name: 'idp', ...keys }),
    now: options.now,
  });
}

const expectations = (fields: Partial<SpExpectations> = {}): SpExpectations => ({
  provider: 'Corp',
  idpCertificate: new X509Certificate(keys.certificate),
  idpEntityId: IDP,
  spEntityId: ACS,
  acsUrl: ACS,
  requestId: REQUEST_ID,
  ...fields,
});

const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

async function refusal(xml: string, fields: Partial<SpExpectations> = {}): Promise<AppError> {
  const error = await verifySamlResponse(b64(xml), expectations(fields)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  keys = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Test IdP' });
});

describe('a SAML response posted to the ACS', () => {
  it('is accepted when signed by the IdP for this SP, also DEFLATEd and with C14N 1.0', async () => {
    const verified = await verifySamlResponse(b64(response()), expectations());
    expect(verified).toMatchObject({ issuer: IDP, nameId: 'alice', nameIdFormat: NAMEID_FORMAT.unspecified });
    expect(verified.attributes).toEqual(
      expect.arrayContaining([
        { name: 'Email', friendlyName: '', values: ['alice@idp.example'] },
        { name: 'DisplayName', friendlyName: '', values: ['Alice'] },
      ]),
    );
    expect(verified.usableUntil).toBeGreaterThan(Date.now() + 5 * 60 * 1000);
    const deflated = deflateRawSync(Buffer.from(response({ c14n10: true }))).toString('base64');
    expect((await verifySamlResponse(deflated, expectations())).nameId).toBe('alice');
  });

  it('is refused when not base64 SAML, schema-invalid, or another message', async () => {
    await expect(verifySamlResponse('not base64!', expectations())).rejects.toMatchObject({ key: 'samlResponseMalformed' });
    expect((await refusal('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>')).key).toBe(
      'samlResponseInvalid',
    );
    const request =
      '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_a" Version="2.0" IssueInstant="2024-01-01T00:00:00Z"/>';
    expect(await refusal(request)).toMatchObject({
      key: 'samlResponseInvalid',
      params: { detail: expect.stringContaining('AuthnRequest') },
    });
  });

  it('is refused with the status the IdP answered when it did not sign anybody in', async () => {
    const failed =
      '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r" Version="2.0" IssueInstant="2024-01-01T00:00:00Z">' +
      '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder">' +
      '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode>' +
      '<samlp:StatusMessage>Wrong password</samlp:StatusMessage></samlp:Status></samlp:Response>';
    expect(await refusal(failed)).toMatchObject({
      key: 'samlResponseStatus',
      params: { status: 'Responder/AuthnFailed', message: ' (Wrong password)' },
    });
  });

  it('is refused unsigned, with SHA-1, with two assertions or an encrypted one', async () => {
    const unsigned = response().replace(/<ds:Signature [\s\S]*?<\/ds:Signature>/g, '');
    expect((await refusal(unsigned)).key).toBe('samlResponseUnsigned');
    const sha1 = response()
      .replaceAll('xmldsig-more#rsa-sha256', 'xmldsig#rsa-sha1')
      .replaceAll('2001/04/xmldsig#rsa-sha1', '2000/09/xmldsig#rsa-sha1');
    expect(await refusal(sha1)).toMatchObject({
      key: 'samlResponseSigAlgUnsupported',
      params: { alg: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1' },
    });
    const xml = response();
    const assertion = /<saml:Assertion [\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const second = assertion.replace(/ ID="[^"]+"/, ' ID="_second"');
    expect(await refusal(xml.replace(assertion, assertion + second))).toMatchObject({
      key: 'samlAssertionCount',
      params: { count: 2 },
    });
    const encrypted = xml.replace(
      assertion,
      '<saml:EncryptedAssertion><xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#"><xenc:CipherData><xenc:CipherValue>AA==</xenc:CipherValue></xenc:CipherData></xenc:EncryptedData></saml:EncryptedAssertion>',
    );
    expect((await refusal(encrypted)).key).toBe('samlAssertionEncrypted');
  });

  it('is refused from another issuer, for another ACS or audience, for another request, expired or early', async () => {
    expect(await refusal(response({ issuer: 'https://evil.example' }))).toMatchObject({
      key: 'samlResponseIssuerMismatch',
      params: { issuer: 'https://evil.example', expected: IDP },
    });
    // Without an IdP entity ID configured the issuer is not checked.
    expect(
      (await verifySamlResponse(b64(response({ issuer: 'https://other.example' })), expectations({ idpEntityId: '' }))).issuer,
    ).toBe('https://other.example');
    expect(await refusal(response({ acsUrl: 'https://sp.example.com/other-acs' }))).toMatchObject({
      key: 'samlResponseDestinationMismatch',
      params: { destination: 'https://sp.example.com/other-acs', expected: ACS },
    });
    expect(await refusal(response({ audience: 'https://other-sp.example' }))).toMatchObject({
      key: 'samlAudienceMismatch',
      params: { audience: 'https://other-sp.example', expected: ACS },
    });
    expect(await refusal(response(), { requestId: '_another' })).toMatchObject({
      key: 'samlInResponseToMismatch',
      params: { id: REQUEST_ID },
    });
    expect((await refusal(response({ now: Date.now() - 7 * 60 * 1000 }))).key).toBe('samlResponseExpired');
    expect((await refusal(response({ now: Date.now() + 10 * 60 * 1000 }))).key).toBe('samlResponseNotYetValid');
    // Within the clock skew both ways.
    await expect(verifySamlResponse(b64(response({ now: Date.now() - 5.5 * 60 * 1000 })), expectations())).resolves.toBeTruthy();
  });

  it('is refused when signed by another key, tampered with, or wrapped around a forged assertion', async () => {
    const stranger = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Stranger' });
    const signatureInvalid = { key: 'samlResponseSignatureInvalid', params: { name: 'Corp' } };
    expect(await refusal(response(), { idpCertificate: new X509Certificate(stranger.certificate) })).toMatchObject(
      signatureInvalid,
    );
    expect(await refusal(response().replace('>alice</saml:NameID>', '>admin</saml:NameID>'))).toMatchObject(signatureInvalid);
    // A comment cannot cut the NameID short: what counts is the signed, canonical content.
    const commented = await verifySamlResponse(
      b64(response().replace('>alice</saml:NameID>', '>ali<!-- x -->ce</saml:NameID>')),
      expectations(),
    );
    expect(commented.nameId).toBe('alice');
    // Signature wrapping: a forged assertion in front, carrying the genuine signature, the signed
    // assertion hidden in its Advice. Whatever the outcome, the forged NameID never signs in.
    const xml = response().replace(/<ds:Signature [\s\S]*?<\/ds:Signature>/, '');
    const assertion = /<saml:Assertion [\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const signature = /<ds:Signature [\s\S]*?<\/ds:Signature>/.exec(assertion)?.[0] ?? '';
    const forged = assertion
      .replace(/ ID="[^"]+"/, ' ID="_forged"')
      .replace('>alice</saml:NameID>', '>admin</saml:NameID>')
      .replace('<saml:AttributeStatement>', `<saml:Advice>${assertion}</saml:Advice><saml:AttributeStatement>`);
    expect(forged).toContain(signature);
    const outcome = await verifySamlResponse(b64(xml.replace(assertion, forged)), expectations()).then(
      (verified) => verified.nameId,
      (error: AppError) => error.key,
    );
    expect(['alice', 'samlResponseSignatureInvalid', 'samlResponseInvalid']).toContain(outcome);
  });
});

describe('an assertion accepted (replay protection)', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  const claimOf = (issuer: string, id: string) =>
    database.db
      .selectFrom('usedOnce')
      .select(['id', 'expiresTime'])
      .where('id', '=', usedOnceId(SAML_ASSERTION_NAMESPACE, `${issuer}\n${id}`))
      .executeTakeFirst();
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? { key: error.key, ...error.params } : Promise.reject(error)),
    );

  it('signs in once: the same assertion again is refused, as long as it would be accepted', async () => {
    const verified = await verifySamlResponse(b64(response()), expectations());
    expect(await outcome(claimAssertion(database, verified))).toBe('ok');
    expect(await outcome(claimAssertion(database, verified))).toEqual({ key: 'samlResponseReplayed' });
    // Kept (only a hash of issuer and ID) until the assertion would expire, then purged.
    const claim = await claimOf(IDP, verified.id);
    expect(claim?.expiresTime).toBe(nowRfc3339(new Date(Math.ceil(verified.usableUntil / 1000) * 1000)));
    await purgeExpiredClaims(database, new Date(verified.usableUntil - 1000));
    expect(await claimOf(IDP, verified.id)).toBeDefined();
    await purgeExpiredClaims(database, new Date(verified.usableUntil + 1000));
    expect(await claimOf(IDP, verified.id)).toBeUndefined();
  });

  it('is claimed per issuer, by exactly one of concurrent sign-ins; an assertion without an ID is refused', async () => {
    const usableUntil = Date.now() + 60_000;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => outcome(claimAssertion(database, { issuer: IDP, id: '_race', usableUntil }))),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result !== 'ok')).toEqual(Array(3).fill({ key: 'samlResponseReplayed' }));
    // The same ID from another IdP is another assertion.
    expect(await outcome(claimAssertion(database, { issuer: 'https://other-idp.example', id: '_race', usableUntil }))).toBe('ok');
    expect(await outcome(claimAssertion(database, { issuer: IDP, id: '', usableUntil }))).toEqual({
      key: 'samlResponseInvalid',
      detail: 'the assertion has no ID',
    });
  });
});

describe('the identity an assertion describes', () => {
  const assertion = (
    nameId: string,
    attributes: [string, string, string[]][],
    nameIdFormat: string = NAMEID_FORMAT.unspecified,
  ) => ({
    id: '_a',
    issuer: IDP,
    nameId,
    nameIdFormat,
    usableUntil: 0,
    attributes: attributes.map(([name, friendlyName, values]) => ({ name, friendlyName, values })),
  });

  it("takes Gatehouse's and Casdoor's attributes (Name, DisplayName, Email)", () => {
    expect(
      identityOfAssertion(
        assertion('u-1', [
          ['Email', '', ['a@x.example']],
          ['Name', '', ['alice']],
          ['DisplayName', '', ['Alice A.']],
        ]),
      ),
    ).toEqual({
      id: 'u-1',
      username: 'alice',
      displayName: 'Alice A.',
      email: 'a@x.example',
      emailVerified: false,
      avatarUrl: '',
    });
  });

  it('takes OIDs and claim URIs, first and last names, and an e-mail NameID', () => {
    const oids = assertion(
      'bob@corp.example',
      [
        ['urn:oid:0.9.2342.19200300.100.1.1', 'uid', ['bob']],
        ['urn:oid:2.5.4.42', 'givenName', ['Bob']],
        ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', '', ['Builder']],
      ],
      NAMEID_FORMAT.email,
    );
    expect(identityOfAssertion(oids)).toMatchObject({
      id: 'bob@corp.example',
      username: 'bob',
      displayName: 'Bob Builder',
      email: 'bob@corp.example',
    });
    // Keycloak's default NameID is the username; its attributes come by FriendlyName.
    expect(identityOfAssertion(assertion('carol', [['urn:x:mail', 'email', ['carol@kc.example']]]))).toMatchObject({
      username: 'carol',
      displayName: 'carol',
      email: 'carol@kc.example',
    });
    // A value that is no address is not taken as one.
    expect(identityOfAssertion(assertion('dave', [['mail', '', ['not an address']]])).email).toBe('');
  });
});
