import { type APIRequestContext, expect, request } from '@playwright/test';
import { ADMIN_PASSWORD, baseURL } from '../playwright.config.js';

/** An API session for preparing data (as the built-in admin unless told otherwise). */
export async function apiAs(
  username = 'admin',
  password = ADMIN_PASSWORD,
  organization = 'built-in',
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/login', {
    data: { type: 'login', application: 'app-built-in', organization, username, password, autoSignin: true },
  });
  const body = await res.json();
  expect(body.status, `sign-in of ${organization}/${username}: ${body.msg}`).toBe('ok');
  return api;
}

export async function call(api: APIRequestContext, path: string, body?: unknown, query?: Record<string, string>) {
  const url = query ? `${path}?${new URLSearchParams(query)}` : path;
  const res = body === undefined ? await api.get(url) : await api.post(url, { data: body });
  const json = await res.json();
  expect(json.status, `${path}: ${json.msg}`).toBe('ok');
  return json;
}

/** Runs `work` in an API session of the built-in admin, closed afterwards. */
export async function asAdmin<T>(work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await apiAs();
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/** One stored record as the built-in admin reads it (null when it does not exist). */
export async function getRecord(entity: 'organization' | 'user', owner: string, name: string) {
  return asAdmin(async (api) => (await call(api, `/api/get-${entity}`, undefined, { id: `${owner}/${name}` })).data);
}

/** Changes some fields of a record as the built-in admin (the server keeps the fields not sent). */
export async function updateRecord(entity: 'organization' | 'user', owner: string, name: string, fields: object) {
  await asAdmin((api) => call(api, `/api/update-${entity}`, { owner, name, ...fields }, { id: `${owner}/${name}` }));
}

/** A unique lowercase name for data a test creates. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An organization created by the built-in admin (any other field of the record may be given). */
export async function createOrganization(prefix = 'org', fields: object = {}): Promise<string> {
  const org = unique(prefix);
  await asAdmin((api) =>
    call(api, '/api/add-organization', {
      owner: 'admin',
      name: org,
      displayName: `Org ${org}`,
      passwordOptions: ['AtLeast6'],
      ...fields,
    }),
  );
  return org;
}

/** Deletes an organization and all it owns, as the built-in admin (a test's own, once done with it). */
export async function deleteOrganization(org: string) {
  await asAdmin((api) => call(api, '/api/delete-organization', { owner: 'admin', name: org }));
}

/**
 * Adds an application (owner admin) of an organization, by default the built-in one, with a
 * callback URL; `fields` override the defaults. Answers its name.
 */
export async function addApplication(fields: object = {}, prefix = 'app'): Promise<string> {
  const name = unique(prefix);
  await asAdmin((api) =>
    call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: `App ${name}`,
      organization: 'built-in',
      redirectUris: ['http://localhost:9000/callback'],
      ...fields,
    }),
  );
  return name;
}

/** Adds ordinary users to an organization, in the order given; each has the password `{name}-pass`. */
export async function addUsers(org: string, names: string[]) {
  await asAdmin(async (api) => {
    for (const name of names) {
      await call(api, '/api/add-user', { owner: org, name, displayName: `User ${name}`, password: `${name}-pass` });
    }
  });
}

/** Creates an organization with an administrator and an ordinary user, both with known passwords. */
export async function createOrganizationWithUsers(prefix = 'org') {
  const org = await createOrganization(prefix);
  await asAdmin(async (api) => {
    await call(api, '/api/add-user', { owner: org, name: 'boss', displayName: 'Boss', isAdmin: true, password: 'boss-pass' });
    await call(api, '/api/add-user', { owner: org, name: 'worker', displayName: 'Worker', password: 'worker-pass' });
  });
  return { org, admin: { name: 'boss', password: 'boss-pass' }, user: { name: 'worker', password: 'worker-pass' } };
}

/**
 * Uploads an application's terms of use (an HTML page) the way the edit page does, and answers the
 * URL to store in its termsOfUse.
 */
export async function uploadTermsOfUse(api: APIRequestContext, org: string, application: string, html: string): Promise<string> {
  const upload = await api.post(
    `/api/upload-resource?${new URLSearchParams({
      owner: 'admin',
      user: 'admin',
      application,
      tag: 'termsOfUse',
      parent: 'ApplicationEditPage',
      fullFilePath: `termsOfUse/${org}/${application}.html`,
    })}`,
    { multipart: { file: { name: 'terms.html', mimeType: 'text/html', buffer: Buffer.from(html) } } },
  );
  const uploaded = await upload.json();
  expect(uploaded.status, uploaded.msg).toBe('ok');
  return uploaded.data;
}
