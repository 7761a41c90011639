import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { Envelope, Provider } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { signEnveloped } from './signing.js';
import { idpSsoUrl, spAddresses, spSigningKey } from './sp-config.js';
import { BINDING, NAMEID_FORMAT, NS } from './urns.js';
import { EXC_C14N, el, serialize, type XmlElement } from './xml.js';

/**
 * The AuthnRequest this server sends to a SAML provider's identity provider, and how the browser
 * takes it there (Casdoor's GenerateSamlRequest): unsigned over HTTP-Redirect (data = the SSO URL
 * with SAMLRequest and RelayState, data2 = "GET"), or, when the provider signs requests, signed
 * over HTTP-POST (data = an HTML page with the form, data2 = "POST"). The response is asked for at
 * <origin>/api/acs over HTTP-POST; RelayState is the sign-in's state (auth/provider-state.ts).
 */

/** An AuthnRequest ID: an NCName (it may not start with a digit) nobody can guess. */
export function newSamlRequestId(): string {
  return `_${randomUUID()}`;
}

/** "2024-01-01T00:00:00Z": xs:dateTime in UTC without fractions. */
function instant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SpRequestInput {
  /** The AuthnRequest's ID, which the state carries (the response's InResponseTo). */
  requestId: string;
  /** The state, sent as RelayState. */
  state: string;
  /** This server's origin (the ACS URL and the SP entity ID are below it). */
  origin: string;
  now?: number;
}

export function buildAuthnRequest(provider: Provider, input: SpRequestInput): { request: XmlElement; issuer: XmlElement } {
  const { acsUrl, entityId } = spAddresses(input.origin);
  const issuer = el('saml:Issuer', {}, [entityId]);
  const request = el(
    'samlp:AuthnRequest',
    {
      'xmlns:samlp': NS.protocol,
      'xmlns:saml': NS.assertion,
      ID: input.requestId,
      Version: '2.0',
      IssueInstant: instant(input.now ?? Date.now()),
      Destination: idpSsoUrl(provider),
      ProtocolBinding: BINDING.post,
      AssertionConsumerServiceURL: acsUrl,
    },
    [issuer, el('samlp:NameIDPolicy', { Format: NAMEID_FORMAT.unspecified, AllowCreate: 'true' })],
  );
  return { request, issuer };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A page that posts `fields` to `action` (the console reads the form; other clients may show the page). */
export function postFormPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`)
    .join('');
  return (
    '<!DOCTYPE html><html><body>' +
    `<form method="post" action="${escapeHtml(action)}" id="saml-request">${inputs}` +
    '<noscript><input type="submit" value="Continue"/></noscript></form>' +
    "<script>document.getElementById('saml-request').submit();</script>" +
    '</body></html>'
  );
}

/** GET /api/get-saml-login's answer: data = where the browser goes (or the form page), data2 = GET or POST. */
export async function samlLoginAnswer(
  server: ServerContext,
  provider: Provider,
  input: SpRequestInput,
): Promise<Envelope<string, string>> {
  const sso = idpSsoUrl(provider);
  const { request, issuer } = buildAuthnRequest(provider, input);
  if (provider.enableSignAuthnRequest) {
    signEnveloped(request, request, issuer, await spSigningKey(server, provider), EXC_C14N);
    const encoded = Buffer.from(serialize(request), 'utf8').toString('base64');
    return ok(postFormPage(sso, { SAMLRequest: encoded, RelayState: input.state }), 'POST');
  }
  const deflated = deflateRawSync(Buffer.from(serialize(request), 'utf8')).toString('base64');
  const query = `SAMLRequest=${encodeURIComponent(deflated)}&RelayState=${encodeURIComponent(input.state)}`;
  return ok(`${sso}${sso.includes('?') ? '&' : '?'}${query}`, 'GET');
}
