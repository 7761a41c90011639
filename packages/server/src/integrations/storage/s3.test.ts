import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { loopbackOutbound } from '../../test-support/outbound.js';
import { type S3Peer, startS3Peer } from '../../test-support/s3-peer.js';
import { type S3Settings, S3Storage } from './s3.js';

async function text(storage: S3Storage, key: string): Promise<string | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

describe('S3-compatible storage against a real peer (SigV4 checked)', () => {
  let peer: S3Peer;
  let settings: S3Settings;
  let storage: S3Storage;

  beforeAll(async () => {
    peer = await startS3Peer();
    settings = {
      name: 'minio',
      endpoint: peer.endpoint,
      intranetEndpoint: '',
      region: '',
      bucket: peer.bucket,
      accessKeyId: peer.accessKeyId,
      secretAccessKey: peer.secretAccessKey,
      domain: '',
    };
    storage = new S3Storage(loopbackOutbound, settings);
  });
  afterAll(async () => {
    storage?.destroy();
    await peer?.close();
  });

  it('uploads, reads back, serves at the path-style URL and deletes', async () => {
    const key = 'resource/acme/alice/holiday photo.png';
    await storage.put(key, Buffer.from('png bytes'), { contentType: 'image/png' });
    expect(await text(storage, key)).toBe('png bytes');
    const url = storage.url(key);
    expect(url).toBe(`${peer.endpoint}/${peer.bucket}/resource/acme/alice/holiday%20photo.png`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await served.text()).toBe('png bytes');

    await storage.delete(key);
    expect(await storage.open(key)).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    // Deleting what is gone is not an error.
    await storage.delete(key);
  });

  it('keeps the disposition it is given, which the bucket then serves', async () => {
    const contentDisposition = `attachment; filename="x.svg"; filename*=UTF-8''x.svg`;
    await storage.put('a/x.svg', Buffer.from('<svg/>'), { contentType: 'image/svg+xml', contentDisposition });
    const served = await fetch(storage.url('a/x.svg'));
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toBe(contentDisposition);
  });

  it('replaces an object stored at the same key', async () => {
    await storage.put('a/b.txt', Buffer.from('one'), { contentType: 'text/plain' });
    await storage.put('a/b.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect(await text(storage, 'a/b.txt')).toBe('two');
  });

  it('is refused with a wrong secret key, and stores nothing', async () => {
    const wrong = new S3Storage(loopbackOutbound, { ...settings, secretAccessKey: 'not-the-secret' });
    try {
      const refusal = await wrong
        .put('x/refused.txt', Buffer.from('x'), { contentType: 'text/plain' })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).key).toBe('storageFailed');
      expect(JSON.stringify((refusal as AppError).params)).toMatch(/SignatureDoesNotMatch/);
      expect(await storage.open('x/refused.txt')).toBeNull();
      await expect(wrong.delete('a/b.txt')).rejects.toThrow(AppError);
      expect(await text(storage, 'a/b.txt')).toBe('two');
    } finally {
      wrong.destroy();
    }
  });

  it('is refused with an unknown access key', async () => {
    const unknown = new S3Storage(loopbackOutbound, { ...settings, accessKeyId: 'NOBODY' });
    try {
      await expect(unknown.put('x/y.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
        key: 'storageFailed',
      });
    } finally {
      unknown.destroy();
    }
  });

  it('builds public URLs from the domain, else the endpoint, else the AWS address', () => {
    const base = { ...settings, endpoint: '', intranetEndpoint: '' };
    const urls = [
      new S3Storage(loopbackOutbound, { ...base, domain: 'cdn.example.com/' }),
      new S3Storage(loopbackOutbound, { ...base, domain: 'http://cdn.example.com/files' }),
      new S3Storage(loopbackOutbound, { ...base, endpoint: 'minio.example.com:9000' }),
      new S3Storage(loopbackOutbound, { ...base, region: 'eu-west-3' }),
      new S3Storage(loopbackOutbound, base),
    ];
    expect(urls.map((s) => s.url('a b/c.png'))).toEqual([
      'https://cdn.example.com/a%20b/c.png',
      'http://cdn.example.com/files/a%20b/c.png',
      `https://minio.example.com:9000/${peer.bucket}/a%20b/c.png`,
      `https://${peer.bucket}.s3.eu-west-3.amazonaws.com/a%20b/c.png`,
      `https://${peer.bucket}.s3.us-east-1.amazonaws.com/a%20b/c.png`,
    ]);
    for (const s of urls) s.destroy();
  });

  it('needs a bucket', () => {
    expect(() => new S3Storage(loopbackOutbound, { ...settings, bucket: '' })).toThrow(AppError);
  });
});
