import { verify, type X509Certificate } from 'node:crypto';
import samlify from 'samlify';
import { AppError } from '../../errors.js';
import { SIG_ALG } from './urns.js';

/**
 * Signatures of incoming AuthnRequests, checked with the SP's certificate (the application's
 * samlSpCert): the query signature of the HTTP-Redirect binding and the enveloped XML signature of
 * the HTTP-POST binding. SHA-1 is refused.
 */

/** The Redirect binding's signed octets (bindings §3.4.4.1) as received, and what signs them. */
export interface SignedQuery {
  /** "SAMLRequest=...&RelayState=...&SigAlg=..." exactly as the query carried them (still encoded). */
  octets: string;
  sigAlg: string;
  /** base64 */
  signature: string;
}

const QUERY_ALGORITHMS: Record<string, { hash: string; ec: boolean }> = {
  [SIG_ALG.rsaSha256]: { hash: 'sha256', ec: false },
  [SIG_ALG.rsaSha512]: { hash: 'sha512', ec: false },
  [SIG_ALG.ecdsaSha256]: { hash: 'sha256', ec: true },
  [SIG_ALG.ecdsaSha384]: { hash: 'sha384', ec: true },
  [SIG_ALG.ecdsaSha512]: { hash: 'sha512', ec: true },
};

// XML signatures are checked by xml-crypto (through samlify), which has no ECDSA.
const XML_ALGORITHMS = new Set<string>([SIG_ALG.rsaSha256, SIG_ALG.rsaSha512]);

/**
 * The octets as received, then the same parameters re-encoded the two common ways. SPs do not all
 * sign the encoding they send: node-saml signs a space as "%20" but puts "+" in the URL. Every
 * candidate decodes to the very same parameters, so the signature still covers exactly them.
 */
function signedOctetCandidates(octets: string): string[] {
  const reencoded = (spaceAsPlus: boolean) =>
    octets
      .split('&')
      .map((part) => {
        const eq = part.indexOf('=');
        if (eq < 0) return part;
        let value: string;
        try {
          value = decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
        } catch {
          return part;
        }
        const encoded = encodeURIComponent(value);
        return `${part.slice(0, eq)}=${spaceAsPlus ? encoded.replace(/%20/g, '+') : encoded}`;
      })
      .join('&');
  return [...new Set([octets, reencoded(false), reencoded(true)])];
}

export function verifyQuerySignature(cert: X509Certificate, query: SignedQuery): boolean {
  const alg = QUERY_ALGORITHMS[query.sigAlg];
  if (!alg) throw new AppError('samlSigAlgUnsupported', { alg: query.sigAlg });
  const key = cert.publicKey;
  if ((key.asymmetricKeyType === 'ec') !== alg.ec) return false;
  const signature = Buffer.from(query.signature, 'base64');
  const verifies = (data: Buffer) => {
    try {
      if (!alg.ec) return verify(alg.hash, data, key, signature);
      // XML-DSig defines r || s; some SPs send DER.
      return (
        verify(alg.hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature) ||
        verify(alg.hash, data, { key, dsaEncoding: 'der' }, signature)
      );
    } catch {
      return false;
    }
  };
  return signedOctetCandidates(query.octets).some((octets) => verifies(Buffer.from(octets)));
}

type PeerMetadata = NonNullable<Parameters<typeof samlify.SamlLib.verifySignature>[1]['metadata']>;

/**
 * What samlify's signature check reads of a peer: its signing certificate (base64 DER). Our peers'
 * certificates are settings (an application's SP certificate, a provider's IdP certificate), not
 * metadata documents, so the rest of the metadata answers nothing.
 */
export function certificateMetadata(certificate: string): PeerMetadata {
  return {
    xmlString: '',
    getMetadata: () => '',
    exportMetadata: () => {
      throw new Error('a certificate setting has no metadata document to export');
    },
    getEntityID: () => '',
    getX509Certificate: () => certificate,
    getNameIDFormat: () => [],
    getSingleLogoutService: () => [],
    getSupportBindings: () => [],
  };
}

/**
 * The enveloped signature of a POST-binding AuthnRequest: a child of the root that must sign the
 * root itself (its Reference is "#<root ID>"), verified with the SP's certificate only.
 */
export function verifyEnvelopedSignature(
  xml: string,
  cert: X509Certificate,
  signature: { method: string; references: string[] },
  rootId: string,
): boolean {
  if (!XML_ALGORITHMS.has(signature.method)) throw new AppError('samlSigAlgUnsupported', { alg: signature.method });
  if (signature.references.length !== 1 || signature.references[0] !== `#${rootId}`) return false;
  const certificate = cert.raw.toString('base64');
  try {
    const [verified] = samlify.SamlLib.verifySignature(xml, { metadata: certificateMetadata(certificate) });
    return verified;
  } catch {
    return false;
  }
}
