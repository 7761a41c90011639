import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { fileForm } from '../../test-support/files.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/** The room the test leaves for stored files: a 64 KiB file system mounted over the files folder. */
const ROOM = 64 * 1024;

/**
 * A full disk on upload (issue 15, point 6): the local storage's folder is a 64 KiB tmpfs (mounted
 * by this test, which needs root, as CI has). A file larger than the room left is refused with a
 * clear message (HTTP 507, in the caller's language); nothing half-written stays behind and no
 * resource is recorded; once there is room, uploads work again.
 */
describeEachDatabase('a full disk on upload', (server) => {
  let admin: ApiClient;
  let root: string;

  const upload = (client: ApiClient, name: string, size: number) =>
    client.postForm('/api/upload-resource', fileForm(`<p>${'x'.repeat(size)}</p>`), {
      owner: 'built-in',
      user: 'admin',
      application: 'app-built-in',
      tag: 'termsOfUse',
      parent: 'ApplicationEditPage',
      fullFilePath: `termsOfUse/built-in/${name}.html`,
    });
  const resourceNames = async () =>
    ((await admin.get('/api/get-resources', { owner: 'built-in' })).data as { name: string }[]).map((resource) => resource.name);

  beforeAll(async () => {
    root = path.join(server().ctx.config.dataDir, 'files');
    fs.mkdirSync(root, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${ROOM}`, 'tmpfs', root], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`this test mounts a small tmpfs and needs root (mount failed: ${String(error)})`);
    }
    admin = await signedInAdmin(server().url);
  });

  afterAll(() => {
    if (root) execFileSync('umount', [root], { stdio: 'pipe' });
  });

  it('refuses a file the disk has no room for with a clear error, and keeps nothing of it', async () => {
    const before = await resourceNames();
    const answer = await upload(admin, 'too-big', 2 * ROOM);
    expect(answer).toMatchObject({
      status: 'error',
      code: 'storageFull',
      msg: 'The server has no room left to store the file; nothing was saved. Ask the administrator to free disk space',
    });
    expect(
      fs
        .readdirSync(root, { recursive: true })
        .filter((entry) => String(entry).endsWith('.html') || String(entry).endsWith('.tmp')),
    ).toEqual([]);
    expect(await resourceNames()).toEqual(before);
  });

  it('says so in the caller language, with HTTP 507', async () => {
    const chinese = await signedInAdmin(server().url, 'zh');
    const response = await chinese.raw('POST', '/api/upload-resource', {
      query: {
        owner: 'built-in',
        tag: 'termsOfUse',
        parent: 'ApplicationEditPage',
        fullFilePath: 'termsOfUse/built-in/zh-big.html',
      },
      body: fileForm(`<p>${'x'.repeat(2 * ROOM)}</p>`),
    });
    expect(response.status).toBe(507);
    expect(await response.json()).toMatchObject({
      status: 'error',
      msg: '服务器已没有空间保存该文件，未保存任何内容。请联系管理员释放磁盘空间',
    });
  });

  it('stores files again once there is room', async () => {
    expect(await upload(admin, 'small', 1024)).toMatchObject({ status: 'ok' });
    expect(fs.existsSync(path.join(root, 'termsOfUse/built-in/small.html'))).toBe(true);
  });
});
