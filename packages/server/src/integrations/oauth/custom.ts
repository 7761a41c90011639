import { DEFAULT_CUSTOM_OAUTH_SCOPE, type Provider, type USER_MAPPING_KEYS } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';
import { outboundUrl } from '../http/outbound.js';
import { exchangeAuthorizationCode, fetchWithToken, objectOf, providerLabel, scopesOf, textOf, withQuery } from './oauth-http.js';
import type { IdpIdentity, IdpModule, IdpOptions } from './types.js';

/**
 * "Custom": any OAuth 2.0 / OpenID Connect identity provider (another Gatehouse or Casdoor,
 * Keycloak ...). The provider names its authorization, token and userinfo URLs and its scopes
 * (default "openid profile email"); its user mapping says which claim of the userinfo answer
 * fills id, username, displayName, email and avatarUrl. A mapping value is a claim name or a
 * dotted path into nested objects and arrays ("profile.login", "emails.0.value").
 */

function urlOf(provider: Provider, field: 'customAuthUrl' | 'customTokenUrl' | 'customUserInfoUrl'): string {
  const address = provider[field].trim();
  if (!address) throw new AppError('providerFieldMissing', { field });
  return outboundUrl(address).toString();
}

/** The value at a dotted path of a JSON document, or undefined. */
export function valueAtPath(document: unknown, path: string): unknown {
  let current: unknown = document;
  for (const segment of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    else if (isJsonObject(current)) current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

/** The identity a userinfo answer describes under the provider's user mapping (each key defaults to itself). */
export function mapIdentity(provider: Provider, claims: Record<string, unknown>): IdpIdentity {
  const mapping: Record<string, string | undefined> = provider.userMapping;
  const pick = (key: (typeof USER_MAPPING_KEYS)[number]) => {
    const path = mapping[key]?.trim() || key;
    // A key that is its own default is also found at the top level (a literal "a.b" claim).
    return textOf(valueAtPath(claims, path)) || textOf(Object.hasOwn(claims, path) ? claims[path] : undefined);
  };
  const id = pick('id');
  const username = pick('username') || id;
  const verified = claims.email_verified;
  return {
    id,
    username,
    displayName: pick('displayName') || username,
    email: pick('email'),
    emailVerified: verified === true || verified === 'true',
    avatarUrl: pick('avatarUrl'),
  };
}

export const custom: IdpModule = {
  authorizeUrl: (provider, { redirectUri, state }) =>
    withQuery(urlOf(provider, 'customAuthUrl'), {
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      scope: scopesOf(provider, DEFAULT_CUSTOM_OAUTH_SCOPE),
      response_type: 'code',
      state,
    }),

  exchangeCode: (outbound, provider, { code, redirectUri }, options: IdpOptions = {}) =>
    exchangeAuthorizationCode(outbound, provider, urlOf(provider, 'customTokenUrl'), { code, redirectUri }, options),

  userInfo: async (outbound, provider, token, options: IdpOptions = {}) => {
    const claims = objectOf(
      provider,
      await fetchWithToken(outbound, provider, urlOf(provider, 'customUserInfoUrl'), token, options),
    );
    const identity = mapIdentity(provider, claims);
    if (!identity.id) {
      const path = provider.userMapping.id || 'id';
      throw new AppError('idpNoUserId', { provider: providerLabel(provider), path });
    }
    return identity;
  },
};
