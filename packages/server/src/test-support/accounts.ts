import { ApiClient } from './client.js';
import { ADMIN_PASSWORD } from './server.js';

export interface Team {
  /** The built-in global administrator. */
  admin: ApiClient;
  /** `boss`, administrator of the organization. */
  orgAdmin: ApiClient;
  /** `worker`, an ordinary member of the organization. */
  member: ApiClient;
}

/**
 * Creates an organization with an administrator (boss / boss-pass) and a member
 * (worker / worker-pass) and signs the three audiences in.
 */
export async function organizationTeam(url: string, organization = 'acme'): Promise<Team> {
  const admin = new ApiClient(url);
  await admin.login('admin', ADMIN_PASSWORD);
  await admin.post('/api/add-organization', { owner: 'admin', name: organization });
  await admin.post('/api/add-user', { owner: organization, name: 'boss', isAdmin: true, password: 'boss-pass' });
  await admin.post('/api/add-user', { owner: organization, name: 'worker', password: 'worker-pass' });
  const orgAdmin = new ApiClient(url);
  await orgAdmin.login('boss', 'boss-pass', organization);
  const member = new ApiClient(url);
  await member.login('worker', 'worker-pass', organization);
  return { admin, orgAdmin, member };
}

/** A client of `url` signed in as the built-in global administrator (in `language`); fails the test otherwise. */
export async function signedInAdmin(url: string, language = 'en'): Promise<ApiClient> {
  return signedInUser(url, 'built-in', 'admin', ADMIN_PASSWORD, language);
}

/** A client of `url` signed in as `organization`/`username` through the console's sign-in; fails the test otherwise. */
export async function signedInUser(
  url: string,
  organization: string,
  username: string,
  password: string,
  language = 'en',
): Promise<ApiClient> {
  const client = new ApiClient(url, language);
  const answer = await client.login(username, password, organization);
  if (answer.status !== 'ok') throw new Error(`sign-in of ${organization}/${username}: ${answer.msg}`);
  return client;
}
