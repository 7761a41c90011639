import { isJsonObject } from '../../http/params.js';
import { apiBase } from '../http/api-base.js';
import { exchangeAuthorizationCode, fetchWithToken, objectOf, scopesOf, textOf, withQuery } from './oauth-http.js';
import type { IdpModule, IdpOptions } from './types.js';

/**
 * GitHub (OAuth apps): authorization and token at github.com, the person at api.github.com/user,
 * their e-mail addresses at /user/emails (the profile's e-mail is empty when the person keeps it
 * private, and it says nothing about verification). A provider's `endpoint` replaces both
 * addresses (GitHub Enterprise Server, tests).
 */
export const GITHUB_WEB = 'https://github.com';
export const GITHUB_API = 'https://api.github.com';
const GITHUB_SCOPE = 'read:user user:email';
const GITHUB_HEADERS = { 'x-github-api-version': '2022-11-28' };

export const github: IdpModule = {
  authorizeUrl: (provider, { redirectUri, state }, options: IdpOptions = {}) =>
    withQuery(`${apiBase(provider.endpoint, GITHUB_WEB, options)}/login/oauth/authorize`, {
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      scope: scopesOf(provider, GITHUB_SCOPE),
      response_type: 'code',
      state,
    }),

  exchangeCode: (outbound, provider, { code, redirectUri }, options: IdpOptions = {}) =>
    exchangeAuthorizationCode(
      outbound,
      provider,
      `${apiBase(provider.endpoint, GITHUB_WEB, options)}/login/oauth/access_token`,
      { code, redirectUri },
      options,
    ),

  userInfo: async (outbound, provider, token, options: IdpOptions = {}) => {
    const api = apiBase(provider.endpoint, GITHUB_API, options);
    const user = objectOf(provider, await fetchWithToken(outbound, provider, `${api}/user`, token, options, GITHUB_HEADERS));
    // Without the user:email scope the list is refused: the profile's public address, unverified, stays.
    let emails: Array<Record<string, unknown>> = [];
    try {
      const listed = await fetchWithToken(outbound, provider, `${api}/user/emails`, token, options, GITHUB_HEADERS);
      if (Array.isArray(listed)) emails = listed.filter(isJsonObject);
    } catch {
      emails = [];
    }
    const primary = emails.find((entry) => entry.primary === true && entry.verified === true);
    const profileEmail = textOf(user.email);
    const listedProfile = emails.find((entry) => textOf(entry.email).toLowerCase() === profileEmail.toLowerCase());
    const email = textOf(primary?.email) || profileEmail;
    const login = textOf(user.login);
    return {
      id: textOf(user.id),
      username: login,
      displayName: textOf(user.name) || login,
      email,
      emailVerified: primary ? true : listedProfile?.verified === true,
      avatarUrl: textOf(user.avatar_url),
    };
  },
};
