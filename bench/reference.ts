/**
 * node-oidc-provider measured in the same run (oidc-reference.ts runs it): opaque-token
 * introspection, and client_credentials issuing RS256 JWT access tokens with a 2048- and a
 * 4096-bit key.
 */
import { type Measured, measure, startBenchProcess, stop, waitFor } from './load.js';

export const REFERENCE_CLIENT = { client_id: 'bench', client_secret: 'bench-secret-of-the-reference-client' };
const RESOURCE = 'urn:bench:api';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface ReferenceRates {
  introspection?: Measured;
  clientCredentials: Measured;
}

/** Starts the reference with an RSA key of `bits`, measures it and stops it. */
export async function measureReference(port: number, bits: number, withIntrospection: boolean): Promise<ReferenceRates> {
  const base = `http://127.0.0.1:${port}`;
  // Quiet: it warns that Node 20 is not its preferred runtime and that its store is in memory (both known).
  const child = startBenchProcess('oidc-reference.ts', [String(port), String(bits)], { quiet: true });
  try {
    await waitFor(`${base}/.well-known/openid-configuration`, child);
    const token = `${base}/token`;
    const issued = await fetch(token, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ grant_type: 'client_credentials', ...REFERENCE_CLIENT }),
    });
    const opaque = (await issued.json()) as { access_token?: string };
    if (!opaque.access_token) throw new Error('node-oidc-provider issued no token');
    const signed = await fetch(token, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: RESOURCE, scope: 'api', ...REFERENCE_CLIENT }),
    });
    const jwt = (await signed.json()) as { access_token?: string };
    if (jwt.access_token?.split('.').length !== 3) throw new Error(`node-oidc-provider issued no JWT: ${JSON.stringify(jwt)}`);
    const introspection = withIntrospection
      ? await measure({
          url: `${base}/token/introspection`,
          method: 'POST',
          headers: FORM,
          body: new URLSearchParams({ token: opaque.access_token, ...REFERENCE_CLIENT }).toString(),
        })
      : undefined;
    const clientCredentials = await measure({
      url: token,
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        resource: RESOURCE,
        scope: 'api',
        ...REFERENCE_CLIENT,
      }).toString(),
    });
    return { introspection, clientCredentials };
  } finally {
    await stop(child);
  }
}
