import type { X509Certificate } from 'node:crypto';
import { ADMIN_OWNER, cert as certDef, isImplementedProviderType, type Provider } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { parsePastedCertificate } from '../../crypto/certs.js';
import { AppError } from '../../errors.js';
import { type SigningKey, signingKeyOf } from './signing.js';

/**
 * Gatehouse as a SAML service provider (sign-in through a provider of the category SAML): what a
 * provider record says about its identity provider, and this server's own SP addresses.
 *
 *   endpoint    the IdP's single sign-on URL (metadata: SingleSignOnService Location)
 *   idP         the IdP's signing certificate, PEM or base64 (metadata: KeyDescriptor use="signing")
 *   issuerUrl   the IdP's entity ID; when set, responses must be issued by it
 *   enableSignAuthnRequest   AuthnRequests are signed (HTTP-POST binding) with the provider's cert
 *               (cert-built-in when it names none), else sent unsigned over HTTP-Redirect
 *
 * As in Casdoor, the ACS URL and the SP entity ID are both <origin>/api/acs.
 */

/** This server's assertion consumer service and entity ID at `origin`. */
export function spAddresses(origin: string): { acsUrl: string; entityId: string } {
  const acsUrl = `${origin}/api/acs`;
  return { acsUrl, entityId: acsUrl };
}

/** The IdP's single sign-on URL, or the refusal. */
export function idpSsoUrl(provider: Provider): string {
  const value = provider.endpoint.trim();
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new AppError('samlIdpEndpointInvalid', { name: provider.name, value });
  }
  return value;
}

/** The IdP's signing certificate, or the refusal. */
export function idpCertificate(provider: Provider): X509Certificate {
  const cert = parsePastedCertificate(provider.idP);
  if (!cert) throw new AppError('samlIdpCertInvalid', { name: provider.name });
  return cert;
}

/**
 * Whether a SAML provider can sign people in (checked when a sign-in starts and when it finishes):
 * a type this release implements, an SSO URL and a readable IdP certificate.
 */
export function checkSamlProvider(provider: Provider): void {
  if (!isImplementedProviderType('SAML', provider.type)) {
    throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  }
  idpSsoUrl(provider);
  idpCertificate(provider);
}

/** The key that signs the provider's AuthnRequests: its cert (its owner's, else a shared one), else cert-built-in. */
export async function spSigningKey(server: ServerContext, provider: Provider): Promise<SigningKey> {
  const name = provider.cert.trim() || 'cert-built-in';
  const certs = server.repo(certDef);
  const cert = (await certs.get(provider.owner, name)) ?? (await certs.get(ADMIN_OWNER, name));
  const unusable = () => new AppError('samlRequestCertUnusable', { name, provider: provider.name });
  if (!cert) throw unusable();
  try {
    return signingKeyOf(cert);
  } catch {
    throw unusable();
  }
}
