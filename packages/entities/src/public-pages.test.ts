import { describe, expect, it } from 'vitest';
import { isPublicPagePath, PUBLIC_PAGE_ROUTES } from './public-pages.js';

describe('the sign-in pages’ paths', () => {
  it('are the sign-in, sign-up, forgotten-password and protocol pages, with or without a trailing slash', () => {
    for (const path of [
      '/login',
      '/login/',
      '/login/built-in',
      '/login/oauth/authorize',
      '/login/oauth/device',
      '/login/oauth/device/ABCD-EFGH',
      '/login/saml/authorize/admin/app-built-in',
      '/cas/built-in/app-built-in/login',
      '/cas/o/a/logout/',
      '/callback',
      '/forget',
      '/forget/app-shop',
      '/signup',
      '/signup/oauth/authorize',
      '/signup/app-shop',
    ])
      expect(isPublicPagePath(path), path).toBe(true);
  });

  it('leave every console page, the API and the CAS server to the others', () => {
    for (const path of [
      '/',
      '/apps',
      '/account',
      '/organizations',
      '/users/built-in/admin',
      '/mfa/setup',
      '/select-plan/built-in/pricing',
      '/login/a/b/c',
      '/login//',
      '/cas/o/a/serviceValidate',
      '/signup/a/b',
      '/api/login',
    ])
      expect(isPublicPagePath(path), path).toBe(false);
  });

  it('lists each route once', () => {
    expect(new Set(PUBLIC_PAGE_ROUTES).size).toBe(PUBLIC_PAGE_ROUTES.length);
  });
});
