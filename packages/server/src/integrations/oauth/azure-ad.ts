import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { apiBase } from '../http/api-base.js';
import { exchangeAuthorizationCode, fetchWithToken, objectOf, scopesOf, textOf, withQuery } from './oauth-http.js';
import type { IdpModule, IdpOptions } from './types.js';

/**
 * Microsoft Entra ID ("AzureAD"): the v2.0 endpoints of login.microsoftonline.com under the tenant
 * (the provider's `domain`, as Casdoor keeps it; "common" when empty), the person from Microsoft
 * Graph's /v1.0/me. Entra does not verify the `mail` attribute, so its address never links an
 * existing account by e-mail. A provider's `endpoint` replaces both hosts (national clouds, tests).
 */
export const MICROSOFT_LOGIN = 'https://login.microsoftonline.com';
export const MICROSOFT_GRAPH = 'https://graph.microsoft.com';
const AZURE_SCOPE = 'openid profile email User.Read';

/** The tenant of the provider: a tenant id, a domain name, or common / organizations / consumers. */
export function azureTenant(provider: Provider): string {
  const tenant = provider.domain.trim() || 'common';
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(tenant)) {
    throw new AppError('providerFieldInvalid', { field: 'domain', value: tenant, detail: 'a tenant id or domain name' });
  }
  return tenant;
}

const loginBase = (provider: Provider, options: IdpOptions) =>
  `${apiBase(provider.endpoint, MICROSOFT_LOGIN, options)}/${azureTenant(provider)}/oauth2/v2.0`;

export const azureAd: IdpModule = {
  authorizeUrl: (provider, { redirectUri, state }, options: IdpOptions = {}) =>
    withQuery(`${loginBase(provider, options)}/authorize`, {
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      scope: scopesOf(provider, AZURE_SCOPE),
      response_type: 'code',
      response_mode: 'query',
      state,
    }),

  exchangeCode: (outbound, provider, { code, redirectUri }, options: IdpOptions = {}) =>
    exchangeAuthorizationCode(
      outbound,
      provider,
      `${loginBase(provider, options)}/token`,
      { code, redirectUri, extra: { scope: scopesOf(provider, AZURE_SCOPE) } },
      options,
    ),

  userInfo: async (outbound, provider, token, options: IdpOptions = {}) => {
    const url = `${apiBase(provider.endpoint, MICROSOFT_GRAPH, options)}/v1.0/me`;
    const me = objectOf(provider, await fetchWithToken(outbound, provider, url, token, options));
    const principal = textOf(me.userPrincipalName);
    return {
      id: textOf(me.id),
      username: principal,
      displayName: textOf(me.displayName) || principal,
      email: textOf(me.mail),
      emailVerified: false,
      avatarUrl: '',
    };
  },
};
