import { nowRfc3339, provider, randomId } from '@gatehouse/entities';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationTeam } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { fileForm } from '../../test-support/files.js';
import { type S3Peer, startS3Peer } from '../../test-support/s3-peer.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const SANDBOX = /^sandbox; default-src 'none'/;
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.document.title = "owned"</script></svg>';
const HTML = '<!doctype html><h1>Page</h1><script>alert(document.cookie)</script>';
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** The files of issue 27: any type on the resource list, each served as it may safely be. */
const FILES = [
  { name: 'bundle.zip', type: 'application/zip', content: ZIP, fileType: 'other' },
  { name: 'drawing.svg', type: 'image/svg+xml', content: SVG, fileType: 'image' },
  { name: 'page.html', type: 'text/html', content: HTML, fileType: 'other' },
  { name: 'report.pdf', type: 'application/pdf', content: PDF, fileType: 'other' },
] as const;

const GLOBAL_ADMIN = { owner: 'built-in', name: 'admin', level: 'globalAdmin' as const };

describeEachDatabase('resource files of any type, served safely', (server) => {
  let admin: ApiClient;
  let peer: S3Peer;

  /** Uploads as the resource list does (tag custom, parent ResourceListPage). */
  const upload = (fullFilePath: string, form: FormData, query: Record<string, string> = {}) =>
    admin.postForm('/api/upload-resource', form, {
      owner: 'built-in',
      user: 'admin',
      application: 'app-built-in',
      tag: 'custom',
      parent: 'ResourceListPage',
      fullFilePath,
      ...query,
    });
  const headers = (response: Response) => ({
    'content-type': response.headers.get('content-type'),
    'content-disposition': response.headers.get('content-disposition'),
    'content-security-policy': response.headers.get('content-security-policy'),
    'x-content-type-options': response.headers.get('x-content-type-options'),
  });

  beforeAll(async () => {
    ({ admin } = await organizationTeam(server().url));
    peer = await startS3Peer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('stores a .zip, an .svg with a script, an .html and a .pdf from the resource list', async () => {
    for (const file of FILES) {
      const key = `resource/built-in/admin/${file.name}`;
      const envelope = await upload(key, fileForm(file.content, file.name, file.type));
      expect(envelope, file.name).toMatchObject({ status: 'ok', data: `${server().url}/files/${key}`, data2: key });
      const record = (await admin.get('/api/get-resource', { id: `built-in/${key}` })).data;
      expect(record, file.name).toMatchObject({
        fileName: file.name,
        fileType: file.fileType,
        fileFormat: file.name.slice(file.name.lastIndexOf('.')),
        fileSize: typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length,
        tag: 'custom',
        url: envelope.data,
      });
    }
  });

  it('serves the PDF inline, HTML and SVG only sandboxed, the archive as a named download; nosniff always', async () => {
    const served = async (name: string) => {
      const response = await fetch(`${server().url}/files/resource/built-in/admin/${name}`);
      expect(response.status, name).toBe(200);
      return { ...headers(response), body: Buffer.from(await response.arrayBuffer()) };
    };
    expect(await served('report.pdf')).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': null,
      'content-security-policy': null,
      'x-content-type-options': 'nosniff',
      body: Buffer.from(PDF),
    });
    const svg = await served('drawing.svg');
    expect(svg).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-disposition': null,
      'x-content-type-options': 'nosniff',
    });
    expect(svg['content-security-policy']).toMatch(SANDBOX);
    expect(svg['content-security-policy']).not.toMatch(/script-src/);
    const html = await served('page.html');
    expect(html).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(html['content-security-policy']).toMatch(SANDBOX);
    expect(html['content-disposition']).toBeNull();
    expect(await served('bundle.zip')).toEqual({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="bundle.zip"; filename*=UTF-8''bundle.zip`,
      'content-security-policy': expect.stringMatching(SANDBOX),
      'x-content-type-options': 'nosniff',
      body: Buffer.from(ZIP),
    });
  });

  it('serves documents a browser could run scripts in, and unknown formats, as downloads of an inert type', async () => {
    for (const [name, type] of [
      ['feed.xml', 'text/xml'],
      ['page.xhtml', 'application/xhtml+xml'],
      ['app.js', 'text/javascript'],
      ['Résumé (final).weird', 'text/html'],
    ] as const) {
      const envelope = await upload(`resource/built-in/admin/${name}`, fileForm('<x/>', name, type));
      expect(envelope.status, name).toBe('ok');
      const response = await fetch(envelope.data);
      expect(headers(response), name).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-disposition': expect.stringMatching(/^attachment; filename="[ -~]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/),
        'content-security-policy': expect.stringMatching(SANDBOX),
        'x-content-type-options': 'nosniff',
      });
    }
    const odd = await fetch(`${server().url}/files/resource/built-in/admin/R%C3%A9sum%C3%A9%20(final).weird`);
    expect(odd.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ (final).weird"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.weird`,
    );
  });

  it('stores active files in an S3 bucket as downloads, since the bucket cannot sandbox them', async () => {
    const defaults = provider.newRecord({ organization: 'built-in', viewer: GLOBAL_ADMIN, random: randomId, now: nowRfc3339 });
    const added = await admin.post('/api/add-provider', {
      ...defaults,
      owner: 'admin',
      name: 'minio-serving',
      category: 'Storage',
      type: 'MinIO',
      endpoint: peer.endpoint,
      bucket: peer.bucket,
      clientId: peer.accessKeyId,
      clientSecret: peer.secretAccessKey,
    });
    expect(added.status).toBe('ok');
    const object = async (fullFilePath: string, form: FormData, tag = 'custom') => {
      const envelope = await upload(fullFilePath, form, { provider: 'minio-serving', tag });
      expect(envelope.data).toBe(`${peer.endpoint}/${peer.bucket}/${fullFilePath}`);
      const response = await fetch(envelope.data);
      expect(response.status, fullFilePath).toBe(200);
      return { type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
    };
    for (const file of FILES) {
      const stored = await object(`resource/built-in/admin/s3-${file.name}`, fileForm(file.content, file.name, file.type));
      expect(stored.disposition, file.name).toBe(
        file.name === 'report.pdf' ? null : `attachment; filename="s3-${file.name}"; filename*=UTF-8''s3-${file.name}`,
      );
    }
    expect(await object('resource/built-in/admin/s3.png', fileForm('png', 's3.png', 'image/png'))).toEqual({
      type: 'image/png',
      disposition: null,
    });
    // The terms of use stay a page the sign-in pages can frame (sandboxed, at the bucket's origin).
    expect(await object('termsOfUse/built-in/s3-app.html', fileForm(HTML), 'termsOfUse')).toEqual({
      type: 'text/html; charset=utf-8',
      disposition: null,
    });
  });
});
