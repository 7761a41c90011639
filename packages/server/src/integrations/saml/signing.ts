import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import type { Cert } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { DIGEST_SHA256, ENVELOPED_SIGNATURE, NS, SIG_ALG } from './urns.js';
import { type C14nAlgorithm, canonicalize, el, scopeAbove, type XmlElement } from './xml.js';

/** What signs our SAML messages: an application's cert. */
export interface SigningKey {
  /** SignatureMethod: RSA-SHA256 for RSA keys, ECDSA-SHA256 for EC keys. */
  method: string;
  /** The certificate, base64 DER, as metadata and KeyInfo carry it. */
  certificate: string;
  sign: (data: string) => string;
}

export function signingKeyOf(cert: Pick<Cert, 'name' | 'certificate' | 'privateKey'>): SigningKey {
  let certificate: string;
  let key: ReturnType<typeof createPrivateKey>;
  try {
    certificate = new X509Certificate(cert.certificate).raw.toString('base64');
    key = createPrivateKey(cert.privateKey);
  } catch {
    throw new AppError('samlCertUnusable', { name: cert.name });
  }
  if (key.asymmetricKeyType === 'rsa') {
    return { method: SIG_ALG.rsaSha256, certificate, sign: (data) => sign('sha256', Buffer.from(data), key).toString('base64') };
  }
  if (key.asymmetricKeyType === 'ec') {
    // XML-DSig carries ECDSA signatures as r || s, not DER (RFC 4051 §3.3).
    return {
      method: SIG_ALG.ecdsaSha256,
      certificate,
      sign: (data) => sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }).toString('base64'),
    };
  }
  throw new AppError('samlCertUnusable', { name: cert.name });
}

/**
 * Signs `target` (an element of `root` with an ID) with an enveloped signature placed right after
 * its child `after` (the Issuer, where the schema wants ds:Signature). The digest is taken over the
 * canonical form of `target` without the signature; SignedInfo is canonicalized where it finally
 * stands, with the namespaces in scope there (what inclusive canonicalization renders).
 */
export function signEnveloped(root: XmlElement, target: XmlElement, after: XmlElement, key: SigningKey, c14n: C14nAlgorithm) {
  const id = target.attrs.ID;
  if (!id) throw new Error(`${target.name} has no ID to sign`);
  const digest = createHash('sha256')
    .update(canonicalize(target, c14n, scopeAbove(root, target)))
    .digest('base64');
  const signedInfo = el('ds:SignedInfo', {}, [
    el('ds:CanonicalizationMethod', { Algorithm: c14n }),
    el('ds:SignatureMethod', { Algorithm: key.method }),
    el('ds:Reference', { URI: `#${id}` }, [
      el('ds:Transforms', {}, [el('ds:Transform', { Algorithm: ENVELOPED_SIGNATURE }), el('ds:Transform', { Algorithm: c14n })]),
      el('ds:DigestMethod', { Algorithm: DIGEST_SHA256 }),
      el('ds:DigestValue', {}, [digest]),
    ]),
  ]);
  const signature = el('ds:Signature', { 'xmlns:ds': NS.ds }, [signedInfo]);
  const at = target.children.indexOf(after);
  if (at < 0) throw new Error(`${after.name} is not a child of ${target.name}`);
  target.children.splice(at + 1, 0, signature);
  const value = key.sign(canonicalize(signedInfo, c14n, scopeAbove(root, signedInfo)));
  signature.children.push(
    el('ds:SignatureValue', {}, [value]),
    el('ds:KeyInfo', {}, [el('ds:X509Data', {}, [el('ds:X509Certificate', {}, [key.certificate])])]),
  );
}
