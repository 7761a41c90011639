/**
 * Where Save & Exit may send the browser back to when a page was opened with a return-url: a path
 * of the console, or an address on the console's origin or on one of the given origins (those of
 * the organization's applications); anything else is ignored, so that the parameter cannot send
 * people to a site nobody registered (no open redirect).
 */
export function safeReturnUrl(raw: string | null, consoleOrigin: string, allowedOrigins: readonly string[]): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === consoleOrigin || allowedOrigins.includes(url.origin)) return url.toString();
  return null;
}

/** The origins of addresses (an application's redirect URIs and home page), skipping what is not a URL. */
export function originsOf(addresses: readonly unknown[]): string[] {
  const origins = new Set<string>();
  for (const address of addresses) {
    if (typeof address !== 'string') continue;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Regular-expression redirect URIs and the like name no single origin.
    }
  }
  return [...origins];
}
