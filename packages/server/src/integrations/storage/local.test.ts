import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage, normalizeFilePath } from './local.js';

describe('file paths', () => {
  it('normalise harmless forms', () => {
    expect(normalizeFilePath('termsOfUse/acme/app.html')).toBe('termsOfUse/acme/app.html');
    expect(normalizeFilePath('a//b/./c.txt/')).toBe('a/b/c.txt');
  });

  it('refuse what could leave the storage root or confuse the file system', () => {
    for (const bad of ['', '.', './', '..', 'a/../b', '../a', '/a', 'a\\b', 'C:/a', 'a\u0000b', 'a\nb', 'x'.repeat(501)]) {
      expect(normalizeFilePath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-storage-'));
  const storage = new LocalStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes, replaces and reads files below its root', async () => {
    await storage.put('a/b/c.txt', Buffer.from('one'));
    await storage.put('a/b/c.txt', Buffer.from('two'));
    const file = await storage.open('a/b/c.txt');
    expect(file?.size).toBe(3);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('two');
    expect(fs.readdirSync(path.join(root, 'a/b'))).toEqual(['c.txt']);
  });

  it('answers null for folders and missing files, and refuses paths outside the root', async () => {
    expect(await storage.open('a/b')).toBeNull();
    expect(await storage.open('a/missing.txt')).toBeNull();
    await expect(storage.put('../outside.txt', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });

  it('deletes files (missing ones and folders are left alone) and serves them under /files/', async () => {
    await storage.put('d/gone.txt', Buffer.from('x'));
    await storage.delete('d/gone.txt');
    expect(await storage.open('d/gone.txt')).toBeNull();
    await storage.delete('d/gone.txt');
    await storage.delete('a/b');
    expect(fs.existsSync(path.join(root, 'a/b'))).toBe(true);
    await expect(storage.delete('../outside.txt')).rejects.toThrow(/escapes/);
    expect(new LocalStorage(root, 'https://id.example.com/').url('a/b c.png')).toBe('https://id.example.com/files/a/b%20c.png');
  });
});
