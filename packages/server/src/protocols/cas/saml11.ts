import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { ServerContext } from '../../context.js';
import { releasedAttributes } from './attributes.js';
import { CasFailure } from './responses.js';
import { type Validated, validateTicket } from './validate.js';
import { el, renderXml, type XmlNode } from './xml.js';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SAMLP_NS = 'urn:oasis:names:tc:SAML:1.0:protocol';
const SAML_NS = 'urn:oasis:names:tc:SAML:1.0:assertion';
const CAS_ATTRIBUTE_NS = 'http://www.ja-sig.org/products/cas/';
const ARTIFACT = 'urn:oasis:names:tc:SAML:1.0:cm:artifact';
/** How long the assertion is valid, and the clock skew allowed before it. */
const ASSERTION_SECONDS = 60;
const SKEW_SECONDS = 30;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

export interface SamlRequest {
  requestId: string;
  artifact: string;
}

/**
 * Reads the SOAP envelope of a samlValidate POST: Envelope/Body/Request with its RequestID and the
 * ticket in AssertionArtifact. Documents with a DTD are refused (SOAP allows none, and entity
 * declarations are how XML bombs work).
 */
export function parseSamlRequest(body: string): SamlRequest {
  if (!body.trim()) throw new CasFailure('INVALID_REQUEST', 'The request body is empty: a SOAP envelope is expected');
  if (/<!DOCTYPE/i.test(body)) throw new CasFailure('INVALID_REQUEST', 'Document type declarations are not allowed');
  let doc: Record<string, any>;
  try {
    doc = parser.parse(body, true);
  } catch (error) {
    throw new CasFailure(
      'INVALID_REQUEST',
      `The request body is not XML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const request = doc?.Envelope?.Body?.Request;
  const artifact = request?.AssertionArtifact;
  if (!request || typeof artifact !== 'string' || !artifact) {
    throw new CasFailure('INVALID_REQUEST', 'No samlp:AssertionArtifact in the SOAP body');
  }
  return { requestId: String(request['@_RequestID'] ?? ''), artifact };
}

const instant = (ms: number) => new Date(ms).toISOString();
const samlId = () => `_${randomBytes(16).toString('hex')}`;

function subject(nameId: string): XmlNode {
  return el(
    'saml:Subject',
    undefined,
    el('saml:NameIdentifier', undefined, nameId),
    el('saml:SubjectConfirmation', undefined, el('saml:ConfirmationMethod', undefined, ARTIFACT)),
  );
}

function envelope(response: XmlNode): string {
  return renderXml(
    el('SOAP-ENV:Envelope', { 'xmlns:SOAP-ENV': SOAP_NS }, el('SOAP-ENV:Header'), el('SOAP-ENV:Body', undefined, response)),
  );
}

function responseAttrs(requestId: string, recipient: string): Record<string, string> {
  const attrs: Record<string, string> = {
    'xmlns:samlp': SAMLP_NS,
    'xmlns:saml': SAML_NS,
    'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    IssueInstant: instant(Date.now()),
    MajorVersion: '1',
    MinorVersion: '1',
    ResponseID: samlId(),
  };
  if (requestId) attrs.InResponseTo = requestId;
  if (recipient) attrs.Recipient = recipient;
  return attrs;
}

/**
 * The SAML 1.1 Response of a successful validation (the CAS server's samlValidate format, as Casdoor
 * builds it in object/saml_idp.go NewSamlResponse11): the NameIdentifier is the user's name (the
 * e-mail when the application sets useEmailAsSamlNameId), every released attribute an Attribute in
 * the CAS namespace, and the assertion restricted to the service as its audience.
 */
export function samlSuccess(validated: Validated, requestId: string, service: string, issuer: string): string {
  const now = Date.now();
  const { user, app, ticket } = validated;
  const nameId = app.useEmailAsSamlNameId && user.email ? user.email : user.name;
  const attributes = releasedAttributes(user, ticket).map(([name, values]) =>
    el(
      'saml:Attribute',
      { AttributeName: name, AttributeNamespace: CAS_ATTRIBUTE_NS },
      ...values.map((v) => el('saml:AttributeValue', undefined, v)),
    ),
  );
  const assertion = el(
    'saml:Assertion',
    {
      AssertionID: samlId(),
      IssueInstant: instant(now),
      Issuer: issuer,
      MajorVersion: '1',
      MinorVersion: '1',
    },
    el(
      'saml:Conditions',
      { NotBefore: instant(now - SKEW_SECONDS * 1000), NotOnOrAfter: instant(now + ASSERTION_SECONDS * 1000) },
      el('saml:AudienceRestrictionCondition', undefined, el('saml:Audience', undefined, service)),
    ),
    el('saml:AttributeStatement', undefined, subject(nameId), ...attributes),
    el(
      'saml:AuthenticationStatement',
      {
        AuthenticationInstant: new Date(ticket.authTime || now).toISOString(),
        AuthenticationMethod: 'urn:oasis:names:tc:SAML:1.0:am:password',
      },
      subject(nameId),
    ),
  );
  return envelope(
    el(
      'samlp:Response',
      responseAttrs(requestId, service),
      el('samlp:Status', undefined, el('samlp:StatusCode', { Value: 'samlp:Success' })),
      assertion,
    ),
  );
}

/**
 * A refused validation: a SAML Response without assertion whose status says why (Requester for a
 * bad request or ticket, Responder for our own failures), with the CAS error code in the message.
 */
export function samlFailure(failure: CasFailure, requestId: string, service: string): string {
  const code = failure.code === 'INTERNAL_ERROR' ? 'samlp:Responder' : 'samlp:Requester';
  return envelope(
    el(
      'samlp:Response',
      responseAttrs(requestId, service),
      el(
        'samlp:Status',
        undefined,
        el('samlp:StatusCode', { Value: code }),
        el('samlp:StatusMessage', undefined, `${failure.code}: ${failure.description}`),
      ),
    ),
  );
}

/** POST /cas/{organization}/{application}/samlValidate?TARGET={service} with the SOAP request. */
export async function samlValidate(
  server: ServerContext,
  req: { organization: string; application: string; target: string; body: string; issuer: string },
): Promise<string> {
  let requestId = '';
  try {
    const parsed = parseSamlRequest(req.body);
    requestId = parsed.requestId;
    if (!req.target) throw new CasFailure('INVALID_REQUEST', "The 'TARGET' parameter (the service) is required");
    const validated = await validateTicket(server, {
      organization: req.organization,
      application: req.application,
      ticket: parsed.artifact,
      service: req.target,
      renew: false,
      pgtUrl: '',
      acceptProxyTickets: true,
    });
    return samlSuccess(validated, requestId, req.target, req.issuer);
  } catch (error) {
    if (error instanceof CasFailure) return samlFailure(error, requestId, req.target);
    throw error;
  }
}
