import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import {
  AC_PASSWORD_PROTECTED_TRANSPORT,
  ATTRNAME_FORMAT_BASIC,
  CM_BEARER,
  DIGEST_SHA256,
  ENVELOPED_SIGNATURE,
  NAMEID_FORMAT,
  NS,
  SIG_ALG,
  STATUS_SUCCESS,
} from '../integrations/saml/urns.js';
import {
  type C14nAlgorithm,
  canonicalize,
  EXC_C14N,
  el,
  scopeAbove,
  type XmlElement,
  type XmlNode,
} from '../integrations/saml/xml.js';

/**
 * SAML Responses of an identity provider, genuine and attacked, for the service-provider side's
 * attack tests (protocols/saml/attacks.api.test.ts). Every vector is built from one genuine
 * response that the IdP's key really signed for the user "mallory", then altered the way the
 * attack does: signature wrapping (XSW1-XSW8 and variants), comment injection, unsigned and
 * swapped assertions, other keys, algorithm and digest tampering. The same code writes the files
 * of protocols/saml/test-vectors (fixed key, time and addresses) and the live vectors the API
 * test posts (this server's ACS, the sign-in's request ID, now).
 *
 * Elements are indented before they are signed (as many IdPs write them), so that the files read
 * well and the whitespace is part of what is signed.
 */

export interface SamlKeyPair {
  /** PEM */
  certificate: string;
  /** PEM (PKCS#8) */
  privateKey: string;
}

export interface VectorSetting {
  /** The IdP's entity ID (the provider's issuerUrl). */
  issuer: string;
  /** The SP's ACS URL, which is also its entity ID (the audience). */
  acsUrl: string;
  /** The AuthnRequest the response answers. */
  requestId: string;
  now: number;
  /** Makes the assertion IDs of one set differ from another's (an accepted assertion is spent). */
  tag: string;
  idp: SamlKeyPair;
  stranger: SamlKeyPair;
}

export interface SamlVector {
  /** File name under protocols/saml/test-vectors. */
  file: string;
  attack: string;
  xml: string;
  /** Accepted with the NameID the SP must read, or refused with the error code. */
  expected: { nameId: string } | { refused: string };
}

/** The genuine user of every response, and the one the attacker wants to be. */
export const GENUINE = 'mallory';
export const VICTIM = 'victim';
/** The NameID of the comment-injection vector: what the IdP signed. */
export const COMMENTED_NAME_ID = 'victim@corp.example.attacker.test';

export const DIGEST = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: DIGEST_SHA256,
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
} as const;
export const HMAC_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#hmac-sha256';

const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const base64Certificate = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** Indents an element's element-only content (not text content such as a NameID's). */
function indent(node: XmlElement, depth = 0): XmlElement {
  const elements = node.children.filter((c): c is XmlElement => typeof c !== 'string');
  if (elements.length === 0 || node.children.some((c) => typeof c === 'string' && c.trim() !== '')) return node;
  const pad = (d: number) => `\n${'  '.repeat(d)}`;
  node.children = [...elements.flatMap((c) => [pad(depth + 1), indent(c, depth + 1)]), pad(depth)];
  return node;
}

export function child(node: XmlElement, name: string): XmlElement {
  const found = node.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
  if (!found) throw new Error(`${node.name} has no ${name}`);
  return found;
}

export const clone = (node: XmlElement): XmlElement => structuredClone(node);

/** `node` without its ds:Signature children. */
export function withoutSignature(node: XmlElement): XmlElement {
  const copy = clone(node);
  copy.children = copy.children.filter((c) => typeof c === 'string' || c.name !== 'ds:Signature');
  return copy;
}

/** Inserts `inserted` right after the element child `after` of `parent`. */
export function insertAfter(parent: XmlElement, after: XmlElement, inserted: XmlNode[]) {
  const at = parent.children.indexOf(after);
  if (at < 0) throw new Error(`${after.name} is not a child of ${parent.name}`);
  parent.children.splice(at + 1, 0, ...inserted);
}

export function replaceChild(parent: XmlElement, old: XmlElement, replacement: XmlNode[]) {
  const at = parent.children.indexOf(old);
  if (at < 0) throw new Error(`${old.name} is not a child of ${parent.name}`);
  parent.children.splice(at, 1, ...replacement);
}

function assertionOf(s: VectorSetting, id: string, nameId: string, attributes: Record<string, string>): XmlElement {
  const until = instant(s.now + 5 * 60 * 1000);
  const attribute = (name: string, value: string) =>
    el('saml:Attribute', { Name: name, NameFormat: ATTRNAME_FORMAT_BASIC }, [
      el('saml:AttributeValue', { 'xsi:type': 'xs:string' }, [value]),
    ]);
  return indent(
    el(
      'saml:Assertion',
      {
        'xmlns:saml': NS.assertion,
        'xmlns:xs': NS.xs,
        'xmlns:xsi': NS.xsi,
        ID: id,
        Version: '2.0',
        IssueInstant: instant(s.now),
      },
      [
        el('saml:Issuer', {}, [s.issuer]),
        el('saml:Subject', {}, [
          el('saml:NameID', { Format: NAMEID_FORMAT.unspecified }, [nameId]),
          el('saml:SubjectConfirmation', { Method: CM_BEARER }, [
            el('saml:SubjectConfirmationData', { InResponseTo: s.requestId, NotOnOrAfter: until, Recipient: s.acsUrl }),
          ]),
        ]),
        el('saml:Conditions', { NotBefore: instant(s.now - 60 * 1000), NotOnOrAfter: until }, [
          el('saml:AudienceRestriction', {}, [el('saml:Audience', {}, [s.acsUrl])]),
        ]),
        el('saml:AuthnStatement', { AuthnInstant: instant(s.now), SessionIndex: `${id}-session` }, [
          el('saml:AuthnContext', {}, [el('saml:AuthnContextClassRef', {}, [AC_PASSWORD_PROTECTED_TRANSPORT])]),
        ]),
        el(
          'saml:AttributeStatement',
          {},
          Object.entries(attributes).map(([name, value]) => attribute(name, value)),
        ),
      ],
    ),
    1,
  );
}

export function responseOf(s: VectorSetting, id: string, assertions: XmlNode[]): XmlElement {
  return indent(
    el(
      'samlp:Response',
      {
        'xmlns:samlp': NS.protocol,
        'xmlns:saml': NS.assertion,
        ID: id,
        Version: '2.0',
        IssueInstant: instant(s.now),
        Destination: s.acsUrl,
        InResponseTo: s.requestId,
      },
      [
        el('saml:Issuer', {}, [s.issuer]),
        el('samlp:Status', {}, [el('samlp:StatusCode', { Value: STATUS_SUCCESS })]),
        ...assertions.filter((a) => typeof a !== 'string'),
      ],
    ),
  );
}

interface SignOptions {
  key: SamlKeyPair;
  /** The certificate KeyInfo carries (default: the signing key's); null for no KeyInfo. */
  keyInfo?: SamlKeyPair | null;
  method?: 'rsaSha256' | 'rsaSha1' | 'rsaSha512';
  digest?: keyof typeof DIGEST;
  c14n?: C14nAlgorithm;
}

const HASH_OF = { rsaSha256: 'sha256', rsaSha1: 'sha1', rsaSha512: 'sha512' } as const;

/**
 * An enveloped XML signature of `target` (inside `root`) placed after its Issuer, as an IdP writes
 * it: the digest over the canonical target (without the signature), SignedInfo canonicalized where
 * it stands. Returns the ds:Signature element.
 */
export function signInPlace(root: XmlElement, target: XmlElement, options: SignOptions): XmlElement {
  const { key, method = 'rsaSha256', digest = 'sha256', c14n = EXC_C14N } = options;
  const id = target.attrs.ID ?? '';
  const digestValue = createHash(digest)
    .update(canonicalize(target, c14n, scopeAbove(root, target)))
    .digest('base64');
  const signedInfo = el('ds:SignedInfo', {}, [
    el('ds:CanonicalizationMethod', { Algorithm: c14n }),
    el('ds:SignatureMethod', { Algorithm: SIG_ALG[method] }),
    el('ds:Reference', { URI: `#${id}` }, [
      el('ds:Transforms', {}, [el('ds:Transform', { Algorithm: ENVELOPED_SIGNATURE }), el('ds:Transform', { Algorithm: c14n })]),
      el('ds:DigestMethod', { Algorithm: DIGEST[digest] }),
      el('ds:DigestValue', {}, [digestValue]),
    ]),
  ]);
  const signature = el('ds:Signature', { 'xmlns:ds': NS.ds }, [signedInfo]);
  insertAfter(target, child(target, 'saml:Issuer'), [signature]);
  const value = sign(
    HASH_OF[method],
    Buffer.from(canonicalize(signedInfo, c14n, scopeAbove(root, signedInfo))),
    createPrivateKey(key.privateKey),
  );
  signature.children.push(el('ds:SignatureValue', {}, [value.toString('base64')]));
  const keyInfo = options.keyInfo === undefined ? key : options.keyInfo;
  if (keyInfo) {
    signature.children.push(
      el('ds:KeyInfo', {}, [el('ds:X509Data', {}, [el('ds:X509Certificate', {}, [base64Certificate(keyInfo.certificate)])])]),
    );
  }
  return signature;
}

/** The parts of one response: the IDs, the genuine assertion and the forged one (unsigned). */
export function parts(s: VectorSetting, slug: string, nameId = GENUINE, attributes?: Record<string, string>) {
  const ids = {
    response: `_${s.tag}-${slug}-response`,
    assertion: `_${s.tag}-${slug}-assertion`,
    forged: `_${s.tag}-${slug}-forged`,
  };
  const assertion = assertionOf(s, ids.assertion, nameId, attributes ?? { Name: nameId, Email: `${nameId}@idp.example` });
  const forged = assertionOf(s, ids.forged, VICTIM, { Name: VICTIM, Email: `${VICTIM}@idp.example` });
  const response = responseOf(s, ids.response, [assertion]);
  return { ids, assertion, forged, response };
}

/** The assertion, signed in place (Response not signed). */
export function assertionSigned(s: VectorSetting, slug: string, options: Partial<SignOptions> = {}) {
  const p = parts(s, slug);
  const signature = signInPlace(p.response, p.assertion, { key: s.idp, ...options });
  return { ...p, signature };
}

/** The Response signed (its assertion not). */
export function responseSigned(s: VectorSetting, slug: string) {
  const p = parts(s, slug);
  const signature = signInPlace(p.response, p.response, { key: s.idp });
  return { ...p, signature };
}
