import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../shared/i18n/i18n';
import { grantBodyOf, isConsentRequired, scopeRows, scopesOf } from './oauth-consent-model';

const t = ((key: string, params?: Record<string, string>) => (params ? `${key}(${params.scope})` : key)) as unknown as TFunction;

describe('the consent step', () => {
  it('recognizes the {required: true} answer of a sign-in', () => {
    expect(isConsentRequired({ required: true })).toBe(true);
    expect(isConsentRequired('a-code')).toBe(false);
    expect(isConsentRequired({ required: false })).toBe(false);
    expect(isConsentRequired(null)).toBe(false);
  });

  it('lists each requested scope once, described by the application, the console or generically', () => {
    const custom = [
      { scope: 'files:read', displayName: 'Read your files', description: 'See the files you stored' },
      { scope: 'profile', displayName: '', description: 'Your public profile' },
      { scope: 'bare', displayName: '', description: '' },
    ];
    expect(scopeRows('openid  profile files:read bare other openid', custom, t)).toEqual([
      { scope: 'openid', title: 'consent.scopes.openid.title', description: 'consent.scopes.openid.description' },
      { scope: 'profile', title: 'consent.scopes.profile.title', description: 'Your public profile' },
      { scope: 'files:read', title: 'Read your files', description: 'See the files you stored' },
      { scope: 'bare', title: 'bare', description: 'consent.customScope(bare)' },
      { scope: 'other', title: 'other', description: 'consent.customScope(other)' },
    ]);
    expect(scopeRows('', undefined, t)).toEqual([]);
  });

  it("builds Casdoor's grant-consent body granting every requested scope", () => {
    const query = {
      clientId: 'c',
      responseType: 'code',
      redirectUri: 'http://127.0.0.1/cb',
      scope: 'openid files:read',
      state: 's',
      nonce: 'n',
      code_challenge: 'x',
      code_challenge_method: 'S256',
      max_age: '300',
    };
    expect(grantBodyOf({ owner: 'admin', name: 'app' }, query)).toEqual({
      application: 'admin/app',
      grantedScopes: ['openid', 'files:read'],
      clientId: 'c',
      responseType: 'code',
      redirectUri: 'http://127.0.0.1/cb',
      scope: 'openid files:read',
      state: 's',
      nonce: 'n',
      challenge: 'x',
      // The request's prompt and max_age, which the server holds the consent to as well.
      prompt: '',
      maxAge: '300',
    });
    expect(scopesOf(' a  b a ')).toEqual(['a', 'b']);
  });
});
