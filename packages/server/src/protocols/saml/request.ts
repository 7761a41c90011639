import { deflateRawSync } from 'node:zlib';
import type { Application } from '@gatehouse/entities';
import { parsePastedCertificate } from '../../crypto/certs.js';
import { AppError } from '../../errors.js';
import { decodeSamlMessage, samlMessageParser } from '../../integrations/saml/messages.js';
import { validateSchema } from '../../integrations/saml/schema.js';
import { type SignedQuery, verifyEnvelopedSignature, verifyQuerySignature } from '../../integrations/saml/verify.js';
import { checkNameIdFormat } from './name-id.js';

/** An AuthnRequest as it arrives, whichever binding carried it. */
export interface SamlRequestInput {
  /** base64 of the XML, DEFLATEd (HTTP-Redirect) or not (HTTP-POST). */
  samlRequest: string;
  relayState: string;
  /** The HTTP-Redirect binding's query signature, when the SP signed the request that way. */
  signedQuery?: SignedQuery;
}

/** An AuthnRequest accepted for an application. */
export interface SamlAuthnRequest {
  id: string;
  /** The SP's entity ID. */
  issuer: string;
  /** Where the response goes: the request's AssertionConsumerServiceURL or the SAML reply URL. */
  acsUrl: string;
  relayState: string;
  forceAuthn: boolean;
  /** NameIDPolicy's Format ('' without one): one of SUPPORTED_NAMEID_FORMATS, others are refused. */
  nameIdFormat: string;
  /**
   * NameIDPolicy's AllowCreate, for information only: persistent NameIDs here are derived from the
   * user and the application, never created or stored, so "false" has nothing to forbid.
   */
  nameIdAllowCreate: boolean;
  /** The XML, DEFLATEd and base64-encoded (the compact form the sign-in page's address carries). */
  deflated: string;
}

/** Largest AuthnRequest accepted, decoded (a signed request with a certificate is a few KB). */
const malformed = () => new AppError('samlRequestMalformed');

const parser = samlMessageParser(new Set(['Reference']));

type Node = Record<string, unknown>;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']);
  return '';
}

function attr(node: Node, name: string): string {
  const v = node[`@_${name}`];
  return typeof v === 'string' ? v : '';
}

/** The fields of a schema-valid AuthnRequest that matter here. */
interface ParsedAuthnRequest {
  id: string;
  issuer: string;
  destination: string;
  acsUrl: string;
  forceAuthn: boolean;
  nameIdFormat: string;
  nameIdAllowCreate: boolean;
  signature: { method: string; references: string[] } | null;
}

function parseAuthnRequest(xml: string): ParsedAuthnRequest {
  const doc = parser.parse(xml) as Node;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootName !== 'AuthnRequest') throw new AppError('samlRequestNotAuthn', { name: rootName ?? '' });
  const root = doc.AuthnRequest as Node;
  if (attr(root, 'Version') !== '2.0') throw new AppError('samlRequestInvalid', { detail: 'Version must be 2.0' });
  let signature: ParsedAuthnRequest['signature'] = null;
  if (root.Signature && typeof root.Signature === 'object') {
    const signedInfo = ((root.Signature as Node).SignedInfo ?? {}) as Node;
    const references = (signedInfo.Reference ?? []) as Node[];
    signature = {
      method: attr((signedInfo.SignatureMethod ?? {}) as Node, 'Algorithm'),
      references: references.map((r) => attr(r, 'URI')),
    };
  }
  // An empty <NameIDPolicy/> reads as '', one with attributes as an object.
  const policy = root.NameIDPolicy && typeof root.NameIDPolicy === 'object' ? (root.NameIDPolicy as Node) : {};
  return {
    id: attr(root, 'ID'),
    issuer: textOf(root.Issuer).trim(),
    destination: attr(root, 'Destination'),
    acsUrl: attr(root, 'AssertionConsumerServiceURL'),
    forceAuthn: ['true', '1'].includes(attr(root, 'ForceAuthn')),
    nameIdFormat: attr(policy, 'Format').trim(),
    nameIdAllowCreate: ['true', '1'].includes(attr(policy, 'AllowCreate')),
    signature,
  };
}

function checkSignature(app: Application, xml: string, parsed: ParsedAuthnRequest, input: SamlRequestInput) {
  const spCert = app.samlSpCert ? parsePastedCertificate(app.samlSpCert) : null;
  if (!spCert) return; // Signatures are required (and can be checked) only with the SP's certificate.
  if (input.signedQuery) {
    if (!verifyQuerySignature(spCert, input.signedQuery)) throw new AppError('samlSignatureInvalid');
    return;
  }
  if (!parsed.signature) throw new AppError('samlRequestUnsigned', { application: app.name });
  if (!verifyEnvelopedSignature(xml, spCert, parsed.signature, parsed.id)) throw new AppError('samlSignatureInvalid');
}

/** The SSO endpoints an SP may address: ours, and the one Casdoor's metadata names for HTTP-Redirect. */
export function ssoEndpoints(origin: string, app: Application): string[] {
  const path = `${encodeURIComponent(app.owner)}/${encodeURIComponent(app.name)}`;
  return [`${origin}/api/saml/redirect/${path}`, `${origin}/login/saml/authorize/${path}`];
}

/**
 * Where the response may go. The request's AssertionConsumerServiceURL must be the application's
 * SAML reply URL or one of its redirect URIs (exactly); without one, the SAML reply URL is used.
 */
function assertionConsumerOf(app: Application, requested: string): string {
  if (!requested) {
    if (app.samlReplyUrl) return app.samlReplyUrl;
    throw new AppError('samlAcsMissing');
  }
  const registered = requested === app.samlReplyUrl || app.redirectUris.includes(requested);
  if (!registered || !/^https?:\/\//i.test(requested)) throw new AppError('samlAcsNotAllowed', { url: requested });
  return requested;
}

/**
 * Reads and checks an AuthnRequest for `app`: encoding, XML schema, message type, signature (when
 * the application has the SP's certificate), Destination, issuer, NameID format and assertion
 * consumer URL.
 * Refusals are AppErrors with their messages.
 */
export async function validateSamlRequest(origin: string, app: Application, input: SamlRequestInput): Promise<SamlAuthnRequest> {
  const xml = decodeSamlMessage(input.samlRequest);
  const schema = await validateSchema(xml);
  if (!schema.ok) throw new AppError('samlRequestInvalid', { detail: schema.detail });
  const parsed = parseAuthnRequest(xml);
  checkSignature(app, xml, parsed, input);
  if (parsed.destination && !ssoEndpoints(origin, app).includes(parsed.destination)) {
    throw new AppError('samlDestinationMismatch', { destination: parsed.destination, expected: ssoEndpoints(origin, app)[0] });
  }
  if (!parsed.issuer) throw new AppError('samlIssuerMissing');
  if (parsed.issuer !== app.samlReplyUrl && !app.redirectUris.includes(parsed.issuer)) {
    throw new AppError('samlIssuerUnknown', { issuer: parsed.issuer, application: app.name });
  }
  checkNameIdFormat(parsed.nameIdFormat);
  return {
    id: parsed.id,
    issuer: parsed.issuer,
    acsUrl: assertionConsumerOf(app, parsed.acsUrl),
    relayState: input.relayState,
    forceAuthn: parsed.forceAuthn,
    nameIdFormat: parsed.nameIdFormat,
    nameIdAllowCreate: parsed.nameIdAllowCreate,
    deflated: deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'),
  };
}

/** Splits a query string into its raw (still encoded) name=value parts. */
function rawParts(query: string): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const list = parts.get(name) ?? [];
    list.push(part);
    parts.set(name, list);
  }
  return parts;
}

function decodeComponent(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw malformed();
  }
}

/**
 * The HTTP-Redirect binding's parameters from a raw query string. When it is signed (SigAlg and
 * Signature), the signed octets are rebuilt from the parameters exactly as they were encoded:
 * "SAMLRequest=value&RelayState=value&SigAlg=value" (bindings §3.4.4.1).
 */
export function redirectBindingInput(rawQuery: string): SamlRequestInput {
  const parts = rawParts(rawQuery);
  const one = (name: string): string | undefined => {
    const list = parts.get(name);
    if (!list) return undefined;
    if (list.length > 1) throw malformed();
    return list[0];
  };
  const value = (part: string | undefined) => (part === undefined ? '' : decodeComponent(part.slice(part.indexOf('=') + 1)));
  const request = one('SAMLRequest');
  if (!request || !value(request)) throw new AppError('missingParameter', { name: 'SAMLRequest' });
  const relay = one('RelayState');
  const sigAlg = one('SigAlg');
  const signature = one('Signature');
  const input: SamlRequestInput = { samlRequest: value(request), relayState: value(relay) };
  if (sigAlg !== undefined || signature !== undefined) {
    if (!sigAlg || !signature) throw new AppError('samlSignatureInvalid');
    input.signedQuery = {
      octets: [request, relay, sigAlg].filter((p) => p !== undefined).join('&'),
      sigAlg: value(sigAlg),
      signature: value(signature),
    };
  }
  return input;
}

/** A signed Redirect-binding request carried on as its signed octets and signature (sign-in page → /api/login). */
export function signedQueryInput(octets: string, signature: string): SamlRequestInput {
  const input = redirectBindingInput(`${octets}&Signature=${encodeURIComponent(signature)}`);
  // Nothing but SAMLRequest, RelayState and SigAlg, in that order.
  if (input.signedQuery?.octets !== octets) throw new AppError('samlSignatureInvalid');
  return input;
}
