import type { Cert } from '@gatehouse/entities';
import type { JWK } from 'jose';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { DEVICE_GRANT } from './device.js';
import { verificationCertsOf } from './keys.js';

export const SCOPES = ['openid', 'email', 'profile', 'address', 'phone', 'offline_access'];

/**
 * The discovery document (OpenID Connect Discovery 1.0 / RFC 8414) on Casdoor's paths. With an
 * application, the key set is that application's only and its custom scopes are supported too.
 */
export function discoveryDocument(origin: string, applicationName?: string, customScopes: string[] = []) {
  const jwks = applicationName
    ? `${origin}/.well-known/${encodeURIComponent(applicationName)}/jwks`
    : `${origin}/.well-known/jwks`;
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/login/oauth/authorize`,
    token_endpoint: `${origin}/api/login/oauth/access_token`,
    userinfo_endpoint: `${origin}/api/userinfo`,
    jwks_uri: jwks,
    introspection_endpoint: `${origin}/api/login/oauth/introspect`,
    revocation_endpoint: `${origin}/api/login/oauth/revoke`,
    end_session_endpoint: `${origin}/api/logout`,
    device_authorization_endpoint: `${origin}/api/device-auth`,
    response_types_supported: ['code', 'token', 'id_token', 'id_token token'],
    response_modes_supported: ['query', 'fragment'],
    grant_types_supported: ['authorization_code', 'password', 'client_credentials', 'refresh_token', 'implicit', DEVICE_GRANT],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256', 'RS512', 'ES256', 'ES384', 'ES512'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    scopes_supported: [...SCOPES, ...customScopes.filter((scope) => !SCOPES.includes(scope))],
    claims_supported: [
      'iss',
      'sub',
      'aud',
      'iat',
      'exp',
      'nonce',
      'auth_time',
      'acr',
      'amr',
      'at_hash',
      'azp',
      'name',
      'preferred_username',
      'picture',
      'given_name',
      'family_name',
      'email',
      'email_verified',
      'phone_number',
      'address',
      'owner',
      'id',
      'displayName',
      'avatar',
      'phone',
    ],
    code_challenge_methods_supported: ['S256'],
    request_parameter_supported: false,
    claims_parameter_supported: false,
  };
}

/** An application's discovery document: its key set, and its custom scopes among the supported ones. */
export async function applicationDiscovery(server: ServerContext, origin: string, applicationName: string) {
  const app = await applicationByName(server, applicationName);
  const customScopes = [...new Set((app?.customScopes ?? []).map((s) => s.scope))];
  return discoveryDocument(origin, applicationName, customScopes);
}

/**
 * The public keys of every x509 cert, or of one application's certs: the one it signs with and
 * those it signed with before, until their tokens expire (kid = cert name).
 */
export async function jwksOf(server: ServerContext, applicationName?: string): Promise<{ keys: JWK[] } | null> {
  let certs: Cert[];
  if (applicationName) {
    const app = await applicationByName(server, applicationName);
    if (!app) return null;
    certs = await verificationCertsOf(server, app);
  } else {
    certs = await server.database.db.selectFrom('cert').selectAll().where('type', '=', 'x509').orderBy('name').execute();
  }
  const { signingKeys } = server.services;
  const keys = (await Promise.all(certs.map((c) => signingKeys.publicJwkOf(c)))).filter((k): k is JWK => k !== null);
  return { keys };
}
