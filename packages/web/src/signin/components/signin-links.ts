import type { SignupItemRow } from '@gatehouse/entities';
import { BUILT_IN_APPLICATION, isItemVisible } from '@gatehouse/entities/plain';

/**
 * The links between an application's sign-in and sign-up pages (the sign-in pages need these two
 * without the sign-up form's rules).
 */

/**
 * The sign-in page the sign-up page's "sign in now" goes back to: the authorization request the
 * sign-up came from, else the application's own sign-in URL, else the console's sign-in page of the
 * application's organization.
 */
export function signinPageOf(
  app: { name: string; organization: string; signinUrl?: string },
  oauthSearch: string | null,
): string {
  if (oauthSearch !== null) return `/login/oauth/authorize${oauthSearch}`;
  if (app.signinUrl) return app.signinUrl;
  if (app.name === BUILT_IN_APPLICATION) return '/login';
  return `/login/${encodeURIComponent(app.organization)}`;
}

/**
 * The sign-up link of a sign-in page, or null: shown when the application allows sign-up and its
 * "Signup link" sign-in item is visible (or it lists no sign-in items). It goes to the
 * application's own sign-up URL if it has one, else to the sign-up page of the authorization
 * request (`oauthSearch`), else to /signup/{application}.
 */
export function signupLinkOf(app: Record<string, unknown> | undefined, oauthSearch: string | null = null): string | null {
  if (app?.enableSignUp !== true) return null;
  const items = Array.isArray(app.signinItems) ? (app.signinItems as SignupItemRow[]) : [];
  if (items.length > 0 && !isItemVisible(items, 'Signup link')) return null;
  if (typeof app.signupUrl === 'string' && app.signupUrl) return app.signupUrl;
  if (oauthSearch !== null) return `/signup/oauth/authorize${oauthSearch}`;
  return `/signup/${encodeURIComponent(String(app.name ?? ''))}`;
}
