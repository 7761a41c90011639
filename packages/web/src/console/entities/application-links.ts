/** Pure helpers of the application page (addresses, file checks), unit tested without a browser. */

/** The address of an application's SAML metadata. */
export function samlMetadataUrl(origin: string, name: string, enablePostBinding: boolean): string {
  return `${origin}/api/saml/metadata?application=admin/${encodeURIComponent(name)}&enablePostBinding=${enablePostBinding}`;
}

/** The sign-in page of an application as its users reach it, or null without a redirect URL. */
export function signinPreviewUrl(clientId: string, redirectUris: readonly string[]): string | null {
  const redirectUri = redirectUris.find((uri) => uri.trim() !== '');
  if (!redirectUri) return null;
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'read',
    state: 'preview',
  });
  return `/login/oauth/authorize?${query}`;
}

/**
 * Whether a chosen file may be an application definition: an HTML file by name and, when the
 * browser knows it, by type (text/html only).
 */
export function isHtmlDocument(name: string, type: string): boolean {
  return /\.html?$/i.test(name) && (type === '' || type.split(';')[0]?.trim().toLowerCase() === 'text/html');
}

/** Whether a chosen file may be the terms of use: an .html file. */
export function isHtmlFile(name: string): boolean {
  return /\.html$/i.test(name);
}
