import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CasdoorSdk,
  expectAffected,
  expectRefused,
  namesOf,
  recordOf,
  sdkFor,
  sdkRecord,
} from '../../test-support/casdoor-sdk.js';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const OWN = 'scope-own';
const OTHER = 'scope-other';

/**
 * The deliberate difference for applications of organizations other than the built-in one
 * (docs/casdoor-compatibility.md; Casdoor's routers/auto_signin_filter.go): Casdoor makes every
 * application's client credentials a global administrator; in Gatehouse they administer the
 * application's own organization only. The same SDK calls succeed inside it and are refused
 * ("Unauthorized operation") outside it, changing nothing.
 */
describeEachDatabase("casdoor-nodejs-sdk: an organization's application acts within its organization", (server) => {
  let admin: ApiClient;
  /** The SDK of OWN's application, configured for OWN. */
  let own: CasdoorSdk;
  /** The same application's SDK configured for OTHER (an application may set any orgName). */
  let other: CasdoorSdk;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
    for (const organization of [OWN, OTHER]) {
      expect((await admin.post('/api/add-organization', { owner: 'admin', name: organization })).status).toBe('ok');
    }
    expect(
      (await admin.post('/api/add-user', { owner: OTHER, name: 'bob', displayName: 'Bob', password: 'bob-pass-1' })).status,
    ).toBe('ok');
    const permission = {
      owner: OTHER,
      name: 'other-access',
      users: [`${OTHER}/bob`],
      resourceType: 'Custom',
      resources: ['ledger'],
      actions: ['Read'],
      effect: 'Allow',
      isEnabled: true,
      state: 'Approved',
    };
    expect((await admin.post('/api/add-permission', permission)).status).toBe('ok');
    const app = await createOAuthApplication(admin, 'scope-own-app', { organization: OWN });
    own = sdkFor(server().url, app, OWN);
    other = sdkFor(server().url, app, OTHER);
  });

  describe('inside its organization', () => {
    it('manages users, groups, roles and permissions, and enforces', async () => {
      expectAffected(await own.addUser(sdkRecord({ owner: OWN, name: 'ann', displayName: 'Ann', password: 'ann-pass-1' })));
      expect(namesOf(await own.getUsers())).toEqual(['ann']);
      const ann = recordOf(await own.getUser('ann'));
      expectAffected(await own.updateUser(sdkRecord({ ...ann, owner: OWN, name: 'ann', displayName: 'Ann B.' })));
      expect(recordOf(await own.getUser('ann'))).toMatchObject({ displayName: 'Ann B.' });

      expectAffected(await own.addGroup(sdkRecord({ owner: OWN, name: 'team', type: 'Virtual', parentId: OWN })));
      expectAffected(await own.addRole(sdkRecord({ owner: OWN, name: 'readers', users: [`${OWN}/ann`], isEnabled: true })));
      expectAffected(
        await own.addPermission(
          sdkRecord({
            owner: OWN,
            name: 'own-access',
            roles: [`${OWN}/readers`],
            resourceType: 'Custom',
            resources: ['wiki'],
            actions: ['Read'],
            effect: 'Allow',
            isEnabled: true,
          }),
        ),
      );
      // As an organization's administrator, its permission waits for a global administrator's
      // approval (only global admins approve); Casdoor's application would have approved it.
      const pending = recordOf(await own.getPermission('own-access'));
      expect(pending).toMatchObject({ state: 'Pending' });
      expect(await own.enforce(`${OWN}/own-access`, '', '', [`${OWN}/ann`, 'wiki', 'read'])).toBe(false);
      const approved = await admin.post('/api/update-permission', { ...pending, state: 'Approved' }, { id: `${OWN}/own-access` });
      expect(approved).toMatchObject({ status: 'ok', data: 'Affected' });
      expect(await own.enforce(`${OWN}/own-access`, '', '', [`${OWN}/ann`, 'wiki', 'read'])).toBe(true);
      expectAffected(await own.deleteUser(sdkRecord({ owner: OWN, name: 'ann' })));
      expect(recordOf(await own.getUser('ann'))).toBeNull();
    });

    it('reads and updates its own organization, and lists only it', async () => {
      const org = recordOf(await own.getOrganization(OWN));
      expect(org).toMatchObject({ name: OWN });
      expectAffected(await own.updateOrganization(sdkRecord({ ...org, owner: 'admin', name: OWN, displayName: 'Own Org' })));
      expect(recordOf(await own.getOrganization(OWN))).toMatchObject({ displayName: 'Own Org' });
      expect(namesOf(await own.getOrganizations())).toEqual([OWN]);
    });
  });

  describe('outside its organization (Casdoor: allowed, as a global administrator)', () => {
    it("refuses reading another organization's users and records", async () => {
      expectRefused(await other.getUsers());
      expectRefused(await other.getUser('bob'));
      expectRefused(await other.getPermission('other-access'));
      expectRefused(await other.getPermissions());
      expectRefused(await own.getOrganization(OTHER));
    });

    it("refuses adding, updating and deleting another organization's users, changing nothing", async () => {
      expectRefused(await other.addUser(sdkRecord({ owner: OTHER, name: 'mallory', password: 'mallory-pass-1' })));
      expectRefused(await other.updateUser(sdkRecord({ owner: OTHER, name: 'bob', displayName: 'Hijacked' })));
      expectRefused(await other.deleteUser(sdkRecord({ owner: OTHER, name: 'bob' })));
      const bob = await admin.get('/api/get-user', { id: `${OTHER}/bob` });
      expect(bob.data).toMatchObject({ name: 'bob', displayName: 'Bob' });
      expect((await admin.get('/api/get-user', { id: `${OTHER}/mallory` })).data).toBeNull();
    });

    it('refuses changing another organization, adding one, and its password and enforcement calls', async () => {
      expectRefused(await other.updateOrganization(sdkRecord({ owner: 'admin', name: OTHER, displayName: 'Taken over' })));
      expectRefused(await other.addOrganization(sdkRecord({ owner: 'admin', name: 'scope-new' })));
      expect((await admin.get('/api/get-organization', { id: 'admin/scope-new' })).data).toBeNull();
      expect((await admin.get('/api/get-organization', { id: `admin/${OTHER}` })).data.displayName).not.toBe('Taken over');

      expectRefused(await other.setPassword({ owner: OTHER, name: 'bob', oldPassword: '', newPassword: 'stolen-pass' }));
      expect((await new ApiClient(server().url).login('bob', 'bob-pass-1', OTHER)).status).toBe('ok');

      const enforce = answerOf(
        await other.postJson('/enforce', [`${OTHER}/bob`, 'ledger', 'read'], { permissionId: `${OTHER}/other-access` }),
      );
      expect(enforce).toMatchObject({ status: 'error', code: 'unauthorized' });
    });

    it('refuses shared (admin) objects: a shared provider or cert, and applications of other organizations', async () => {
      const shared = answerOf(
        await own.postJson('/add-provider', { owner: 'admin', name: 'scope-shared', category: 'Email', type: 'Default' }),
      );
      expect(shared).toMatchObject({ status: 'error', code: 'unauthorized' });
      const cert = {
        owner: 'admin',
        name: 'scope-cert',
        scope: 'JWT',
        type: 'x509',
        cryptoAlgorithm: 'RS256',
        bitSize: 2048,
        expireInYears: 1,
      };
      expect(answerOf(await own.postJson('/add-cert', cert))).toMatchObject({ status: 'error', code: 'unauthorized' });
      expect((await admin.get('/api/get-cert', { id: 'admin/scope-cert' })).data).toBeNull();
      expectRefused(await own.addApplication(sdkRecord({ owner: 'admin', name: 'scope-foreign-app', organization: OTHER })));
      expect((await admin.get('/api/get-application', { id: 'admin/scope-foreign-app' })).data).toBeNull();
      expect(namesOf(await own.getApplications())).toEqual(['scope-own-app']);
    });
  });
});
