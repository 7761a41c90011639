import { describe, expect, it } from 'vitest';
import { splitPathId } from './envelope.js';
import {
  allowedFormats,
  checkUpload,
  fileExtension,
  formatBytes,
  isStoredPath,
  RESOURCE_UPLOAD_ACCEPT,
} from './resource-files.js';

describe('upload file types', () => {
  it('accepts the resource list formats by extension and a fitting declared type', () => {
    expect(checkUpload('resource/acme/a/photo.PNG', 'image/png', 'custom')).toEqual({
      ok: true,
      fileType: 'image',
      fileFormat: '.png',
    });
    expect(checkUpload('r/clip.mp4', 'video/mp4', '')).toMatchObject({ ok: true, fileType: 'video' });
    expect(checkUpload('r/song.mp3', 'audio/mpeg', '')).toMatchObject({ ok: true, fileType: 'audio' });
    for (const [file, type] of [
      ['r/a.pdf', 'application/pdf'],
      ['r/a.doc', 'application/msword'],
      ['r/a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['r/a.csv', 'text/csv'],
      ['r/a.csv', 'application/vnd.ms-excel'],
      ['r/a.xls', 'application/vnd.ms-excel'],
      ['r/a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      expect(checkUpload(file, type, 'custom'), `${file} ${type}`).toMatchObject({ ok: true, fileType: 'other' });
    }
  });

  it('takes a missing or generic declared type as fitting, and ignores parameters', () => {
    expect(checkUpload('r/a.png', '', 'custom').ok).toBe(true);
    expect(checkUpload('r/a.png', 'application/octet-stream', 'custom').ok).toBe(true);
    expect(checkUpload('r/a.csv', 'text/csv; charset=utf-8', 'custom').ok).toBe(true);
  });

  it('refuses other formats, files without an extension and declared types that do not fit', () => {
    for (const [file, type] of [
      ['r/a.exe', 'application/x-msdownload'],
      ['r/a.js', 'text/javascript'],
      ['r/a.svg', 'image/svg+xml'],
      ['r/a.txt', 'text/plain'],
      ['r/README', ''],
      ['r/a.png', 'text/html'],
      ['r/a.pdf', 'image/png'],
    ] as const) {
      expect(checkUpload(file, type, 'custom'), `${file} ${type}`).toMatchObject({ ok: false });
    }
  });

  it('lets the terms of use be HTML only, and custom uploads HTML too', () => {
    expect(checkUpload('termsOfUse/acme/app.html', 'text/html', 'termsOfUse').ok).toBe(true);
    expect(checkUpload('termsOfUse/acme/app.png', 'image/png', 'termsOfUse')).toMatchObject({
      ok: false,
      allowed: ['.html', '.htm'],
    });
    expect(checkUpload('custom/acme/page.htm', 'text/html', 'custom').ok).toBe(true);
    expect(checkUpload('resource/acme/a/page.html', 'text/html', '').ok).toBe(false);
    expect(checkUpload('resource/acme/a/page.html', 'text/html', 'avatar').ok).toBe(false);
    expect(allowedFormats('custom')).toContain('.xlsx');
  });

  it('offers the same formats in the file picker', () => {
    expect(RESOURCE_UPLOAD_ACCEPT).toBe('image/*,video/*,audio/*,.pdf,.doc,.docx,.csv,.xls,.xlsx');
  });
});

describe('stored paths and ids', () => {
  it('knows extensions', () => {
    expect(fileExtension('a.b/c')).toBe('');
    expect(fileExtension('a/.hidden')).toBe('');
    expect(fileExtension('a/b.TAR.GZ')).toBe('.gz');
  });

  it('accepts only normal relative paths of at most 255 characters as stored paths', () => {
    expect(isStoredPath('resource/acme/alice/a b.png')).toBe(true);
    for (const bad of ['', '/a', 'a//b', 'a/./b', 'a/../b', 'a\\b', 'a\nb', 'a/', `a/${'x'.repeat(254)}`]) {
      expect(isStoredPath(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('splits a path id at the first slash', () => {
    expect(splitPathId('acme/resource/acme/a.png')).toEqual({ owner: 'acme', name: 'resource/acme/a.png' });
    expect(splitPathId('acme/')).toBeNull();
    expect(splitPathId('/a')).toBeNull();
    expect(splitPathId('acme')).toBeNull();
  });

  it('writes sizes for people', () => {
    expect([0, 1023, 1536, 20 * 1024 * 1024, 3 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 bytes',
      '1023 bytes',
      '1.5 KB',
      '20 MB',
      '3 GB',
    ]);
  });
});
