import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { organizationTeam } from '../../test-support/accounts.js';
import { ApiClient } from '../../test-support/client.js';
import { fileForm } from '../../test-support/files.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const MB = 1024 * 1024;

describeEachDatabase('upload-resource and stored files', (server) => {
  let admin: ApiClient;
  let orgAdmin: ApiClient;
  let member: ApiClient;

  const upload = (client: ApiClient, fullFilePath: string, form = fileForm('<h1>Terms</h1>'), tag = 'termsOfUse') =>
    client.postForm('/api/upload-resource', form, {
      owner: 'built-in',
      user: 'admin',
      application: 'app-built-in',
      tag,
      parent: 'ApplicationEditPage',
      fullFilePath,
    });
  const filesRoot = () => path.join(server().ctx.config.dataDir, 'files');

  beforeAll(async () => {
    ({ admin, orgAdmin, member } = await organizationTeam(server().url));
  });

  it('stores a file and answers its URL, which serves it read-only as sandboxed HTML', async () => {
    const envelope = await upload(admin, 'termsOfUse/built-in/app-built-in.html');
    expect(envelope).toMatchObject({
      status: 'ok',
      data: `${server().url}/files/termsOfUse/built-in/app-built-in.html`,
      data2: 'termsOfUse/built-in/app-built-in.html',
    });
    const response = await fetch(envelope.data);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe('<h1>Terms</h1>');
    // Read-only: nothing but GET and HEAD.
    expect((await admin.raw('POST', '/files/termsOfUse/built-in/app-built-in.html')).status).toBe(404);
    expect((await admin.raw('HEAD', '/files/termsOfUse/built-in/app-built-in.html')).status).toBe(200);
  });

  it('stores the terms of use of an application not saved yet in the default local storage', async () => {
    const envelope = await admin.postForm('/api/upload-resource', fileForm('<h1>New</h1>'), {
      owner: 'built-in',
      application: 'app-being-created',
      tag: 'termsOfUse',
      fullFilePath: 'termsOfUse/built-in/app-being-created.html',
    });
    expect(envelope).toMatchObject({ status: 'ok', data: `${server().url}/files/termsOfUse/built-in/app-being-created.html` });
    expect(fs.existsSync(path.join(filesRoot(), 'termsOfUse/built-in/app-being-created.html'))).toBe(true);
  });

  it('replaces the terms of use on a second upload, keeping one resource', async () => {
    await upload(admin, 'termsOfUse/built-in/replaced.html', fileForm('first'));
    await upload(admin, 'termsOfUse/built-in/replaced.html', fileForm('second'));
    expect(await (await fetch(`${server().url}/files/termsOfUse/built-in/replaced.html`)).text()).toBe('second');
    const list = await admin.get('/api/get-resources', { owner: 'built-in', field: 'name', value: 'replaced.html' });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ fileSize: 6, tag: 'termsOfUse', fileFormat: '.html' });
  });

  it('serves each file with the content type of its extension, and unknown ones as downloads', async () => {
    // Files the uploads refuse may still lie in the folder (put there by an operator).
    fs.mkdirSync(path.join(filesRoot(), 'resource/built-in/admin'), { recursive: true });
    for (const [name, content] of [
      ['notes.txt', 'plain words'],
      ['page.js', 'alert(1)'],
      ['image.svg', '<svg/>'],
    ]) {
      fs.writeFileSync(path.join(filesRoot(), 'resource/built-in/admin', name as string), content as string);
    }
    const txt = await fetch(`${server().url}/files/resource/built-in/admin/notes.txt`);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('content-security-policy')).toBeNull();
    expect(txt.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await fetch(`${server().url}/files/resource/built-in/admin/page.js`);
    expect(js.headers.get('content-type')).toBe('application/octet-stream');
    expect(js.headers.get('content-disposition')).toBe(`attachment; filename="page.js"; filename*=UTF-8''page.js`);
    const svg = await fetch(`${server().url}/files/resource/built-in/admin/image.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox/);
    // The URL answered is encoded; it leads back to the file.
    const odd = await upload(admin, 'resource/built-in/admin/100% sure.png', fileForm('odd', 'x.png', 'image/png'), 'custom');
    expect(odd.data).toBe(`${server().url}/files/resource/built-in/admin/100%25%20sure.png`);
    const png = await fetch(odd.data);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await png.text()).toBe('odd');
  });

  it.each([
    '../escape.html',
    'termsOfUse/../../escape.html',
    '/etc/escape.html',
    'termsOfUse\\built-in\\escape.html',
    'termsOfUse/built-in/nul\u0000.html',
    'C:/escape.html',
    '',
  ])('refuses the path %j', async (fullFilePath) => {
    expect(await upload(admin, fullFilePath)).toMatchObject({ status: 'error', code: 'uploadBadPath' });
  });

  it('normalises harmless path forms', async () => {
    expect(await upload(admin, 'termsOfUse//built-in/./normal.html')).toMatchObject({
      status: 'ok',
      data2: 'termsOfUse/built-in/normal.html',
    });
  });

  it('serves nothing outside the stored files', async () => {
    for (const path of [
      '/files/..%2F..%2F..%2Fetc%2Fpasswd',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/termsOfUse/built-in/missing.html',
      '/files/termsOfUse',
      '/files/termsOfUse%00.html',
    ]) {
      const response = await admin.raw('GET', path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/root:/);
    }
  });

  it('refuses a file over the limit (20 MB by default) with a clear message, and stores nothing', async () => {
    const envelope = await upload(admin, 'termsOfUse/built-in/huge.html', fileForm(new Uint8Array(20 * MB + 1)));
    expect(envelope).toMatchObject({ status: 'error', msg: 'The file is too large: at most 20 MB' });
    expect((await fetch(`${server().url}/files/termsOfUse/built-in/huge.html`)).status).toBe(404);
    expect((await admin.get('/api/get-resources', { field: 'name', value: 'huge.html' })).data).toEqual([]);
    expect((await upload(admin, 'termsOfUse/built-in/big.html', fileForm(new Uint8Array(5 * MB)))).status).toBe('ok');
  });

  it('takes one file at a time', async () => {
    const form = fileForm('one', 'one.png', 'image/png');
    form.append('file2', new Blob(['two'], { type: 'image/png' }), 'two.png');
    const envelope = await upload(admin, 'resource/built-in/admin/two-files.png', form, 'custom');
    expect(envelope).toMatchObject({ status: 'error', msg: 'Upload one file at a time' });
    expect((await fetch(`${server().url}/files/resource/built-in/admin/two-files.png`)).status).toBe(404);
  });

  it('needs a file', async () => {
    const form = new FormData();
    form.append('file', 'not a file');
    expect(await upload(admin, 'termsOfUse/built-in/none.html', form)).toMatchObject({
      status: 'error',
      msg: 'The request carries no file (multipart field "file")',
    });
  });

  it('is for signed-in administrators only', async () => {
    expect(await upload(new ApiClient(server().url), 'termsOfUse/built-in/anon.html')).toMatchObject({
      status: 'error',
      code: 'pleaseLogin',
    });
    expect(await upload(member, 'termsOfUse/acme/member.html')).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('lets an ordinary user upload their own avatar, and nothing else', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const avatar = (fullFilePath: string, query: Record<string, string> = {}) =>
      member.postForm('/api/upload-resource', fileForm(png, 'avatar.png', 'image/png'), {
        owner: 'acme',
        user: 'worker',
        application: 'app-built-in',
        tag: 'avatar',
        fullFilePath,
        ...query,
      });
    const own = await avatar('avatar/acme/worker.png');
    expect(own).toMatchObject({ status: 'ok', data: `${server().url}/files/avatar/acme/worker.png` });
    // Another user's avatar, another organization's folder, another tag: refused before the upload.
    expect(await avatar('avatar/acme/boss.png', { user: 'boss' })).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await avatar('avatar/built-in/worker.png', { owner: 'built-in' })).toMatchObject({ code: 'unauthorized' });
    expect(await avatar('avatar/acme/worker.png', { tag: 'custom' })).toMatchObject({ code: 'unauthorized' });
    expect(fs.existsSync(path.join(filesRoot(), 'avatar/acme/boss.png'))).toBe(false);
  });

  it("keeps an organization administrator inside their organization's folders", async () => {
    const own = await orgAdmin.postForm('/api/upload-resource', fileForm('acme terms'), {
      owner: 'acme',
      tag: 'termsOfUse',
      fullFilePath: 'termsOfUse/acme/app.html',
    });
    expect(own.status).toBe('ok');
    expect(
      await orgAdmin.postForm('/api/upload-resource', fileForm('x'), { fullFilePath: 'termsOfUse/built-in/app.html' }),
    ).toMatchObject({
      status: 'error',
      msg: 'You may only upload files of your own organization (acme)',
    });
    expect(
      await orgAdmin.postForm('/api/upload-resource', fileForm('x'), {
        owner: 'built-in',
        fullFilePath: 'termsOfUse/acme/x.html',
      }),
    ).toMatchObject({ status: 'error', code: 'uploadOtherOrganization' });
  });

  it('refuses an organization that does not exist', async () => {
    const envelope = await admin.postForm('/api/upload-resource', fileForm('x', 'x.png', 'image/png'), {
      owner: 'nowhere',
      tag: 'custom',
      fullFilePath: 'resource/nowhere/admin/x.png',
    });
    expect(envelope).toMatchObject({ status: 'error', msg: 'The organization "nowhere" does not exist' });
  });
});

describeEachDatabase('upload-resource file types', (server) => {
  let admin: ApiClient;
  beforeAll(async () => {
    ({ admin } = await organizationTeam(server().url));
  });

  const upload = (fullFilePath: string, form: FormData, tag = 'custom') =>
    admin.postForm('/api/upload-resource', form, {
      owner: 'built-in',
      user: 'admin',
      tag,
      parent: 'ResourceListPage',
      fullFilePath,
    });

  it.each([
    [
      'resource/built-in/admin/fake.png',
      'text/html',
      'custom',
      'The file is declared as text/html, which does not fit its extension .png',
    ],
    [
      'resource/built-in/admin/fake.svg',
      'image/png',
      '',
      'The file is declared as image/png, which does not fit its extension .svg',
    ],
    [
      'avatar/built-in/admin.svg',
      'image/svg+xml',
      'avatar',
      'Files of type .svg (image/svg+xml) cannot be uploaded here; allowed: .png, .jpg',
    ],
    [
      'avatar/built-in/admin.zip',
      'application/zip',
      'avatar',
      'Files of type .zip (application/zip) cannot be uploaded here; allowed: .png',
    ],
    [
      'termsOfUse/built-in/terms.png',
      'image/png',
      'termsOfUse',
      'Files of type .png (image/png) cannot be uploaded here; allowed: .html, .htm',
    ],
  ])('refuses %s (%s, tag %j) and stores nothing', async (fullFilePath, type, tag, message) => {
    const filename = fullFilePath.slice(fullFilePath.lastIndexOf('/') + 1);
    const envelope = await upload(fullFilePath, fileForm('data', filename, type), tag);
    expect(envelope.status).toBe('error');
    expect(envelope.code).toBe(message.startsWith('Files of type') ? 'uploadTypeRefused' : 'uploadTypeMismatch');
    expect(envelope.msg).toContain(message);
    expect((await fetch(`${server().url}/files/${fullFilePath}`)).status).toBe(404);
    expect((await admin.get('/api/get-resources', { field: 'name', value: fullFilePath })).data).toEqual([]);
  });

  it('answers the refusal in the caller language', async () => {
    const zh = new ApiClient(server().url, 'zh-CN');
    await zh.login('admin', ADMIN_PASSWORD);
    const envelope = await zh.postForm('/api/upload-resource', fileForm('x', 'x.png', 'text/html'), {
      tag: 'custom',
      fullFilePath: 'resource/built-in/admin/x.png',
    });
    expect(envelope.msg).toBe('文件声明的类型 text/html 与其扩展名 .png 不符');
    const avatar = await zh.postForm('/api/upload-resource', fileForm('x', 'x.svg', 'image/svg+xml'), {
      tag: 'avatar',
      fullFilePath: 'avatar/built-in/admin.svg',
    });
    expect(avatar.msg).toMatch(/^此处不能上传 \.svg/);
  });

  it.each([
    ['photo.jpg', 'image/jpeg', 'image'],
    ['clip.webm', 'video/webm', 'video'],
    ['song.mp3', 'audio/mpeg', 'audio'],
    ['report.pdf', 'application/pdf', 'other'],
    ['table.csv', 'text/csv', 'other'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'other'],
    ['letter.docx', '', 'other'],
    ['page.html', 'text/html', 'other'],
    ['drawing.svg', 'image/svg+xml', 'image'],
    ['notes.txt', 'text/plain', 'other'],
    ['tool.exe', 'application/x-msdownload', 'other'],
    ['archive.tar.gz', 'application/gzip', 'other'],
  ])('stores %s (%s) as a %s resource', async (filename, type, fileType) => {
    const envelope = await upload(`resource/built-in/admin/${filename}`, fileForm('data', filename, type));
    expect(envelope.status).toBe('ok');
    const got = await admin.get('/api/get-resource', { id: `built-in/${envelope.data2}` });
    expect(got.data).toMatchObject({ fileType, fileName: filename, url: envelope.data });
  });
});
