import { describe, expect, it } from 'vitest';
import { splitPathId } from './envelope.js';
import { allowedFormats, checkUpload, fileExtension, formatBytes, isStoredPath } from './resource-files.js';

describe('upload file types', () => {
  it('accepts the known formats by extension and a fitting declared type, with their file type', () => {
    expect(checkUpload('resource/acme/a/photo.PNG', 'image/png', 'custom')).toEqual({
      ok: true,
      fileType: 'image',
      fileFormat: '.png',
    });
    expect(checkUpload('r/clip.mp4', 'video/mp4', '')).toMatchObject({ ok: true, fileType: 'video' });
    expect(checkUpload('r/song.mp3', 'audio/mpeg', '')).toMatchObject({ ok: true, fileType: 'audio' });
    expect(checkUpload('r/drawing.svg', 'image/svg+xml', 'custom')).toMatchObject({ ok: true, fileType: 'image' });
    for (const [file, type] of [
      ['r/a.pdf', 'application/pdf'],
      ['r/a.doc', 'application/msword'],
      ['r/a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['r/a.csv', 'text/csv'],
      ['r/a.csv', 'application/vnd.ms-excel'],
      ['r/a.xls', 'application/vnd.ms-excel'],
      ['r/a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['r/a.txt', 'text/plain'],
      ['r/page.html', 'text/html'],
    ] as const) {
      expect(checkUpload(file, type, 'custom'), `${file} ${type}`).toMatchObject({ ok: true, fileType: 'other' });
    }
  });

  it('accepts any other file on the resource list (and with any tag not held to some formats) as other', () => {
    for (const tag of ['custom', '', 'anything']) {
      for (const [file, type] of [
        ['r/archive.zip', 'application/zip'],
        ['r/archive.tar.gz', 'application/gzip'],
        ['r/tool.exe', 'application/x-msdownload'],
        ['r/page.js', 'text/javascript'],
        ['r/feed.xml', 'text/xml'],
        ['r/slides.pptx', ''],
        ['r/README', ''],
        // An unknown extension is served as a download whatever its sender declares.
        ['r/odd.weird', 'text/html'],
      ] as const) {
        expect(checkUpload(file, type, tag), `${file} ${type} ${tag}`).toMatchObject({ ok: true, fileType: 'other' });
      }
    }
    expect(checkUpload('r/archive.zip', 'application/zip', 'custom')).toEqual({
      ok: true,
      fileType: 'other',
      fileFormat: '.zip',
    });
    expect(checkUpload('r/README', '', 'custom')).toEqual({ ok: true, fileType: 'other', fileFormat: '' });
    expect(allowedFormats('custom')).toBeNull();
  });

  it('takes a missing or generic declared type as fitting, and ignores parameters', () => {
    expect(checkUpload('r/a.png', '', 'custom').ok).toBe(true);
    expect(checkUpload('r/a.png', 'application/octet-stream', 'custom').ok).toBe(true);
    expect(checkUpload('r/a.csv', 'text/csv; charset=utf-8', 'custom').ok).toBe(true);
  });

  it('refuses a declared type that contradicts a known extension', () => {
    for (const [file, type] of [
      ['r/a.png', 'text/html'],
      ['r/a.pdf', 'image/png'],
      ['r/a.svg', 'image/png'],
      ['r/a.txt', 'text/html'],
      ['r/a.html', 'image/svg+xml'],
    ] as const) {
      expect(checkUpload(file, type, 'custom'), `${file} ${type}`).toEqual({
        ok: false,
        reason: 'mismatch',
        fileFormat: file.slice(file.lastIndexOf('.')),
      });
    }
  });

  it('keeps avatars and ID card pictures raster images: no SVG, no archive, no page', () => {
    expect(checkUpload('avatar/acme/alice.png', 'image/png', 'avatar')).toMatchObject({ ok: true, fileType: 'image' });
    expect(checkUpload('avatar/acme/alice.webp', '', 'avatar').ok).toBe(true);
    for (const [file, type] of [
      ['avatar/acme/alice.svg', 'image/svg+xml'],
      ['avatar/acme/alice.zip', 'application/zip'],
      ['avatar/acme/alice.html', 'text/html'],
      ['avatar/acme/alice', 'image/png'],
    ] as const) {
      expect(checkUpload(file, type, 'avatar'), `${file} ${type}`).toMatchObject({ ok: false, reason: 'format' });
    }
    expect(checkUpload('avatar/acme/alice.svg', 'image/svg+xml', 'idCardFront')).toMatchObject({ ok: false });
    // The right extension with a contradicting type is still refused.
    expect(checkUpload('avatar/acme/alice.png', 'text/html', 'avatar')).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(allowedFormats('avatar')).toEqual(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.ico', '.avif']);
  });

  it('lets the terms of use be HTML only', () => {
    expect(checkUpload('termsOfUse/acme/app.html', 'text/html', 'termsOfUse').ok).toBe(true);
    expect(checkUpload('termsOfUse/acme/app.htm', '', 'termsOfUse').ok).toBe(true);
    for (const file of ['termsOfUse/acme/app.png', 'termsOfUse/acme/app.svg', 'termsOfUse/acme/app.zip']) {
      expect(checkUpload(file, '', 'termsOfUse'), file).toMatchObject({
        ok: false,
        reason: 'format',
        allowed: ['.html', '.htm'],
      });
    }
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
