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
  serialize,
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

const DIGEST = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  sha256: DIGEST_SHA256,
  sha512: 'http://www.w3.org/2001/04/xmlenc#sha512',
} as const;
const HMAC_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#hmac-sha256';

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

function child(node: XmlElement, name: string): XmlElement {
  const found = node.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
  if (!found) throw new Error(`${node.name} has no ${name}`);
  return found;
}

const clone = (node: XmlElement): XmlElement => structuredClone(node);

/** `node` without its ds:Signature children. */
function withoutSignature(node: XmlElement): XmlElement {
  const copy = clone(node);
  copy.children = copy.children.filter((c) => typeof c === 'string' || c.name !== 'ds:Signature');
  return copy;
}

/** Inserts `inserted` right after the element child `after` of `parent`. */
function insertAfter(parent: XmlElement, after: XmlElement, inserted: XmlNode[]) {
  const at = parent.children.indexOf(after);
  if (at < 0) throw new Error(`${after.name} is not a child of ${parent.name}`);
  parent.children.splice(at + 1, 0, ...inserted);
}

function replaceChild(parent: XmlElement, old: XmlElement, replacement: XmlNode[]) {
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

function responseOf(s: VectorSetting, id: string, assertions: XmlNode[]): XmlElement {
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
function signInPlace(root: XmlElement, target: XmlElement, options: SignOptions): XmlElement {
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
function parts(s: VectorSetting, slug: string, nameId = GENUINE, attributes?: Record<string, string>) {
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
function assertionSigned(s: VectorSetting, slug: string, options: Partial<SignOptions> = {}) {
  const p = parts(s, slug);
  const signature = signInPlace(p.response, p.assertion, { key: s.idp, ...options });
  return { ...p, signature };
}

/** The Response signed (its assertion not). */
function responseSigned(s: VectorSetting, slug: string) {
  const p = parts(s, slug);
  const signature = signInPlace(p.response, p.response, { key: s.idp });
  return { ...p, signature };
}

const refused = (code: string) => ({ refused: code });
const accepted = (nameId: string) => ({ nameId });

type Build = (s: VectorSetting, slug: string) => { xml: string; expected: SamlVector['expected'] };

const VECTORS: [string, string, Build][] = [
  [
    'genuine-both-signed',
    'baseline: the assertion and the response signed by the IdP (accepted)',
    (s, slug) => {
      const p = parts(s, slug);
      signInPlace(p.response, p.assertion, { key: s.idp });
      signInPlace(p.response, p.response, { key: s.idp });
      return { xml: serialize(p.response), expected: accepted(GENUINE) };
    },
  ],
  [
    'genuine-assertion-signed',
    'baseline: only the assertion signed (accepted)',
    (s, slug) => ({ xml: serialize(assertionSigned(s, slug).response), expected: accepted(GENUINE) }),
  ],
  [
    'genuine-response-signed',
    'baseline: only the response signed (accepted)',
    (s, slug) => ({ xml: serialize(responseSigned(s, slug).response), expected: accepted(GENUINE) }),
  ],
  [
    'comment-injection-nameid',
    'a comment inserted into the signed NameID after signing (canonical text is what counts: accepted with the full NameID)',
    (s, slug) => {
      const p = parts(s, slug, COMMENTED_NAME_ID, { Name: 'commenter', Email: COMMENTED_NAME_ID });
      signInPlace(p.response, p.assertion, { key: s.idp });
      const [user, domain] = COMMENTED_NAME_ID.split('.attacker');
      const xml = serialize(p.response).replaceAll(`>${COMMENTED_NAME_ID}<`, `>${user}<!---->.attacker${domain}<`);
      return { xml, expected: accepted(COMMENTED_NAME_ID) };
    },
  ],
  [
    'unsigned',
    'an unsigned assertion in an unsigned response',
    (s, slug) => ({ xml: serialize(parts(s, slug).response), expected: refused('samlResponseUnsigned') }),
  ],
  [
    'unsigned-forged',
    'an unsigned response naming the victim',
    (s, slug) => {
      const p = parts(s, slug);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseUnsigned') };
    },
  ],
  [
    'signed-response-assertion-swapped',
    'the response signed, its assertion swapped for an unsigned forged one',
    (s, slug) => {
      const p = responseSigned(s, slug);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'both-signed-assertion-swapped',
    'both signed, the signed assertion swapped for an unsigned forged one (the response signature kept)',
    (s, slug) => {
      const p = parts(s, slug);
      signInPlace(p.response, p.assertion, { key: s.idp });
      signInPlace(p.response, p.response, { key: s.idp });
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'assertion-signed-nameid-tampered',
    'the signed assertion with its NameID changed to the victim',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug).response).replace(`>${GENUINE}</saml:NameID>`, `>${VICTIM}</saml:NameID>`),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'response-signed-attribute-tampered',
    'the signed response with an attribute value changed',
    (s, slug) => ({
      xml: serialize(responseSigned(s, slug).response).replace(
        `>${GENUINE}</saml:AttributeValue>`,
        `>${VICTIM}</saml:AttributeValue>`,
      ),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'stranger-key',
    "signed by another key, that key's certificate in KeyInfo",
    (s, slug) => {
      const p = assertionSigned(s, slug, { key: s.stranger });
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'stranger-key-idp-keyinfo',
    "signed by another key, the IdP's certificate in KeyInfo",
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug, { key: s.stranger, keyInfo: s.idp }).response),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'stranger-key-no-keyinfo',
    'signed by another key, no KeyInfo',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug, { key: s.stranger, keyInfo: null }).response),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'alg-rsa-sha1',
    'signed by the IdP with RSA-SHA1 and a SHA-1 digest',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug, { method: 'rsaSha1', digest: 'sha1' }).response),
      expected: refused('samlResponseSigAlgUnsupported'),
    }),
  ],
  [
    'alg-relabelled-sha512',
    'an RSA-SHA256 signature relabelled RSA-SHA512',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug).response).replace(SIG_ALG.rsaSha256, SIG_ALG.rsaSha512),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'alg-hmac-public-key',
    'HMAC-SHA256 keyed with the IdP certificate (key confusion)',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      const signedInfo = child(p.signature, 'ds:SignedInfo');
      child(signedInfo, 'ds:SignatureMethod').attrs.Algorithm = HMAC_SHA256;
      return { xml: serialize(p.response), expected: refused('samlResponseSigAlgUnsupported') };
    },
  ],
  [
    'digest-sha1',
    'signed by the IdP with RSA-SHA256 over a SHA-1 digest',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug, { digest: 'sha1' }).response),
      expected: refused('samlResponseSigAlgUnsupported'),
    }),
  ],
  [
    'digest-method-relabelled',
    'the DigestMethod relabelled SHA-512, the SHA-256 digest kept',
    (s, slug) => ({
      xml: serialize(assertionSigned(s, slug).response).replace(`Algorithm="${DIGEST.sha256}"`, `Algorithm="${DIGEST.sha512}"`),
      expected: refused('samlResponseSignatureInvalid'),
    }),
  ],
  [
    'digest-value-comment',
    'the NameID changed and the DigestValue made "<!--forged digest-->genuine digest" (CVE-2025-29775)',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      const digestValue = child(child(child(p.signature, 'ds:SignedInfo'), 'ds:Reference'), 'ds:DigestValue');
      const genuine = String(digestValue.children[0]);
      // The attacker's assertion: the genuine one naming the victim, and its own digest.
      child(child(p.assertion, 'saml:Subject'), 'saml:NameID').children = [VICTIM];
      const above = scopeAbove(p.response, p.assertion);
      const forgedDigest = createHash('sha256')
        .update(canonicalize(withoutSignature(p.assertion), EXC_C14N, above))
        .digest('base64');
      const xml = serialize(p.response).replace(
        `>${genuine}</ds:DigestValue>`,
        `><!--${forgedDigest}-->${genuine}</ds:DigestValue>`,
      );
      return { xml, expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'xsw1-response-in-signature-object',
    "XSW1: a new response with the forged assertion; the signed response (without its signature) inside the signature's ds:Object",
    (s, slug) => {
      const p = responseSigned(s, slug);
      const original = withoutSignature(p.response);
      const signature = clone(p.signature);
      signature.children.push(el('ds:Object', {}, [original]));
      const evil = responseOf(s, `${p.ids.response}-evil`, [p.forged]);
      insertAfter(evil, child(evil, 'saml:Issuer'), [signature]);
      return { xml: serialize(evil), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'xsw2-response-in-extensions',
    'XSW2: a new response with the forged assertion and the signature; the signed response in samlp:Extensions',
    (s, slug) => {
      const p = responseSigned(s, slug);
      const evil = responseOf(s, `${p.ids.response}-evil`, [p.forged]);
      insertAfter(evil, child(evil, 'saml:Issuer'), [
        clone(p.signature),
        el('samlp:Extensions', {}, [withoutSignature(p.response)]),
      ]);
      return { xml: serialize(evil), expected: refused('samlResponseInvalid') };
    },
  ],
  [
    'xsw3-forged-assertion-before',
    'XSW3: the forged assertion before the signed one',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.response, child(p.response, 'samlp:Status'), [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlAssertionCount') };
    },
  ],
  [
    'xsw4-signed-assertion-inside-forged',
    'XSW4: the signed assertion a child of the forged one',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      p.forged.children.push(p.assertion);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseInvalid') };
    },
  ],
  [
    'xsw5-signature-copied-original-after',
    'XSW5: the forged assertion carrying the copied signature, the original (unsigned) after it',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [clone(p.signature)]);
      replaceChild(p.response, p.assertion, [p.forged, withoutSignature(p.assertion)]);
      return { xml: serialize(p.response), expected: refused('samlAssertionCount') };
    },
  ],
  [
    'xsw6-original-inside-signature',
    'XSW6: the forged assertion carrying the signature, the original assertion inside ds:Signature',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      const signature = clone(p.signature);
      signature.children.push(withoutSignature(p.assertion));
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [signature]);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseInvalid') };
    },
  ],
  [
    'xsw7-original-in-advice',
    'XSW7: the forged assertion (unsigned) with the signed assertion in its saml:Advice',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.forged, child(p.forged, 'saml:Conditions'), [el('saml:Advice', {}, [p.assertion])]);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseUnsigned') };
    },
  ],
  [
    'xsw7b-signature-copied-original-in-advice',
    'XSW7 variant: the forged assertion carrying the copied signature, the original (unsigned) in its saml:Advice',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [clone(p.signature)]);
      insertAfter(p.forged, child(p.forged, 'saml:Conditions'), [el('saml:Advice', {}, [withoutSignature(p.assertion)])]);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'xsw8-original-in-signature-object',
    "XSW8: the forged assertion carrying the signature, the original (unsigned) in the signature's ds:Object",
    (s, slug) => {
      const p = assertionSigned(s, slug);
      const signature = clone(p.signature);
      signature.children.push(el('ds:Object', {}, [withoutSignature(p.assertion)]));
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [signature]);
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'xsw-original-in-response-extensions',
    "the forged assertion carrying the copied signature, the original (unsigned) in the response's samlp:Extensions",
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [clone(p.signature)]);
      replaceChild(p.response, p.assertion, [p.forged]);
      insertAfter(p.response, child(p.response, 'saml:Issuer'), [el('samlp:Extensions', {}, [withoutSignature(p.assertion)])]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'xsw-duplicate-id',
    "the forged assertion with the original's ID and signature, the original in samlp:Extensions",
    (s, slug) => {
      const p = assertionSigned(s, slug);
      p.forged.attrs.ID = p.ids.assertion;
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [clone(p.signature)]);
      replaceChild(p.response, p.assertion, [p.forged]);
      insertAfter(p.response, child(p.response, 'saml:Issuer'), [el('samlp:Extensions', {}, [withoutSignature(p.assertion)])]);
      return { xml: serialize(p.response), expected: refused('samlResponseInvalid') };
    },
  ],
  [
    'xsw-subject-confirmation-data',
    'the forged assertion carrying the signature, the original inside its SubjectConfirmationData',
    (s, slug) => {
      const p = assertionSigned(s, slug);
      insertAfter(p.forged, child(p.forged, 'saml:Issuer'), [clone(p.signature)]);
      const data = child(child(child(p.forged, 'saml:Subject'), 'saml:SubjectConfirmation'), 'saml:SubjectConfirmationData');
      data.children.push(withoutSignature(p.assertion));
      replaceChild(p.response, p.assertion, [p.forged]);
      return { xml: serialize(p.response), expected: refused('samlResponseSignatureInvalid') };
    },
  ],
  [
    'doctype-entity',
    'an internal DTD entity naming the victim in the NameID',
    (s, slug) => {
      const xml = serialize(assertionSigned(s, slug).response).replace(`>${GENUINE}</saml:NameID>`, '>&who;</saml:NameID>');
      return { xml: `<!DOCTYPE samlp:Response [<!ENTITY who "${VICTIM}">]>${xml}`, expected: refused('samlResponseMalformed') };
    },
  ],
];

/** Every vector for a setting, in a fixed order. */
export function samlVectors(s: VectorSetting): SamlVector[] {
  return VECTORS.map(([slug, attack, build]) => {
    const { xml, expected } = build(s, slug);
    return { file: `${slug}.xml`, attack, xml, expected };
  });
}
