import { createHash } from 'node:crypto';
import { SIG_ALG } from '../integrations/saml/urns.js';
import { canonicalize, EXC_C14N, el, scopeAbove, serialize } from '../integrations/saml/xml.js';
import {
  assertionSigned,
  COMMENTED_NAME_ID,
  child,
  clone,
  DIGEST,
  GENUINE,
  HMAC_SHA256,
  insertAfter,
  parts,
  replaceChild,
  responseOf,
  responseSigned,
  type SamlVector,
  signInPlace,
  type VectorSetting,
  VICTIM,
  withoutSignature,
} from './saml-vector-builder.js';

/**
 * The SAML attack vectors (protocols/saml/attacks.api.test.ts, protocols/saml/test-vectors), each a
 * file name, the attack it makes and what the service provider must answer, built by
 * ./saml-vector-builder.ts from one genuine signed response.
 */
export {
  COMMENTED_NAME_ID,
  GENUINE,
  type SamlKeyPair,
  type SamlVector,
  type VectorSetting,
  VICTIM,
} from './saml-vector-builder.js';

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
