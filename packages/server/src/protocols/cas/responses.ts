import type { FastifyReply } from 'fastify';
import type { Attribute } from './attributes.js';
import { el, renderXml, type XmlNode } from './xml.js';

export const CAS_NAMESPACE = 'http://www.yale.edu/tp/cas';

/** Error codes of the CAS protocol (CAS protocol §2.5.3, §2.7.3). */
export type CasErrorCode =
  | 'INVALID_REQUEST'
  | 'INVALID_TICKET_SPEC'
  | 'UNAUTHORIZED_SERVICE_PROXY'
  | 'INVALID_PROXY_CALLBACK'
  | 'INVALID_TICKET'
  | 'INVALID_SERVICE'
  | 'UNAUTHORIZED_SERVICE'
  | 'INTERNAL_ERROR';

/** A refusal of a validation or proxy request, answered as the protocol says (never thrown to the client). */
export class CasFailure extends Error {
  constructor(
    readonly code: CasErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.name = 'CasFailure';
  }
}

/** A ticket as it may appear in a message: bounded, since it comes from the request. */
export function shown(ticket: string): string {
  return ticket.length > 64 ? `${ticket.slice(0, 64)}...` : ticket;
}

export type Format = 'XML' | 'JSON';

/** The format parameter (CAS 3.0: XML or JSON, any case; XML when absent), or null when unsupported. */
export function formatOf(value: string | undefined): Format | null {
  if (!value) return 'XML';
  const upper = value.toUpperCase();
  return upper === 'XML' || upper === 'JSON' ? upper : null;
}

export interface AuthenticationSuccess {
  user: string;
  /** The PGTIOU when a proxy-granting ticket was delivered to the pgtUrl. */
  pgtIou?: string;
  /** Most recent proxy first. */
  proxies: string[];
  /** CAS 3.0 endpoints only. */
  attributes?: Attribute[];
}

function xmlAttributes(attributes: Attribute[]): XmlNode {
  const flat = attributes.flatMap(([name, values]) => values.map((v) => el(`cas:${name}`, undefined, v)));
  // Casdoor's clients read <cas:userAttributes><cas:attribute name="...">; the authentication
  // attributes stay outside it, as in object/cas.go.
  const named = attributes
    .filter(
      ([name]) => !['authenticationDate', 'longTermAuthenticationRequestTokenUsed', 'isFromNewLogin', 'memberOf'].includes(name),
    )
    .flatMap(([name, values]) => values.map((v) => el('cas:attribute', { name }, v)));
  return el('cas:attributes', undefined, ...flat, el('cas:userAttributes', undefined, ...named));
}

function jsonAttributes(attributes: Attribute[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values, list] of attributes) out[name] = list ? values : (values[0] ?? '');
  return out;
}

function serviceResponse(child: XmlNode): string {
  return renderXml(el('cas:serviceResponse', { 'xmlns:cas': CAS_NAMESPACE }, child));
}

export function successBody(format: Format, success: AuthenticationSuccess): string {
  if (format === 'JSON') {
    const body: Record<string, unknown> = { user: success.user };
    if (success.pgtIou) body.proxyGrantingTicket = success.pgtIou;
    if (success.proxies.length > 0) body.proxies = success.proxies;
    if (success.attributes) body.attributes = jsonAttributes(success.attributes);
    return JSON.stringify({ serviceResponse: { authenticationSuccess: body } });
  }
  return serviceResponse(
    el(
      'cas:authenticationSuccess',
      undefined,
      el('cas:user', undefined, success.user),
      success.attributes ? xmlAttributes(success.attributes) : null,
      success.pgtIou ? el('cas:proxyGrantingTicket', undefined, success.pgtIou) : null,
      success.proxies.length > 0
        ? el('cas:proxies', undefined, ...success.proxies.map((p) => el('cas:proxy', undefined, p)))
        : null,
    ),
  );
}

export function failureBody(format: Format, failure: CasFailure, element: 'authenticationFailure' | 'proxyFailure'): string {
  if (format === 'JSON') {
    return JSON.stringify({ serviceResponse: { [element]: { code: failure.code, description: failure.description } } });
  }
  return serviceResponse(el(`cas:${element}`, { code: failure.code }, failure.description));
}

export function proxySuccessBody(format: Format, proxyTicket: string): string {
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { proxySuccess: { proxyTicket } } });
  return serviceResponse(el('cas:proxySuccess', undefined, el('cas:proxyTicket', undefined, proxyTicket)));
}

/** Sends a CAS answer: always 200 (clients read the document), never cached. */
export function sendCas(reply: FastifyReply, format: Format | 'TEXT' | 'SOAP', body: string) {
  const type =
    format === 'JSON'
      ? 'application/json; charset=utf-8'
      : format === 'TEXT'
        ? 'text/plain; charset=utf-8'
        : format === 'SOAP'
          ? 'text/xml; charset=utf-8'
          : 'application/xml; charset=utf-8';
  return reply.code(200).header('content-type', type).header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
}
