/** sessionStorage key of the page to return to once the MFA setup an organization requires is done. */
export const MFA_RETURN_KEY = 'mfaRedirectUrl';

/** sessionStorage key of the page to return to after signing in. */
export const RETURN_TO_KEY = 'from';

/** The page to go to after signing in or up, taken once; only a path of this console (never another site). */
export function takeReturnTarget(): string {
  const from = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return from?.startsWith('/') && !from.startsWith('//') ? from : '/';
}
