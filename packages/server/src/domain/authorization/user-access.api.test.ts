import { decodeJwt } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, postOAuthForm } from '../../test-support/oidc.js';
import { permissionBody } from '../../test-support/records.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'built-in';
const id = (name: string) => `${ORG}/${name}`;
const names = (list: unknown) => (list as { name: string }[]).map((item) => item.name);
const sorted = (list: string[]) => [...list].sort();

/**
 * Roles and permissions reach the user as Casdoor's extended user: get-user, get-users and
 * get-account answer them (member lists left out), tokens carry them (records in the default JWT,
 * names in JWT-Custom), userinfo names them under the profile scope, and a change shows in the
 * next token. Alice holds a role directly, one through her group, one above the first as its
 * sub-role, and permissions through each; a disabled role and a pending permission grant nothing.
 */
describeEachDatabase('Roles and permissions of a user', (server) => {
  let admin: ApiClient;
  let jwtApp: { clientId: string; clientSecret: string };
  let customApp: { clientId: string; clientSecret: string };

  const ALICE_ROLES = ['ra-chief', 'ra-editor', 'ra-reader'];
  const ALICE_PERMISSIONS = ['ra-p-chief', 'ra-p-group', 'ra-p-role', 'ra-p-user'];

  async function add(entity: string, body: Record<string, unknown>) {
    const answer = await admin.post(`/api/add-${entity}`, { owner: ORG, ...body });
    expect(answer.status, `${entity} ${String(body.name)}: ${answer.msg}`).toBe('ok');
  }

  const permission = (name: string, fields: Record<string, unknown>) =>
    add('permission', permissionBody(ORG, name, { resources: ['doc'], state: 'Approved', ...fields }));

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    await add('group', { name: 'ra-team', type: 'Virtual' });
    await add('user', { name: 'ra-alice', password: 'Alice-Pass-7q', groups: [id('ra-team')] });
    await add('user', { name: 'ra-bob', password: 'Bob-Pass-7q' });
    await add('role', { name: 'ra-reader', users: [id('ra-alice')], isEnabled: true });
    await add('role', { name: 'ra-editor', groups: [id('ra-team')], isEnabled: true });
    await add('role', { name: 'ra-chief', roles: [id('ra-reader')], isEnabled: true });
    await add('role', { name: 'ra-off', users: [id('ra-alice')], isEnabled: false });
    await permission('ra-p-user', { users: [id('ra-alice')] });
    await permission('ra-p-role', { roles: [id('ra-editor')] });
    // A permission names users or roles (a save rule): this one a disabled role besides the group.
    await permission('ra-p-group', { groups: [id('ra-team')], roles: [id('ra-off')] });
    await permission('ra-p-chief', { roles: [id('ra-chief')] });
    await permission('ra-p-pending', { users: [id('ra-alice')], state: 'Pending' });
    await permission('ra-p-disabled', { users: [id('ra-alice')], isEnabled: false });
    await permission('ra-p-off-role', { roles: [id('ra-off')] });
    jwtApp = await createOAuthApplication(admin, 'ra-jwt');
    customApp = await createOAuthApplication(admin, 'ra-custom', {
      tokenFormat: 'JWT-Custom',
      tokenFields: ['name', 'roles', 'permissions', 'permissionNames'],
    });
  });

  async function passwordGrant(app: { clientId: string; clientSecret: string }, scope = 'openid profile') {
    const response = await postOAuthForm(server().url, '/api/login/oauth/access_token', {
      grant_type: 'password',
      username: 'ra-alice',
      password: 'Alice-Pass-7q',
      scope,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as { access_token: string; id_token: string };
  }

  it('get-user and get-users answer each user’s roles and permissions, without their member lists', async () => {
    const alice = (await admin.get('/api/get-user', { id: id('ra-alice') })).data as Record<string, unknown>;
    expect(sorted(names(alice.roles))).toEqual(ALICE_ROLES);
    expect(names(alice.permissions)[0]).toBe('ra-p-user');
    expect(sorted(names(alice.permissions))).toEqual(ALICE_PERMISSIONS);
    for (const item of [...(alice.roles as { users: unknown }[]), ...(alice.permissions as { users: unknown }[])]) {
      expect(item.users).toEqual([]);
    }
    expect(alice.roles).toContainEqual(expect.objectContaining({ name: 'ra-chief', roles: [id('ra-reader')] }));

    const list = (await admin.get('/api/get-users', { owner: ORG, field: 'name', value: 'ra-' })).data as Record<
      string,
      unknown
    >[];
    const byName = new Map(list.map((user) => [user.name, user]));
    expect(sorted(names(byName.get('ra-alice')?.roles))).toEqual(ALICE_ROLES);
    expect(byName.get('ra-bob')).toMatchObject({ roles: [], permissions: [] });
  });

  it('get-account answers the signed-in user’s roles and permissions', async () => {
    const browser = await signedInUser(server().url, ORG, 'ra-alice', 'Alice-Pass-7q');
    const account = (await browser.get('/api/get-account')).data as Record<string, unknown>;
    expect(sorted(names(account.roles))).toEqual(ALICE_ROLES);
    expect(sorted(names(account.permissions))).toEqual(ALICE_PERMISSIONS);
  });

  it('the default JWT carries them as records, JWT-Custom as names, userinfo names them under profile', async () => {
    const tokens = await passwordGrant(jwtApp);
    const claims = decodeJwt(tokens.access_token);
    expect(sorted(names(claims.roles))).toEqual(ALICE_ROLES);
    expect(sorted(names(claims.permissions))).toEqual(ALICE_PERMISSIONS);
    expect(sorted(names(decodeJwt(tokens.id_token).roles))).toEqual(ALICE_ROLES);

    const custom = decodeJwt((await passwordGrant(customApp)).access_token);
    expect(sorted(custom.roles as string[])).toEqual(ALICE_ROLES);
    expect(sorted(custom.permissions as string[])).toEqual(ALICE_PERMISSIONS);
    expect(sorted(custom.permissionNames as string[])).toEqual(ALICE_PERMISSIONS);

    const info = async (scope: string) => {
      const { access_token } = await passwordGrant(jwtApp, scope);
      const answer = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
      return (await answer.json()) as Record<string, unknown>;
    };
    const profile = await info('openid profile');
    expect(sorted(profile.roles as string[])).toEqual(ALICE_ROLES);
    expect(sorted(profile.permissions as string[])).toEqual(ALICE_PERMISSIONS);
    expect(profile.groups).toEqual([id('ra-team')]);
    expect(await info('openid')).not.toHaveProperty('roles');
  });

  it('a role change shows in the next token issued', async () => {
    const before = decodeJwt((await passwordGrant(jwtApp)).access_token);
    expect(names(before.roles)).toContain('ra-reader');
    const reader = (await admin.get('/api/get-role', { id: id('ra-reader') })).data as Record<string, unknown>;
    const updated = await admin.post('/api/update-role', { ...reader, users: [] }, { id: id('ra-reader') });
    expect(updated.status, updated.msg).toBe('ok');
    const after = decodeJwt((await passwordGrant(jwtApp)).access_token);
    // ra-chief held ra-reader as a sub-role: both go, with the permissions they gave.
    expect(sorted(names(after.roles))).toEqual(['ra-editor']);
    expect(sorted(names(after.permissions))).toEqual(['ra-p-group', 'ra-p-role', 'ra-p-user']);
  });
});
