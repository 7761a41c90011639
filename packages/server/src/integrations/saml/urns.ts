/** Names SAML 2.0 and XML-DSig give to namespaces, bindings, formats and algorithms. */
export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xs: 'http://www.w3.org/2001/XMLSchema',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

export const NAMEID_FORMAT = {
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
} as const;

export const ATTRNAME_FORMAT_BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
export const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
export const CM_BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
export const AC_PASSWORD_PROTECTED_TRANSPORT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

export const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const DIGEST_SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const DIGEST_SHA512 = 'http://www.w3.org/2001/04/xmlenc#sha512';

/** Signature algorithms, with the hash node:crypto uses for each. */
export const SIG_ALG = {
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  rsaSha512: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  ecdsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
  ecdsaSha384: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384',
  ecdsaSha512: 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512',
} as const;
