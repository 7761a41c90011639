import { CUSTOM_URL_MARKER, isSafeLink } from '@gatehouse/entities/plain';

/**
 * Where an application's card leads on the app launcher: its homepage, or the user's own for the
 * custom-url marker; addresses of other sites get `silentSignin=1` so that an application using
 * the SDKs signs the user in without a prompt. Nothing for an address that is no safe link.
 */
export function launchLink(homepageUrl: string, userHomepage: string): string | null {
  const link = homepageUrl === CUSTOM_URL_MARKER ? userHomepage : homepageUrl;
  if (!link || !isSafeLink(link)) return null;
  if (!link.startsWith('http')) return link;
  return `${link}${link.includes('?') ? '&' : '?'}silentSignin=1`;
}
