import { describe, expect, it } from 'vitest';
import { authorizationError, authorizationQuery, authorizationRedirect } from './oauth-redirect';

describe('authorization redirects', () => {
  it('put the code in the query, keeping the redirect URI own parameters', () => {
    expect(authorizationRedirect('https://app.example/cb?x=1', 'code', 'C', 'S')).toBe(
      'https://app.example/cb?x=1&code=C&state=S',
    );
  });
  it('put implicit tokens in the fragment', () => {
    expect(authorizationRedirect('https://app.example/cb', 'token', 'T', 'S')).toBe(
      'https://app.example/cb#access_token=T&token_type=bearer&state=S',
    );
    expect(authorizationRedirect('https://app.example/cb', 'id_token', 'I', '')).toBe(
      'https://app.example/cb#id_token=I&token_type=bearer',
    );
  });
  it('put the fragment parameters the server answers, in its order, then the state', () => {
    const params = { access_token: 'T', token_type: 'Bearer', expires_in: '3600', scope: 'openid', id_token: 'I' };
    expect(authorizationRedirect('https://app.example/cb', 'id_token token', 'T', 'S', params)).toBe(
      'https://app.example/cb#access_token=T&token_type=Bearer&expires_in=3600&scope=openid&id_token=I&state=S',
    );
  });
  it('report errors in the query, and in the fragment for implicit requests', () => {
    expect(authorizationError('https://app.example/cb', 'login_required', 'S')).toBe(
      'https://app.example/cb?error=login_required&state=S',
    );
    expect(authorizationError('https://app.example/cb?x=1', 'access_denied', 'S', 'code')).toBe(
      'https://app.example/cb?x=1&error=access_denied&state=S',
    );
    expect(authorizationError('https://app.example/cb', 'access_denied', 'S', 'token')).toBe(
      'https://app.example/cb#error=access_denied&state=S',
    );
  });
  it('forward the authorization parameters under the server names', () => {
    const search = new URLSearchParams(
      'client_id=c&response_type=code&redirect_uri=r&scope=openid&state=s&code_challenge=x&code_challenge_method=S256&prompt=consent&max_age=60',
    );
    expect(authorizationQuery(search)).toEqual({
      clientId: 'c',
      responseType: 'code',
      redirectUri: 'r',
      scope: 'openid',
      state: 's',
      code_challenge: 'x',
      code_challenge_method: 'S256',
      prompt: 'consent',
      max_age: '60',
    });
  });
});
