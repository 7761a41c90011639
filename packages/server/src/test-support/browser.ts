import type { Envelope } from '@gatehouse/entities';

type Params = Record<string, string | number | boolean | undefined>;

/**
 * An API client that keeps every cookie the server sets, as a browser does (ApiClient keeps only
 * the session cookie): sign-ins through identity providers also need the state cookie.
 */
export class CookieBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly language = 'en',
  ) {}

  private async send(method: string, path: string, query: Params, body?: unknown): Promise<unknown> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'accept-language': this.language };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers.origin = this.baseUrl;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response.json();
  }

  async get(path: string, query: Params = {}) {
    return (await this.send('GET', path, query)) as Envelope<any, any>;
  }

  async post(path: string, body?: unknown, query: Params = {}) {
    return (await this.send('POST', path, query, body)) as Envelope<any, any>;
  }

  /** A GET answered by JSON that is not the envelope (the WebAuthn begin calls answer go-webauthn's objects). */
  getJson(path: string, query: Params = {}): Promise<unknown> {
    return this.send('GET', path, query);
  }

  login(username: string, password: string, organization = 'built-in', application = 'app-built-in') {
    return this.post('/api/login', { type: 'login', application, organization, username, password, autoSignin: true });
  }
}
