/**
 * The parameters of the SAML sign-in page (/login/saml/authorize/{owner}/{application}) and what
 * the page does with the answer of POST /api/login type=saml.
 *
 * The IdP's SSO endpoint (/api/saml/redirect/...) sends browsers here with samlRequest (DEFLATEd,
 * base64) and relayState, or, for a request signed in the query, its signed octets (samlQuery) and
 * signature. Service providers configured from Casdoor's metadata may also send the browser here
 * directly with the HTTP-Redirect binding's own parameters (SAMLRequest, RelayState, SigAlg,
 * Signature), which are read the same way. The server checks all of it again.
 */
export interface SamlRequest {
  owner: string;
  application: string;
  /** What get-app-login and /api/login need: samlRequest + relayState, or samlQuery + signature. */
  params: Record<string, string>;
  /** The SP's ForceAuthn: the password is asked even with a session. */
  forceAuthn: boolean;
}

/** The value of a raw "name=value" query part. */
function decodePart(part: string): string {
  const value = part.slice(part.indexOf('=') + 1);
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The raw (still encoded) parts of a query string by name; the first of each. */
function rawParts(search: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (!parts.has(name)) parts.set(name, eq < 0 ? `${part}=` : part);
  }
  return parts;
}

/** Reads the page's address: `search` is location.search as received (its encoding matters for signatures). */
export function samlRequestOf(owner: string, application: string, search: string): SamlRequest {
  const parts = rawParts(search);
  const value = (name: string) => {
    const part = parts.get(name);
    return part === undefined ? '' : decodePart(part);
  };
  const forceAuthn = value('forceAuthn') === 'true';
  let params: Record<string, string>;
  if (value('samlQuery')) {
    params = { samlQuery: value('samlQuery'), signature: value('signature') };
  } else if (parts.has('SAMLRequest')) {
    // The HTTP-Redirect binding itself. When signed, the signature covers the parts exactly as encoded.
    const signature = value('Signature');
    if (signature || parts.has('SigAlg')) {
      const signed = ['SAMLRequest', 'RelayState', 'SigAlg'].flatMap((name) => parts.get(name) ?? []);
      params = { samlQuery: signed.join('&'), signature };
    } else {
      params = { samlRequest: value('SAMLRequest'), relayState: value('RelayState') };
    }
  } else {
    params = { samlRequest: value('samlRequest'), relayState: value('relayState') };
  }
  return { owner, application, params, forceAuthn };
}

/** GET /api/get-app-login type=saml: checks the application and the AuthnRequest before anyone signs in. */
export function samlAppLoginQuery(request: SamlRequest): Record<string, string> {
  return { type: 'saml', id: `${request.owner}/${request.application}`, ...request.params };
}

/** What POST /api/login type=saml answers in data2 (Casdoor's shape; relayState is ours). */
export interface SamlTarget {
  redirectUrl: string;
  method: string;
  relayState?: string;
}

/** data2 of a type=saml answer as a SamlTarget, or null when it is not one. */
export function samlTargetOf(value: unknown): SamlTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const redirectUrl: unknown = Reflect.get(value, 'redirectUrl');
  const method: unknown = Reflect.get(value, 'method');
  const relayState: unknown = Reflect.get(value, 'relayState');
  if (typeof redirectUrl !== 'string' || typeof method !== 'string') return null;
  return { redirectUrl, method, ...(typeof relayState === 'string' ? { relayState } : {}) };
}

/** How the SAMLResponse reaches the SP: a form posted to the ACS URL, or the browser sent to a URL. */
export type SamlDelivery =
  | { method: 'POST'; url: string; fields: { name: string; value: string }[] }
  | { method: 'GET'; url: string };

/**
 * The delivery of a signed-in response (Casdoor's page does the same): HTTP-POST is a form with
 * SAMLResponse and RelayState (when there is one) posted to the ACS URL; otherwise the browser goes
 * to the URL with them in the query.
 */
export function samlDelivery(samlResponse: string, target: SamlTarget, request: SamlRequest): SamlDelivery {
  const relayState = target.relayState ?? request.params.relayState ?? '';
  const fields = [{ name: 'SAMLResponse', value: samlResponse }];
  if (relayState) fields.push({ name: 'RelayState', value: relayState });
  if (target.method.toUpperCase() === 'POST') return { method: 'POST', url: target.redirectUrl, fields };
  const url = new URL(target.redirectUrl);
  for (const { name, value } of fields) url.searchParams.set(name, value);
  return { method: 'GET', url: url.toString() };
}
