/**
 * The sign-in pages: the routes the console's sign-in entry (packages/web/signin.html) renders
 * rather than the console's. The server answers these paths with signin.html and every other page
 * path with index.html; each entry's router sends a path of the other one there with a full load.
 * One list, so that the server and both routers agree.
 */
export const PUBLIC_PAGE_ROUTES = [
  '/login',
  '/login/oauth/authorize',
  '/login/oauth/device',
  '/login/oauth/device/:userCode',
  '/login/saml/authorize/:owner/:application',
  '/login/:organization',
  '/cas/:owner/:application/login',
  '/cas/:owner/:application/logout',
  '/callback',
  '/forget',
  '/forget/:application',
  '/signup',
  '/signup/oauth/authorize',
  '/signup/:application',
] as const;

export type PublicPageRoute = (typeof PUBLIC_PAGE_ROUTES)[number];

const PATTERNS = PUBLIC_PAGE_ROUTES.map((route) => route.split('/').slice(1));

/** Whether a page path (without query) is one of the sign-in pages (a trailing slash allowed). */
export function isPublicPagePath(pathname: string): boolean {
  const parts = pathname.replace(/\/$/, '').split('/').slice(1);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, index) => {
        const part = parts[index] ?? '';
        return segment.startsWith(':') ? part !== '' : segment === part;
      }),
  );
}
