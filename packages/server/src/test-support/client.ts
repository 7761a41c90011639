import type { Envelope } from '@gatehouse/entities';

type Params = Record<string, string | number | boolean | undefined>;

/**
 * An HTTP client for API tests over real HTTP: keeps the session cookie like a browser would and
 * sends the same-origin Origin header on writes.
 */
export class ApiClient {
  private cookie = '';

  constructor(
    readonly baseUrl: string,
    private readonly language = 'en',
  ) {}

  url(path: string, query: Params = {}): string {
    const u = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  async raw(
    method: string,
    path: string,
    init: { query?: Params; body?: string | FormData; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { 'accept-language': this.language, ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && !('origin' in headers)) headers.origin = this.baseUrl;
    const response = await fetch(this.url(path, init.query), { method, headers, body: init.body, redirect: 'manual' });
    const setCookie = response.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (!pair) continue;
      const [name, value] = pair.split('=');
      if (name === 'gatehouse_session') this.cookie = value ? `${name}=${value}` : '';
    }
    return response;
  }

  async get<D = any, D2 = any>(path: string, query: Params = {}): Promise<Envelope<D, D2>> {
    const response = await this.raw('GET', path, { query });
    return (await response.json()) as Envelope<D, D2>;
  }

  async post<D = any, D2 = any>(path: string, body?: unknown, query: Params = {}): Promise<Envelope<D, D2>> {
    const response = await this.raw('POST', path, {
      query,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    return (await response.json()) as Envelope<D, D2>;
  }

  /** A multipart POST (fetch sets the boundary), answered as an envelope. */
  async postForm<D = any, D2 = any>(path: string, form: FormData, query: Params = {}): Promise<Envelope<D, D2>> {
    const response = await this.raw('POST', path, { query, body: form });
    return (await response.json()) as Envelope<D, D2>;
  }

  async login(username: string, password: string, organization = 'built-in'): Promise<Envelope> {
    return this.post('/api/login', {
      type: 'login',
      application: 'app-built-in',
      organization,
      username,
      password,
      autoSignin: true,
    });
  }

  get sessionCookie(): string {
    return this.cookie;
  }
}
