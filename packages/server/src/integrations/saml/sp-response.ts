import type { X509Certificate } from 'node:crypto';
import samlify from 'samlify';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';
import { decodeSamlMessage, samlMessageParser } from './messages.js';
import { validateSchema } from './schema.js';
import { CM_BEARER, DIGEST_SHA256, DIGEST_SHA512, SIG_ALG, STATUS_SUCCESS } from './urns.js';
import { certificateMetadata } from './verify.js';

/**
 * A SAML Response posted to this server's ACS, checked as the Web Browser SSO profile asks
 * (saml-profiles §4.1.4.3) before anyone is signed in:
 *
 * 1. base64 (DEFLATE undone when the IdP compresses), no DOCTYPE, valid against the SAML schema;
 * 2. a Response with status Success and exactly one (unencrypted) Assertion;
 * 3. signed (the Response, the Assertion or both) with RSA-SHA256/512 over SHA-256/512 digests, each
 *    signature referencing the element it is enveloped in, verified with the provider's
 *    IdP certificate only (never a certificate the message brings); everything below is read from
 *    the signed content alone, so that wrapped or commented-out parts count for nothing;
 * 4. issuer = the provider's IdP entity ID (when set), Destination = our ACS, InResponseTo = the
 *    AuthnRequest this browser's sign-in sent (when present), a bearer SubjectConfirmation for our
 *    ACS that has not expired, Conditions that hold now and an audience that names us.
 *
 * Replays are caught by the caller (sp-replay.ts), with the assertion's ID and lifetime answered here.
 */

/** How far the identity provider's clock may be from ours. */
export const CLOCK_SKEW_MS = 60 * 1000;

/** What the response must match. */
export interface SpExpectations {
  /** The provider's name (in messages). */
  provider: string;
  idpCertificate: X509Certificate;
  /** The IdP's entity ID; '' leaves the issuer unchecked. */
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  /** The ID of the AuthnRequest sent; '' when the sign-in sent none. */
  requestId: string;
  now?: number;
}

export interface SamlAttribute {
  name: string;
  friendlyName: string;
  values: string[];
}

export interface VerifiedAssertion {
  id: string;
  issuer: string;
  nameId: string;
  nameIdFormat: string;
  attributes: SamlAttribute[];
  /** Until when (ms since the epoch) the assertion would be accepted: how long its replay record lasts. */
  usableUntil: number;
}

// XML signatures are checked by xml-crypto (through samlify), which has no ECDSA; SHA-1 is refused.
const XML_SIGNATURE_ALGORITHMS = new Set<string>([SIG_ALG.rsaSha256, SIG_ALG.rsaSha512]);
const XML_DIGEST_ALGORITHMS = new Set<string>([DIGEST_SHA256, DIGEST_SHA512]);

const LISTS = new Set([
  'Assertion',
  'EncryptedAssertion',
  'Signature',
  'SubjectConfirmation',
  'AudienceRestriction',
  'Audience',
  'AttributeStatement',
  'Attribute',
  'AttributeValue',
  'AuthnStatement',
]);

const parser = samlMessageParser(LISTS);

type Node = Record<string, unknown>;

const one = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const nodeOf = (value: unknown): Node => {
  const v = one(value);
  return isJsonObject(v) ? v : {};
};
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function textOf(value: unknown): string {
  const v = one(value);
  if (typeof v === 'string') return v.trim();
  if (isJsonObject(v) && '#text' in v) return String(v['#text']).trim();
  return '';
}

function attr(node: Node, name: string): string {
  const v = node[`@_${name}`];
  return typeof v === 'string' ? v : '';
}

const invalid = (detail: string) => new AppError('samlResponseInvalid', { detail });

/** A time attribute in milliseconds, or null when absent. */
function timeOf(node: Node, name: string): number | null {
  const value = attr(node, name);
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(`${name} "${value}" is not a time`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function rootOf(doc: Node): [string, Node] {
  const name = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#')) ?? '';
  return [name, nodeOf(doc[name])];
}

function decodeResponse(encoded: string): string {
  try {
    return decodeSamlMessage(encoded);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('samlResponseMalformed');
    throw error;
  }
}

/** The last part of a status URN ("urn:...:status:Requester" → "Requester"). */
const statusName = (urn: string) => urn.slice(urn.lastIndexOf(':') + 1) || urn;

function checkStatus(response: Node): void {
  const status = nodeOf(response.Status);
  const code = nodeOf(status.StatusCode);
  const value = attr(code, 'Value');
  if (value === STATUS_SUCCESS) return;
  const second = attr(nodeOf(code.StatusCode), 'Value');
  const message = textOf(status.StatusMessage);
  throw new AppError('samlResponseStatus', {
    status: second ? `${statusName(value)}/${statusName(second)}` : statusName(value),
    message: message ? ` (${message})` : '',
  });
}

/**
 * The signatures a verifier looks at (the Response's and the assertion's own children): RSA-SHA256/512
 * over SHA-256/512 digests, and each an enveloped signature of the element it stands in, by that
 * element's ID. A signature whose reference points elsewhere (a copy of the signed element hidden in
 * Extensions, an Advice or a ds:Object) is signature wrapping, refused before anything is verified.
 */
function checkSignatures(response: Node, assertion: Node, provider: string): void {
  const placed = [
    ...listOf(response.Signature).map((signature) => ({ signature: nodeOf(signature), parent: response })),
    ...listOf(assertion.Signature).map((signature) => ({ signature: nodeOf(signature), parent: assertion })),
  ];
  if (placed.length === 0) throw new AppError('samlResponseUnsigned');
  for (const { signature, parent } of placed) {
    const signedInfo = nodeOf(signature.SignedInfo);
    const method = attr(nodeOf(signedInfo.SignatureMethod), 'Algorithm');
    if (!XML_SIGNATURE_ALGORITHMS.has(method)) throw new AppError('samlResponseSigAlgUnsupported', { alg: method || '""' });
    const references = listOf(signedInfo.Reference).map(nodeOf);
    for (const reference of references) {
      const digest = attr(nodeOf(reference.DigestMethod), 'Algorithm');
      if (!XML_DIGEST_ALGORITHMS.has(digest)) throw new AppError('samlResponseSigAlgUnsupported', { alg: digest || '""' });
    }
    const id = attr(parent, 'ID');
    if (!id || references.length !== 1 || attr(references[0] ?? {}, 'URI') !== `#${id}`) {
      throw new AppError('samlResponseSignatureInvalid', { name: provider });
    }
  }
}

/** The assertion as signed (canonical XML), verified with the IdP's certificate only; null when nothing verifies. */
function signedAssertion(xml: string, certificate: X509Certificate): string | null {
  const metadata = certificateMetadata(certificate.raw.toString('base64'));
  try {
    const [verified, assertion] = samlify.SamlLib.verifySignature(xml, { metadata });
    return verified ? assertion : null;
  } catch {
    // A certificate in KeyInfo other than the IdP's, a wrapping attempt, an unreadable signature.
    return null;
  }
}

/** Why a bearer confirmation does not confirm the subject for us now, or null when it does. */
function confirmationProblem(data: Node, expect: SpExpectations, now: number): AppError | null {
  const recipient = attr(data, 'Recipient');
  if (recipient !== expect.acsUrl) {
    return new AppError('samlRecipientMismatch', { recipient: recipient || '""', expected: expect.acsUrl });
  }
  const notOnOrAfter = timeOf(data, 'NotOnOrAfter');
  if (notOnOrAfter === null) return invalid('the bearer SubjectConfirmationData has no NotOnOrAfter');
  if (now >= notOnOrAfter + CLOCK_SKEW_MS) return new AppError('samlResponseExpired', { time: iso(notOnOrAfter) });
  const notBefore = timeOf(data, 'NotBefore');
  if (notBefore !== null && now < notBefore - CLOCK_SKEW_MS) {
    return new AppError('samlResponseNotYetValid', { time: iso(notBefore) });
  }
  const inResponseTo = attr(data, 'InResponseTo');
  if (inResponseTo && inResponseTo !== expect.requestId) return new AppError('samlInResponseToMismatch', { id: inResponseTo });
  return null;
}

/** The bearer confirmation's expiry, or the refusal (the first bearer's problem when none holds). */
function confirmSubject(subject: Node, expect: SpExpectations, now: number): number {
  const bearers = listOf(subject.SubjectConfirmation)
    .map(nodeOf)
    .filter((c) => attr(c, 'Method') === CM_BEARER);
  if (bearers.length === 0) throw new AppError('samlRecipientMismatch', { recipient: '""', expected: expect.acsUrl });
  let first: AppError | null = null;
  for (const bearer of bearers) {
    const data = nodeOf(bearer.SubjectConfirmationData);
    const problem = confirmationProblem(data, expect, now);
    // A confirmation without a problem has its NotOnOrAfter (confirmationProblem checks it).
    const notOnOrAfter = timeOf(data, 'NotOnOrAfter');
    if (!problem && notOnOrAfter !== null) return notOnOrAfter;
    first ??= problem;
  }
  throw first ?? invalid('no bearer SubjectConfirmation applies');
}

/** The Conditions' expiry (null when unbounded), or the refusal. Every AudienceRestriction must name us. */
function checkConditions(conditions: Node, expect: SpExpectations, now: number): number | null {
  const notBefore = timeOf(conditions, 'NotBefore');
  if (notBefore !== null && now < notBefore - CLOCK_SKEW_MS)
    throw new AppError('samlResponseNotYetValid', { time: iso(notBefore) });
  const notOnOrAfter = timeOf(conditions, 'NotOnOrAfter');
  if (notOnOrAfter !== null && now >= notOnOrAfter + CLOCK_SKEW_MS) {
    throw new AppError('samlResponseExpired', { time: iso(notOnOrAfter) });
  }
  const restrictions = listOf(conditions.AudienceRestriction).map(nodeOf);
  const audiences = restrictions.map((r) => listOf(r.Audience).map(textOf));
  if (audiences.length === 0 || audiences.some((list) => !list.includes(expect.spEntityId))) {
    const named = audiences.flat().filter(Boolean);
    throw new AppError('samlAudienceMismatch', {
      audience: named.length > 0 ? named.join(', ') : '""',
      expected: expect.spEntityId,
    });
  }
  return notOnOrAfter;
}

/** Checks a base64 SAMLResponse (steps above) and answers the assertion's subject, attributes and lifetime. */
export async function verifySamlResponse(encoded: string, expect: SpExpectations): Promise<VerifiedAssertion> {
  const now = expect.now ?? Date.now();
  const xml = decodeResponse(encoded);
  const schema = await validateSchema(xml);
  if (!schema.ok) throw invalid(schema.detail);
  const [rootName, response] = rootOf(nodeOf(parser.parse(xml)));
  if (rootName !== 'Response') throw invalid(`the message is a ${rootName || 'document'}, not a Response`);
  if (attr(response, 'Version') !== '2.0') throw invalid('Version must be 2.0');
  checkStatus(response);
  if (listOf(response.EncryptedAssertion).length > 0) throw new AppError('samlAssertionEncrypted');
  const assertions = listOf(response.Assertion);
  if (assertions.length !== 1) throw new AppError('samlAssertionCount', { count: assertions.length });
  const topAssertion = nodeOf(assertions[0]);
  checkSignatures(response, topAssertion, expect.provider);

  const signedXml = signedAssertion(xml, expect.idpCertificate);
  if (!signedXml) throw new AppError('samlResponseSignatureInvalid', { name: expect.provider });
  const [signedName, assertion] = rootOf(nodeOf(parser.parse(signedXml)));
  // The signed assertion is the one the response carries, not a copy from elsewhere.
  if (signedName !== 'Assertion' || attr(assertion, 'ID') !== attr(topAssertion, 'ID')) {
    throw new AppError('samlResponseSignatureInvalid', { name: expect.provider });
  }

  // The Response's own attributes are covered by its signature only when it has one: they must
  // agree when present, and the assertion (always signed) carries the same facts again.
  const destination = attr(response, 'Destination');
  if (destination && destination !== expect.acsUrl) {
    throw new AppError('samlResponseDestinationMismatch', { destination, expected: expect.acsUrl });
  }
  const inResponseTo = attr(response, 'InResponseTo');
  if (inResponseTo && inResponseTo !== expect.requestId) throw new AppError('samlInResponseToMismatch', { id: inResponseTo });
  const issuer = textOf(assertion.Issuer);
  for (const named of [issuer, textOf(response.Issuer)]) {
    if (expect.idpEntityId && named && named !== expect.idpEntityId) {
      throw new AppError('samlResponseIssuerMismatch', { issuer: named, expected: expect.idpEntityId });
    }
  }

  const subject = nodeOf(assertion.Subject);
  const nameId = textOf(subject.NameID);
  if (!nameId) throw new AppError('samlNameIdMissing');
  const confirmedUntil = confirmSubject(subject, expect, now);
  const conditionsUntil = checkConditions(nodeOf(assertion.Conditions), expect, now);
  for (const statement of listOf(assertion.AuthnStatement).map(nodeOf)) {
    const sessionEnd = timeOf(statement, 'SessionNotOnOrAfter');
    if (sessionEnd !== null && now >= sessionEnd + CLOCK_SKEW_MS)
      throw new AppError('samlResponseExpired', { time: iso(sessionEnd) });
  }

  const attributes = listOf(assertion.AttributeStatement)
    .map(nodeOf)
    .flatMap((statement) => listOf(statement.Attribute).map(nodeOf))
    .map((a) => ({
      name: attr(a, 'Name'),
      friendlyName: attr(a, 'FriendlyName'),
      values: listOf(a.AttributeValue).map(textOf).filter(Boolean),
    }));
  return {
    id: attr(assertion, 'ID'),
    issuer,
    nameId,
    nameIdFormat: attr(nodeOf(subject.NameID), 'Format'),
    attributes,
    usableUntil: Math.min(confirmedUntil, conditionsUntil ?? confirmedUntil) + CLOCK_SKEW_MS,
  };
}
