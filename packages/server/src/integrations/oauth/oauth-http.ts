import type { Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { isJsonObject } from '../../http/params.js';
import { peerDetail } from '../http/custom-http.js';
import type { Outbound, OutboundResponse } from '../http/outbound.js';
import type { IdpOptions, IdpToken } from './types.js';

/** The provider as error messages name it: its display name, else its name. */
export function providerLabel(provider: Provider): string {
  return provider.displayName || provider.name;
}

/** A token endpoint's answer: JSON, or form-encoded (GitHub without Accept: application/json). */
function tokenAnswer(response: OutboundResponse): Record<string, unknown> {
  const json = response.json();
  if (isJsonObject(json)) return json;
  return Object.fromEntries(new URLSearchParams(response.text));
}

/** A value of an answer as text ('' when absent; numbers as their digits). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return '';
}

/**
 * The authorization code grant (RFC 6749 §4.1.3): the code, the redirect URI of the authorization
 * and the client's credentials in a form-encoded POST (plus a vendor's `extra` fields). An OAuth error answer (HTTP 400 with
 * {"error"}, or GitHub's HTTP 200 with {"error"}) or an answer without an access token is refused.
 */
export async function exchangeAuthorizationCode(
  outbound: Outbound,
  provider: Provider,
  tokenUrl: string,
  grant: { code: string; redirectUri: string; extra?: Record<string, string> },
  options: IdpOptions = {},
  headers: Record<string, string> = {},
): Promise<IdpToken> {
  const response = await outbound.fetch(tokenUrl, {
    timeoutMs: options.timeoutMs,
    method: 'POST',
    headers: { accept: 'application/json', ...headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code: grant.code,
      redirect_uri: grant.redirectUri,
      ...grant.extra,
    }),
  });
  const answer = tokenAnswer(response);
  const error = textOf(answer.error);
  if (error) {
    const description = textOf(answer.error_description);
    throw new AppError('idpTokenFailed', {
      provider: providerLabel(provider),
      detail: description ? `${error}: ${description}` : error,
    });
  }
  const accessToken = textOf(answer.access_token);
  if (!response.ok || !accessToken) {
    throw new AppError('idpTokenFailed', {
      provider: providerLabel(provider),
      detail: response.ok ? 'the answer carries no access_token' : peerDetail(response),
    });
  }
  return {
    accessToken,
    tokenType: textOf(answer.token_type) || 'Bearer',
    idToken: textOf(answer.id_token) || undefined,
    scope: textOf(answer.scope) || undefined,
  };
}

/** GET of a JSON document with the bearer token (userinfo endpoints, GitHub's and Graph's APIs). */
export async function fetchWithToken(
  outbound: Outbound,
  provider: Provider,
  url: string,
  token: IdpToken,
  options: IdpOptions = {},
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await outbound.fetch(url, {
    timeoutMs: options.timeoutMs,
    headers: { accept: 'application/json', authorization: `Bearer ${token.accessToken}`, ...headers },
  });
  const json = response.json();
  if (!response.ok || json === undefined) {
    throw new AppError('idpUserInfoFailed', { provider: providerLabel(provider), detail: peerDetail(response) });
  }
  return json;
}

/** A JSON object, or the userinfo refusal. */
export function objectOf(provider: Provider, value: unknown): Record<string, unknown> {
  if (isJsonObject(value)) return value;
  throw new AppError('idpUserInfoFailed', { provider: providerLabel(provider), detail: 'the answer is not a JSON object' });
}

/** An authorization URL: the endpoint with the parameters added to whatever query it already has. */
export function withQuery(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(params)) if (value !== '') url.searchParams.set(name, value);
  return url.toString();
}

/** The provider's scopes (spaces, commas or plus signs between them), else `fallback`. */
export function scopesOf(provider: Provider, fallback: string): string {
  const listed = provider.scopes
    .split(/[\s,+]+/)
    .map((scope) => scope.trim())
    .filter(Boolean);
  return listed.length > 0 ? listed.join(' ') : fallback;
}
