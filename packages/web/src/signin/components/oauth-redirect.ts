/**
 * Where the browser goes after an authorization request (RFC 6749 §4.1.2, §4.2.2): the code in
 * the query, implicit tokens in the fragment, errors in the query; the state always echoed. For the
 * implicit types the server answers the fragment's parameters (`fragmentParams`: access_token,
 * id_token, token_type, expires_in, scope); without them the value alone goes under the type's name.
 */
export function authorizationRedirect(
  redirectUri: string,
  responseType: string,
  value: string,
  state: string,
  fragmentParams?: unknown,
): string {
  const url = new URL(redirectUri);
  if (responseType === 'code') {
    url.searchParams.set('code', value);
    if (state) url.searchParams.set('state', state);
    return url.toString();
  }
  const fragment = new URLSearchParams();
  if (fragmentParams && typeof fragmentParams === 'object') {
    for (const [key, param] of Object.entries(fragmentParams)) if (typeof param === 'string') fragment.set(key, param);
  } else {
    fragment.set(responseType === 'token' ? 'access_token' : responseType, value);
    fragment.set('token_type', 'bearer');
  }
  if (state) fragment.set('state', state);
  url.hash = fragment.toString();
  return url.toString();
}

/** An error for the redirect URI: in the query, or the fragment for implicit requests (RFC 6749 §4.2.2.1). */
export function authorizationError(redirectUri: string, error: string, state: string, responseType = 'code'): string {
  const url = new URL(redirectUri);
  const params = responseType === 'code' ? url.searchParams : new URLSearchParams();
  params.set('error', error);
  if (state) params.set('state', state);
  if (responseType !== 'code') url.hash = params.toString();
  return url.toString();
}

/** The authorization parameters the server reads from the query of /api/login and get-app-login. */
export function authorizationQuery(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {
    clientId: search.get('client_id') ?? '',
    responseType: search.get('response_type') ?? '',
    redirectUri: search.get('redirect_uri') ?? '',
    scope: search.get('scope') ?? '',
    state: search.get('state') ?? '',
  };
  for (const key of ['nonce', 'code_challenge', 'code_challenge_method', 'prompt', 'max_age']) {
    const value = search.get(key);
    if (value) out[key] = value;
  }
  return out;
}
