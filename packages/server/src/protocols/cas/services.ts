import type { Application } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';

/**
 * Which services an application accepts. Casdoor checks a CAS service against the application's
 * Redirect URLs (object/cas.go CheckCasLogin → Application.IsRedirectUriValid), comparing scheme,
 * host, port and path and ignoring the query. We do the same, more strictly: no subdomains, no
 * patterns, no built-in localhost allowance, a service must be an absolute http(s) URL without
 * credentials or fragment, and an application without Redirect URLs accepts no service at all
 * (Casdoor then accepts every service). The query may differ: CAS clients carry their own state
 * there (a return path), and the ticket is tied to the exact service string anyway.
 */
export function parseService(service: string): URL | null {
  if (!service || service.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(service);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.hash || service.includes('#')) return null;
  return url;
}

export function serviceAllowed(app: Application, service: string): boolean {
  const url = parseService(service);
  if (!url) return false;
  return app.redirectUris.some((registered) => {
    let target: URL;
    try {
      target = new URL(registered);
    } catch {
      return false;
    }
    return target.protocol === url.protocol && target.host === url.host && target.pathname === url.pathname;
  });
}

/** Loopback hosts, where a plain-http proxy callback stays on this machine. */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A proxy callback URL must be HTTPS (its certificate is verified when it is called), except on
 * the loopback interface, where http is accepted so that a proxy on the same machine (and the
 * tests) can receive proxy-granting tickets. Like any service it must be registered.
 */
export function proxyCallbackSecure(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/** The application of a /cas/{organization}/{application}/... path, when both names agree. */
export async function pathApplication(
  server: ServerContext,
  organization: string,
  name: string,
): Promise<Application | undefined> {
  const app = await applicationByName(server, name);
  return app && app.organization === organization ? app : undefined;
}
