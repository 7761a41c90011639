import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('organization and user rules', (server) => {
  let admin: ApiClient;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
  });

  describe('seeded data', () => {
    it('has the built-in organization, admin, application and a real RSA 4096 cert', async () => {
      const org = (await admin.get('/api/get-organization', { id: 'admin/built-in' })).data;
      expect(org).toMatchObject({ passwordType: 'bcrypt', passwordOptions: ['AtLeast6'] });
      expect(org.accountItems.length).toBeGreaterThan(50);
      expect(org.accountItems[0]).toMatchObject({ name: 'Organization', visible: true, viewRule: 'Public', modifyRule: 'Admin' });
      const user = (await admin.get('/api/get-user', { id: 'built-in/admin' })).data;
      expect(user).toMatchObject({ isAdmin: true, password: '***' });
      const app = (await admin.get('/api/get-application', { id: 'admin/app-built-in' })).data;
      expect(app.clientId).toMatch(/^[0-9a-f]{20}$/);
      expect(app.clientSecret).toMatch(/^[0-9a-f]{40}$/);
      const cert = (await admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data;
      expect(cert).toMatchObject({ cryptoAlgorithm: 'RS256', bitSize: 4096, expireInYears: 20 });
      expect(cert.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(cert.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    });

    it('masks the application secret for anonymous readers', async () => {
      const app = (await new ApiClient(server().url).get('/api/get-application', { id: 'admin/app-built-in' })).data;
      expect(app.clientSecret).toBe('***');
    });
  });

  describe('built-in protections', () => {
    it('refuses to delete the built-in organization, admin, application and cert', async () => {
      expect(await admin.post('/api/delete-organization', { owner: 'admin', name: 'built-in' })).toMatchObject({
        status: 'error',
        code: 'undeletable',
      });
      expect(await admin.post('/api/delete-user', { owner: 'built-in', name: 'admin' })).toMatchObject({
        status: 'error',
        code: 'undeletable',
      });
      expect(await admin.post('/api/delete-application', { owner: 'admin', name: 'app-built-in' })).toMatchObject({
        status: 'error',
      });
      expect(await admin.post('/api/delete-cert', { owner: 'admin', name: 'cert-built-in' })).toMatchObject({ status: 'error' });
      expect((await admin.get('/api/get-organization', { id: 'admin/built-in' })).data).not.toBeNull();
    });

    it('refuses to rename the built-in organization or the built-in admin', async () => {
      const org = (await admin.get('/api/get-organization', { id: 'admin/built-in' })).data;
      expect(await admin.post('/api/update-organization', { ...org, name: 'renamed' }, { id: 'admin/built-in' })).toMatchObject({
        status: 'error',
        code: 'fieldLocked',
      });
      const user = (await admin.get('/api/get-user', { id: 'built-in/admin' })).data;
      expect(await admin.post('/api/update-user', { ...user, name: 'root' }, { id: 'built-in/admin' })).toMatchObject({
        status: 'error',
        code: 'fieldLocked',
      });
    });

    it('refuses to delete the account you are signed in with', async () => {
      await admin.post('/api/add-user', { owner: 'built-in', name: 'second', isAdmin: true, password: 'second-pass' });
      const second = new ApiClient(server().url);
      await second.login('second', 'second-pass');
      expect(await second.post('/api/delete-user', { owner: 'built-in', name: 'second' })).toMatchObject({
        status: 'error',
        msg: 'You cannot delete the account you are signed in with',
      });
    });

    it('allows privilege consent only on the built-in organization', async () => {
      expect(
        await admin.post('/api/add-organization', { owner: 'admin', name: 'consent', hasPrivilegeConsent: true }),
      ).toMatchObject({
        status: 'error',
        code: 'fieldLocked',
      });
    });
  });

  describe('users', () => {
    beforeAll(async () => {
      await admin.post('/api/add-organization', {
        owner: 'admin',
        name: 'beta',
        initScore: 500,
        defaultAvatar: 'https://example.com/avatar.png',
        countryCodes: ['FR', 'DE'],
        passwordOptions: ['AtLeast8', 'Aa123'],
        passwordType: 'pbkdf2-salt',
      });
    });

    it('fills a new user from its organization and hashes its password', async () => {
      const added = await admin.post('/api/add-user', { owner: 'beta', name: 'eve', password: 'Strong123' });
      expect(added.status).toBe('ok');
      const eve = (await admin.get('/api/get-user', { id: 'beta/eve' })).data;
      expect(eve).toMatchObject({ score: 500, avatar: 'https://example.com/avatar.png', countryCode: 'FR', password: '***' });
      expect(eve.id).toMatch(/^[0-9a-f-]{36}$/);
      const row = await server()
        .ctx.database.db.selectFrom('user')
        .select(['password', 'passwordType'])
        .where('name', '=', 'eve')
        .executeTakeFirst();
      expect(row?.passwordType).toBe('pbkdf2-salt');
      expect(row?.password).not.toBe('Strong123');
      expect((await new ApiClient(server().url).login('eve', 'Strong123', 'beta')).status).toBe('ok');
    });

    it('applies the organization password options with their messages', async () => {
      expect(await admin.post('/api/add-user', { owner: 'beta', name: 'weak', password: 'short' })).toMatchObject({
        status: 'error',
        msg: 'The password must have at least 8 characters',
      });
      expect(await admin.post('/api/add-user', { owner: 'beta', name: 'weak', password: 'lowercase123' })).toMatchObject({
        status: 'error',
        msg: 'The password must contain at least one uppercase letter, one lowercase letter and one digit',
      });
      expect((await admin.get('/api/get-user', { id: 'beta/weak' })).data).toBeNull();
    });

    it('refuses a user in an organization that does not exist', async () => {
      expect(await admin.post('/api/add-user', { owner: 'ghost', name: 'casper' })).toMatchObject({
        status: 'error',
        msg: 'The organization "ghost" does not exist',
      });
    });

    it('sets and clears deletedTime with isDeleted', async () => {
      await admin.post('/api/add-user', { owner: 'beta', name: 'soft' });
      const soft = (await admin.get('/api/get-user', { id: 'beta/soft' })).data;
      await admin.post('/api/update-user', { ...soft, isDeleted: true }, { id: 'beta/soft' });
      const deleted = (await admin.get('/api/get-user', { id: 'beta/soft' })).data;
      expect(deleted.deletedTime).toMatch(/^\d{4}-/);
      await admin.post('/api/update-user', { ...deleted, isDeleted: false }, { id: 'beta/soft' });
      expect((await admin.get('/api/get-user', { id: 'beta/soft' })).data.deletedTime).toBe('');
    });

    it('updates only the listed columns with ?columns=', async () => {
      await admin.post('/api/add-user', { owner: 'beta', name: 'cols', displayName: 'Before', affiliation: 'Old Inc.' });
      await admin.post(
        '/api/update-user',
        { displayName: 'After', affiliation: 'New Inc.' },
        { id: 'beta/cols', columns: 'displayName' },
      );
      expect((await admin.get('/api/get-user', { id: 'beta/cols' })).data).toMatchObject({
        displayName: 'After',
        affiliation: 'Old Inc.',
      });
    });
  });

  describe('organization rename and delete', () => {
    it('moves users and their sessions with a renamed organization', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'oldname' });
      await admin.post('/api/add-user', { owner: 'oldname', name: 'frank', password: 'frank-pass' });
      const frank = new ApiClient(server().url);
      await frank.login('frank', 'frank-pass', 'oldname');
      const org = (await admin.get('/api/get-organization', { id: 'admin/oldname' })).data;
      expect((await admin.post('/api/update-organization', { ...org, name: 'newname' }, { id: 'admin/oldname' })).status).toBe(
        'ok',
      );
      expect((await admin.get('/api/get-user', { id: 'newname/frank' })).data.name).toBe('frank');
      expect((await admin.get('/api/get-user', { id: 'oldname/frank' })).data).toBeNull();
      expect(await frank.get('/api/get-account')).toMatchObject({ status: 'ok', data: { owner: 'newname' } });
    });

    it('refuses a rename onto an existing organization', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'taken' });
      const org = (await admin.get('/api/get-organization', { id: 'admin/newname' })).data;
      expect(await admin.post('/api/update-organization', { ...org, name: 'taken' }, { id: 'admin/newname' })).toMatchObject({
        status: 'error',
        code: 'duplicate',
      });
      expect((await admin.get('/api/get-user', { id: 'newname/frank' })).data).not.toBeNull();
    });

    it('deletes what an organization owns together with it', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'doomed' });
      await admin.post('/api/add-user', { owner: 'doomed', name: 'gina', password: 'gina-pass' });
      expect((await admin.post('/api/delete-organization', { owner: 'admin', name: 'doomed' })).data).toBe('Affected');
      expect((await admin.get('/api/get-user', { id: 'doomed/gina' })).data).toBeNull();
      expect((await new ApiClient(server().url).login('gina', 'gina-pass', 'doomed')).status).toBe('error');
    });
  });
});
