import { apiBase } from '../http/api-base.js';
import { exchangeAuthorizationCode, fetchWithToken, objectOf, scopesOf, textOf, withQuery } from './oauth-http.js';
import type { IdpModule, IdpOptions } from './types.js';

/**
 * Google (OpenID Connect): authorization at accounts.google.com, the token at oauth2.googleapis.com,
 * the person from the userinfo endpoint (sub, name, email, email_verified, picture). The username
 * is the e-mail address, as Casdoor takes it. A provider's `endpoint` replaces the three hosts
 * (tests), keeping Google's paths.
 */
export const GOOGLE_ACCOUNTS = 'https://accounts.google.com';
export const GOOGLE_TOKEN = 'https://oauth2.googleapis.com';
export const GOOGLE_USERINFO = 'https://openidconnect.googleapis.com';
const GOOGLE_SCOPE = 'openid profile email';

export const google: IdpModule = {
  authorizeUrl: (provider, { redirectUri, state }, options: IdpOptions = {}) =>
    withQuery(`${apiBase(provider.endpoint, GOOGLE_ACCOUNTS, options)}/o/oauth2/v2/auth`, {
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      scope: scopesOf(provider, GOOGLE_SCOPE),
      response_type: 'code',
      state,
    }),

  exchangeCode: (outbound, provider, { code, redirectUri }, options: IdpOptions = {}) =>
    exchangeAuthorizationCode(
      outbound,
      provider,
      `${apiBase(provider.endpoint, GOOGLE_TOKEN, options)}/token`,
      { code, redirectUri },
      options,
    ),

  userInfo: async (outbound, provider, token, options: IdpOptions = {}) => {
    const url = `${apiBase(provider.endpoint, GOOGLE_USERINFO, options)}/v1/userinfo`;
    const claims = objectOf(provider, await fetchWithToken(outbound, provider, url, token, options));
    const email = textOf(claims.email);
    return {
      id: textOf(claims.sub),
      username: email || textOf(claims.sub),
      displayName: textOf(claims.name) || email,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      avatarUrl: textOf(claims.picture),
    };
  },
};
