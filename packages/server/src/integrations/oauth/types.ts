import type { Provider } from '@gatehouse/entities';
import type { ApiOptions } from '../http/api-base.js';
import type { Outbound } from '../http/outbound.js';

/**
 * Social and enterprise sign-in through an OAuth 2.0 / OpenID Connect identity provider (Casdoor's
 * idp package): the browser goes to the provider's authorization page, the
 * code it brings back is exchanged for a token, and the token reads who signed in. One module per
 * provider type implements these three steps (./index.ts is the registry).
 */

/** Who signed in at the identity provider, in Casdoor's UserInfo shape. */
export interface IdpIdentity {
  /** The provider's stable id of the person (GitHub's numeric id, OpenID Connect's sub ...). */
  id: string;
  username: string;
  displayName: string;
  email: string;
  /** The provider vouches that the person owns `email` (needed to link an account by e-mail). */
  emailVerified: boolean;
  avatarUrl: string;
}

/** The token endpoint's answer. */
export interface IdpToken {
  accessToken: string;
  tokenType: string;
  idToken?: string;
  scope?: string;
}

/** Where and how the provider is called: `baseUrl` replaces its addresses (tests), `timeoutMs` the outbound limit. */
export interface IdpOptions extends ApiOptions {
  timeoutMs?: number;
}

export interface AuthorizeInput {
  /** Where the provider sends the browser back (<origin>/callback). */
  redirectUri: string;
  /** The signed state (auth/provider-state.ts). */
  state: string;
}

export interface IdpModule {
  /** The provider's authorization URL the browser is sent to. */
  authorizeUrl: (provider: Provider, input: AuthorizeInput, options?: IdpOptions) => string;
  /** Exchanges the code the browser brought back (the same redirect URI as the authorization). */
  exchangeCode: (
    outbound: Outbound,
    provider: Provider,
    input: { code: string; redirectUri: string },
    options?: IdpOptions,
  ) => Promise<IdpToken>;
  /** Reads who signed in with the token. */
  userInfo: (outbound: Outbound, provider: Provider, token: IdpToken, options?: IdpOptions) => Promise<IdpIdentity>;
}
