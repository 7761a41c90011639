import { application, nowRfc3339, provider, randomId } from '@gatehouse/entities';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationTeam } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { fileForm } from '../../test-support/files.js';
import { type S3Peer, startS3Peer } from '../../test-support/s3-peer.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const GLOBAL_ADMIN = { owner: 'built-in', name: 'admin', level: 'globalAdmin' as const };

/** A provider of category Storage with the definition's defaults for the rest. */
function storageProvider(fields: Record<string, unknown>) {
  const defaults = provider.newRecord({ organization: 'built-in', viewer: GLOBAL_ADMIN, random: randomId, now: nowRfc3339 });
  return { ...defaults, category: 'Storage', type: 'Local File System', ...fields };
}

describeEachDatabase('resources', (server) => {
  let admin: ApiClient;
  let orgAdmin: ApiClient;
  let member: ApiClient;
  let peer: S3Peer;

  /** Uploads as the resource list does (tag custom, parent ResourceListPage). */
  const upload = (client: ApiClient, query: Record<string, string>, form = fileForm('png bytes', 'photo.png', 'image/png')) =>
    client.postForm('/api/upload-resource', form, { tag: 'custom', parent: 'ResourceListPage', ...query });
  const names = (envelope: { data?: { name: string }[] }) => (envelope.data ?? []).map((r) => r.name).sort();

  beforeAll(async () => {
    ({ admin, orgAdmin, member } = await organizationTeam(server().url));
    peer = await startS3Peer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('records each upload as a resource named by its path, with what the upload says', async () => {
    const envelope = await upload(admin, {
      owner: 'built-in',
      user: 'admin',
      application: 'app-built-in',
      fullFilePath: 'resource/built-in/admin/photo.png',
      description: 'A photo',
    });
    expect(envelope).toMatchObject({ status: 'ok', data2: 'resource/built-in/admin/photo.png' });
    const got = await admin.get('/api/get-resource', { id: 'built-in/resource/built-in/admin/photo.png' });
    expect(got.data).toMatchObject({
      owner: 'built-in',
      name: 'resource/built-in/admin/photo.png',
      user: 'admin',
      provider: '',
      providerOwner: '',
      application: 'app-built-in',
      tag: 'custom',
      parent: 'ResourceListPage',
      fileName: 'photo.png',
      fileType: 'image',
      fileFormat: '.png',
      fileSize: 9,
      url: `${server().url}/files/resource/built-in/admin/photo.png`,
      description: 'A photo',
    });
    expect(got.data.createdTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await (await fetch(got.data.url)).text()).toBe('png bytes');
  });

  it('never overwrites a resource list file: the same path again gets a numbered name', async () => {
    const first = await upload(admin, { owner: 'built-in', fullFilePath: 'resource/built-in/admin/same.png' });
    const second = await upload(
      admin,
      { owner: 'built-in', fullFilePath: 'resource/built-in/admin/same.png' },
      fileForm('2', 'same.png', 'image/png'),
    );
    expect([first.data2, second.data2]).toEqual(['resource/built-in/admin/same.png', 'resource/built-in/admin/same-1.png']);
    expect(await (await fetch(first.data)).text()).toBe('png bytes');
    expect(await (await fetch(second.data)).text()).toBe('2');
  });

  it('shortens a long file name to fit a resource name, keeping its folder and extension', async () => {
    const long = `resource/built-in/admin/${'x'.repeat(300)}.png`;
    const envelope = await upload(admin, { owner: 'built-in', fullFilePath: long });
    expect(envelope.status).toBe('ok');
    expect(envelope.data2).toHaveLength(255);
    expect(envelope.data2).toMatch(/^resource\/built-in\/admin\/x+\.png$/);
  });

  it('deletes the stored file and the resource; a second delete finds nothing', async () => {
    const envelope = await upload(admin, { owner: 'built-in', fullFilePath: 'resource/built-in/admin/gone.png' });
    const resource = (await admin.get('/api/get-resource', { id: `built-in/${envelope.data2}` })).data;
    const deleted = await admin.post('/api/delete-resource', resource, { provider: resource.provider });
    expect(deleted).toMatchObject({ status: 'ok', data: 'Affected' });
    expect((await fetch(envelope.data)).status).toBe(404);
    expect((await admin.get('/api/get-resource', { id: `built-in/${envelope.data2}` })).data).toBeNull();
    expect(await admin.post('/api/delete-resource', resource)).toMatchObject({ status: 'ok', data: 'Unaffected' });
  });

  it("lets members list their own resources only, and administrators their organization's", async () => {
    await upload(orgAdmin, { owner: 'acme', user: 'worker', fullFilePath: 'resource/acme/worker/mine.png' });
    await upload(orgAdmin, { owner: 'acme', user: 'boss', fullFilePath: 'resource/acme/boss/theirs.png' });
    // Casdoor's console sends owner and user; a member is held to their own whatever they ask.
    expect(names(await member.get('/api/get-resources', { owner: 'acme', user: 'worker' }))).toEqual([
      'resource/acme/worker/mine.png',
    ]);
    expect(names(await member.get('/api/get-resources', { owner: 'acme', user: 'boss', p: 1, pageSize: 10 }))).toEqual([
      'resource/acme/worker/mine.png',
    ]);
    expect((await member.get('/api/get-resources', { owner: 'acme', p: 1, pageSize: 10 })).data2).toBe(1);
    expect(await member.get('/api/get-resources', { owner: 'built-in' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(names(await orgAdmin.get('/api/get-resources', { owner: 'acme' }))).toEqual([
      'resource/acme/boss/theirs.png',
      'resource/acme/worker/mine.png',
    ]);
    expect(names(await orgAdmin.get('/api/get-resources', { owner: '' })).every((n) => n.startsWith('resource/acme/'))).toBe(
      true,
    );
    expect((await admin.get('/api/get-resources', { owner: '' })).data.length).toBeGreaterThan(2);

    // A record describes a file whose URL is public: members of the organization may read it by id.
    expect((await member.get('/api/get-resource', { id: 'acme/resource/acme/worker/mine.png' })).data.user).toBe('worker');
    expect((await member.get('/api/get-resource', { id: 'acme/resource/acme/boss/theirs.png' })).data.user).toBe('boss');
    expect(await member.get('/api/get-resource', { id: 'built-in/resource/built-in/admin/photo.png' })).toMatchObject({
      code: 'unauthorized',
    });
  });

  it('lets administrators of the organization delete, nobody else', async () => {
    const mine = (await member.get('/api/get-resource', { id: 'acme/resource/acme/worker/mine.png' })).data;
    expect(await member.post('/api/delete-resource', mine)).toMatchObject({ status: 'error', code: 'unauthorized' });
    const builtIn = (await admin.get('/api/get-resource', { id: 'built-in/resource/built-in/admin/photo.png' })).data;
    expect(await orgAdmin.post('/api/delete-resource', builtIn)).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect((await fetch(builtIn.url)).status).toBe(200);
    expect(await orgAdmin.post('/api/delete-resource', mine, { provider: '' })).toMatchObject({ status: 'ok', data: 'Affected' });
    expect((await fetch(mine.url)).status).toBe(404);
  });

  it('keeps what describes a stored file, but lets its description change', async () => {
    const id = 'built-in/resource/built-in/admin/photo.png';
    const stored = (await admin.get('/api/get-resource', { id })).data;
    expect(await admin.post('/api/update-resource', { ...stored, url: 'https://elsewhere.example/x.png' }, { id })).toMatchObject(
      {
        status: 'error',
        code: 'fieldLocked',
      },
    );
    expect(
      await admin.post('/api/update-resource', { ...stored, name: 'resource/built-in/admin/renamed.png' }, { id }),
    ).toMatchObject({
      code: 'fieldLocked',
    });
    expect(await admin.post('/api/update-resource', { ...stored, description: 'Still a photo' }, { id })).toMatchObject({
      status: 'ok',
    });
    expect((await admin.get('/api/get-resource', { id })).data.description).toBe('Still a photo');
  });

  it('stores through a named S3 provider: the object is in the bucket, its URL the endpoint address', async () => {
    const added = await admin.post(
      '/api/add-provider',
      storageProvider({
        owner: 'admin',
        name: 'minio',
        type: 'MinIO',
        endpoint: peer.endpoint,
        bucket: peer.bucket,
        clientId: peer.accessKeyId,
        clientSecret: peer.secretAccessKey,
        pathPrefix: 'gatehouse',
      }),
    );
    expect(added.status).toBe('ok');
    const envelope = await upload(orgAdmin, { owner: 'acme', provider: 'minio', fullFilePath: 'resource/acme/boss/s3.png' });
    expect(envelope).toMatchObject({
      status: 'ok',
      data: `${peer.endpoint}/${peer.bucket}/gatehouse/resource/acme/boss/s3.png`,
      data2: 'gatehouse/resource/acme/boss/s3.png',
    });
    const object = await fetch(envelope.data);
    expect(object.status).toBe(200);
    expect(await object.text()).toBe('png bytes');
    // Nothing went to the local folder.
    expect((await fetch(`${server().url}/files/gatehouse/resource/acme/boss/s3.png`)).status).toBe(404);

    const resource = (await orgAdmin.get('/api/get-resource', { id: `acme/${envelope.data2}` })).data;
    expect(resource).toMatchObject({ provider: 'minio', providerOwner: 'admin', url: envelope.data });
    expect(await orgAdmin.post('/api/delete-resource', resource, { provider: 'minio' })).toMatchObject({ data: 'Affected' });
    expect((await fetch(envelope.data)).status).toBe(404);
  });

  it("uses the application's first Storage provider when the upload names none", async () => {
    const app = application.newRecord({ organization: 'built-in', viewer: GLOBAL_ADMIN, random: randomId, now: nowRfc3339 });
    const appWithStorage = {
      ...app,
      name: 'app-with-storage',
      providers: [{ name: 'provider_captcha_default' }, { name: 'minio' }],
    };
    expect((await admin.post('/api/add-application', appWithStorage)).status).toBe('ok');
    const envelope = await upload(admin, {
      owner: 'built-in',
      application: 'app-with-storage',
      fullFilePath: 'resource/built-in/admin/via-app.png',
    });
    expect(envelope.data).toBe(`${peer.endpoint}/${peer.bucket}/gatehouse/resource/built-in/admin/via-app.png`);
    expect((await fetch(envelope.data)).status).toBe(200);
    // Without one (app-built-in has none), the local file system.
    const local = await upload(admin, { owner: 'built-in', fullFilePath: 'resource/built-in/admin/local.png' });
    expect(local.data).toBe(`${server().url}/files/resource/built-in/admin/local.png`);
  });

  it('refuses what a provider cannot store, and records nothing', async () => {
    await admin.post(
      '/api/add-provider',
      storageProvider({
        owner: 'admin',
        name: 'minio-wrong',
        type: 'MinIO',
        endpoint: peer.endpoint,
        bucket: peer.bucket,
        clientId: peer.accessKeyId,
        clientSecret: 'wrong-secret',
      }),
    );
    const wrong = await upload(admin, {
      owner: 'built-in',
      provider: 'minio-wrong',
      fullFilePath: 'resource/built-in/admin/wrong.png',
    });
    expect(wrong.status).toBe('error');
    expect(wrong.msg).toMatch(/^The storage provider "minio-wrong" failed: SignatureDoesNotMatch/);
    expect((await admin.get('/api/get-resources', { field: 'name', value: 'wrong.png' })).data).toEqual([]);

    await admin.post('/api/add-provider', storageProvider({ owner: 'admin', name: 'oss', type: 'Aliyun OSS' }));
    expect(
      await upload(admin, { owner: 'built-in', provider: 'oss', fullFilePath: 'resource/built-in/admin/oss.png' }),
    ).toMatchObject({
      code: 'storageTypeUnsupported',
    });
    expect(
      await upload(admin, {
        owner: 'built-in',
        provider: 'provider_captcha_default',
        fullFilePath: 'resource/built-in/admin/c.png',
      }),
    ).toMatchObject({
      code: 'providerWrongCategory',
    });
    expect(
      await upload(admin, { owner: 'built-in', provider: 'nothing', fullFilePath: 'resource/built-in/admin/n.png' }),
    ).toMatchObject({
      msg: 'The provider "nothing" does not exist',
    });
  });

  it("keeps organizations out of each other's providers", async () => {
    await admin.post('/api/add-provider', storageProvider({ owner: 'built-in', name: 'built-in-files', pathPrefix: 'private' }));
    expect(
      await upload(orgAdmin, { owner: 'acme', provider: 'built-in-files', fullFilePath: 'resource/acme/boss/x.png' }),
    ).toMatchObject({
      code: 'providerNotFound',
    });
    // A Local File System provider of one's own: its prefix and domain shape the key and the URL.
    await orgAdmin.post(
      '/api/add-provider',
      storageProvider({ owner: 'acme', name: 'acme-files', pathPrefix: 'acme-prefix', domain: 'https://files.acme.example' }),
    );
    const own = await upload(orgAdmin, { owner: 'acme', provider: 'acme-files', fullFilePath: 'resource/acme/boss/own.png' });
    expect(own).toMatchObject({ status: 'ok', data: 'https://files.acme.example/files/acme-prefix/resource/acme/boss/own.png' });
    expect(await (await fetch(`${server().url}/files/acme-prefix/resource/acme/boss/own.png`)).text()).toBe('png bytes');
    const resource = (await orgAdmin.get('/api/get-resource', { id: `acme/${own.data2}` })).data;
    expect(resource).toMatchObject({ provider: 'acme-files', providerOwner: 'acme' });
    expect(await orgAdmin.post('/api/delete-resource', resource)).toMatchObject({ data: 'Affected' });
    expect((await fetch(`${server().url}/files/acme-prefix/resource/acme/boss/own.png`)).status).toBe(404);
  });
});
