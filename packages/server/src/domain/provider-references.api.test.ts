import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { describeEachDatabase } from '../test-support/suite.js';
import type { UserIdentity } from './identities.js';

/**
 * How applications name providers: provider rows naming no provider the
 * application can use are dropped on save, and a renamed provider is followed by the rows, linked
 * identities and resources that name it, in the update's transaction.
 */

const row = (name: string, fields: Record<string, unknown> = {}) => ({
  name,
  canSignUp: true,
  canSignIn: true,
  canUnlink: true,
  prompted: false,
  signupGroup: '',
  rule: '',
  countryCodes: [],
  ...fields,
});

describeEachDatabase('application provider rows and provider renames', (server) => {
  let team: Team;

  async function addProvider(owner: string, name: string, fields: Record<string, unknown> = {}) {
    const added = await team.admin.post('/api/add-provider', {
      owner,
      name,
      displayName: name,
      category: 'OAuth',
      type: 'GitHub',
      clientId: `id-${name}`,
      ...fields,
    });
    expect(added.status, added.msg).toBe('ok');
  }

  async function addApplication(name: string, organization: string, providers: unknown[]) {
    const added = await team.admin.post('/api/add-application', {
      owner: 'admin',
      name,
      organization,
      cert: 'cert-built-in',
      enablePassword: true,
      providers,
    });
    expect(added.status, added.msg).toBe('ok');
  }

  const providerNames = async (app: string) =>
    ((await team.admin.get('/api/get-application', { id: `admin/${app}` })).data.providers as { name: string }[]).map(
      (r) => r.name,
    );

  const db = () => server().ctx.database.db;

  async function link(owner: string, providerName: string, user: string) {
    const identity: UserIdentity = {
      owner,
      providerName,
      subject: `${user}-at-${providerName}`,
      user,
      providerType: 'GitHub',
      username: user,
      displayName: user,
      email: '',
      avatar: '',
      createdTime: new Date().toISOString(),
    };
    await db().insertInto('userIdentity').values(identity).execute();
  }

  const identityNames = async (owner: string, user: string) =>
    (
      await db()
        .selectFrom('userIdentity')
        .select('providerName')
        .where('owner', '=', owner)
        .where('user', '=', user)
        .orderBy('providerName')
        .execute()
    ).map((r) => String(r.providerName));

  beforeAll(async () => {
    team = await organizationTeam(server().url);
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'globex' });
    await team.admin.post('/api/add-user', { owner: 'globex', name: 'gina', password: 'gina-pass' });
    await team.admin.post('/api/add-user', { owner: 'acme', name: 'ann', password: 'ann-pass' });
  });

  it("keeps on save only the rows naming the organization's providers or shared ones, in order", async () => {
    await addProvider('acme', 'acme-gh');
    await addProvider('admin', 'shared-gh');
    await addProvider('globex', 'globex-gh');
    await addApplication('app-rows', 'acme', [
      row('nowhere'),
      row('shared-gh', { canSignUp: false }),
      row(''),
      row('globex-gh'),
      row('acme-gh', { rule: 'Default' }),
      row('provider_captcha_default', { rule: 'Always' }),
    ]);
    expect(await providerNames('app-rows')).toEqual(['shared-gh', 'acme-gh', 'provider_captcha_default']);
    const stored = (await team.admin.get('/api/get-application', { id: 'admin/app-rows' })).data;
    // The rows kept are kept whole.
    expect(stored.providers[0]).toMatchObject({ name: 'shared-gh', canSignUp: false });
    expect(stored.providers[1]).toMatchObject({ name: 'acme-gh', rule: 'Default' });

    // An update too (an organization administrator's included); moving the application to another
    // organization keeps only what that organization can use.
    const updated = await team.orgAdmin.post(
      '/api/update-application',
      { ...stored, providers: [...stored.providers, row('gone-by-now'), row('globex-gh')] },
      { id: 'admin/app-rows' },
    );
    expect(updated.status, updated.msg).toBe('ok');
    expect(await providerNames('app-rows')).toEqual(['shared-gh', 'acme-gh', 'provider_captcha_default']);
    const moved = await team.admin.post(
      '/api/update-application',
      { ...stored, organization: 'globex', providers: [...stored.providers, row('globex-gh')] },
      { id: 'admin/app-rows' },
    );
    expect(moved.status, moved.msg).toBe('ok');
    expect(await providerNames('app-rows')).toEqual(['shared-gh', 'provider_captcha_default', 'globex-gh']);
  });

  it("renames an organization's provider in its applications, identities and resources", async () => {
    await addProvider('acme', 'acme-old');
    await addProvider('globex', 'acme-old');
    await addProvider('acme', 'acme-files', { category: 'Storage', type: 'Local File System', clientId: '' });
    await addApplication('app-acme', 'acme', [row('acme-old', { canUnlink: false }), row('acme-files')]);
    // globex has a provider of the same name: its application names that one.
    await addApplication('app-globex', 'globex', [row('acme-old')]);
    await link('acme', 'acme-old', 'ann');
    await link('globex', 'acme-old', 'gina');
    const resource = await team.admin.post('/api/add-resource', {
      owner: 'acme',
      name: 'notes.txt',
      user: 'ann',
      provider: 'acme-files',
      providerOwner: 'acme',
      application: 'app-acme',
    });
    expect(resource.status, resource.msg).toBe('ok');

    const provider = (await team.orgAdmin.get('/api/get-provider', { id: 'acme/acme-old' })).data;
    const renamed = await team.orgAdmin.post('/api/update-provider', { ...provider, name: 'acme-new' }, { id: 'acme/acme-old' });
    expect(renamed.status, renamed.msg).toBe('ok');
    expect(await providerNames('app-acme')).toEqual(['acme-new', 'acme-files']);
    const acmeApp = (await team.admin.get('/api/get-application', { id: 'admin/app-acme' })).data;
    expect(acmeApp.providers[0]).toMatchObject({ name: 'acme-new', canUnlink: false, canSignUp: true });
    expect(await providerNames('app-globex')).toEqual(['acme-old']);
    expect(await identityNames('acme', 'ann')).toEqual(['acme-new']);
    expect(await identityNames('globex', 'gina')).toEqual(['acme-old']);

    const files = (await team.admin.get('/api/get-provider', { id: 'acme/acme-files' })).data;
    expect(
      (await team.admin.post('/api/update-provider', { ...files, name: 'acme-files2' }, { id: 'acme/acme-files' })).status,
    ).toBe('ok');
    expect(await providerNames('app-acme')).toEqual(['acme-new', 'acme-files2']);
    expect((await team.admin.get('/api/get-resource', { id: 'acme/notes.txt' })).data).toMatchObject({
      provider: 'acme-files2',
      providerOwner: 'acme',
    });
  });

  it('renames a shared provider where organizations found it: not where they have their own of that name', async () => {
    await addProvider('admin', 'shared-old');
    await addProvider('globex', 'shared-old');
    await addApplication('app-shared-acme', 'acme', [row('provider_captcha_default', { rule: 'None' }), row('shared-old')]);
    await addApplication('app-shared-globex', 'globex', [row('shared-old')]);
    await link('acme', 'shared-old', 'ann');
    await link('globex', 'shared-old', 'gina');

    // Only global administrators change shared providers.
    const shared = (await team.admin.get('/api/get-provider', { id: 'admin/shared-old' })).data;
    expect(
      (await team.orgAdmin.post('/api/update-provider', { ...shared, name: 'shared-new' }, { id: 'admin/shared-old' })).status,
    ).toBe('error');
    expect(await providerNames('app-shared-acme')).toEqual(['provider_captcha_default', 'shared-old']);

    const renamed = await team.admin.post('/api/update-provider', { ...shared, name: 'shared-new' }, { id: 'admin/shared-old' });
    expect(renamed.status, renamed.msg).toBe('ok');
    expect(await providerNames('app-shared-acme')).toEqual(['provider_captcha_default', 'shared-new']);
    expect(await providerNames('app-shared-globex')).toEqual(['shared-old']);
    expect(await identityNames('acme', 'ann')).toContain('shared-new');
    expect(await identityNames('acme', 'ann')).not.toContain('shared-old');
    expect(await identityNames('globex', 'gina')).toContain('shared-old');
    expect(await identityNames('globex', 'gina')).not.toContain('shared-new');
  });

  it('changes nothing when the rename is refused', async () => {
    await addProvider('acme', 'keep-me');
    await addProvider('acme', 'taken');
    await addApplication('app-refused', 'acme', [row('keep-me')]);
    await link('acme', 'keep-me', 'boss');
    const provider = (await team.admin.get('/api/get-provider', { id: 'acme/keep-me' })).data;
    const duplicate = await team.admin.post('/api/update-provider', { ...provider, name: 'taken' }, { id: 'acme/keep-me' });
    expect(duplicate.status).toBe('error');
    // A rule of the provider's own refuses the save after the rename was asked for: nothing moves.
    const badHeader = await team.admin.post(
      '/api/update-provider',
      { ...provider, name: 'moved', httpHeaders: { 'Bad Header': 'x' } },
      { id: 'acme/keep-me' },
    );
    expect(badHeader.status).toBe('error');
    expect(await providerNames('app-refused')).toEqual(['keep-me']);
    expect(await identityNames('acme', 'boss')).toEqual(['keep-me']);
    expect((await team.admin.get('/api/get-provider', { id: 'acme/moved' })).data).toBeNull();
  });
});
