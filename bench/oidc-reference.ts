/**
 * The reference: node-oidc-provider (the OpenID Certified library Keycloak-free Node stacks pick)
 * on a loopback port, in a process of its own, with one client_credentials client, an RSA signing
 * key of the given size, opaque access tokens by default (introspected from its in-memory store)
 * and JWT access tokens signed RS256 for the resource urn:bench:api (issuance is signing).
 * Usage: node --import tsx oidc-reference.ts <port> <rsa bits>
 */
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';
import { REFERENCE_CLIENT } from './reference.js';

async function main() {
  const port = Number(process.argv[2]);
  const bits = Number(process.argv[3]);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const jwk = privateKey.export({ format: 'jwk' });
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        ...REFERENCE_CLIENT,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: `rsa-${bits}`, alg: 'RS256', use: 'sig' }] },
    scopes: ['api'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo: () => ({ scope: 'api', accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
      },
    },
  });
  const server = provider.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

void main();
