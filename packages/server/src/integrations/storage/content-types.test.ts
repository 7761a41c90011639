import { describe, expect, it } from 'vitest';
import { attachmentDisposition, objectHeadersOf, servingOf } from './content-types.js';

describe('how stored files are served', () => {
  it('shows raster images, audio, video, PDF and plain text inline with their type', () => {
    expect(
      ['a.PNG', 'a.jpg', 'a.webp', 'a.mp4', 'a.webm', 'a.mp3', 'a.flac', 'a.pdf', 'a.txt'].map((key) => servingOf(`r/${key}`)),
    ).toEqual([
      { contentType: 'image/png', presentation: 'inline' },
      { contentType: 'image/jpeg', presentation: 'inline' },
      { contentType: 'image/webp', presentation: 'inline' },
      { contentType: 'video/mp4', presentation: 'inline' },
      { contentType: 'video/webm', presentation: 'inline' },
      { contentType: 'audio/mpeg', presentation: 'inline' },
      { contentType: 'audio/flac', presentation: 'inline' },
      { contentType: 'application/pdf', presentation: 'inline' },
      { contentType: 'text/plain; charset=utf-8', presentation: 'inline' },
    ]);
  });

  it('shows HTML and SVG only sandboxed', () => {
    expect(servingOf('r/a.html')).toEqual({ contentType: 'text/html; charset=utf-8', presentation: 'sandboxed' });
    expect(servingOf('r/a.HTM').presentation).toBe('sandboxed');
    expect(servingOf('r/a.svg')).toEqual({ contentType: 'image/svg+xml', presentation: 'sandboxed' });
  });

  it('makes every other file a download, of an inert type when the format could run anywhere', () => {
    expect(servingOf('r/a.zip')).toEqual({ contentType: 'application/zip', presentation: 'attachment' });
    expect(servingOf('r/a.docx').presentation).toBe('attachment');
    expect(servingOf('r/a.csv')).toEqual({ contentType: 'text/csv; charset=utf-8', presentation: 'attachment' });
    // Documents a browser could run scripts in, and code a page could load: unknown on purpose.
    for (const key of ['a.xml', 'a.xhtml', 'a.xsl', 'a.mht', 'a.svgz', 'a.js', 'a.mjs', 'a.css', 'a.wasm', 'README', 'a.']) {
      expect(servingOf(`r/${key}`), key).toEqual({ contentType: 'application/octet-stream', presentation: 'attachment' });
    }
    expect(servingOf('r/a.constructor').contentType).toBe('application/octet-stream');
  });

  it('names a download as RFC 6266 does: an ASCII stand-in and the exact UTF-8 name', () => {
    expect(attachmentDisposition('resource/acme/alice/report.zip')).toBe(
      `attachment; filename="report.zip"; filename*=UTF-8''report.zip`,
    );
    expect(attachmentDisposition(`r/Résumé "final" (1)*'100%'.zip`)).toBe(
      `attachment; filename="R_sum_ _final_ (1)*'100_'.zip"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%281%29%2A%27100%25%27.zip`,
    );
    expect(attachmentDisposition('r/a\\b;c.7z')).toBe(`attachment; filename="a_b;c.7z"; filename*=UTF-8''a%5Cb%3Bc.7z`);
  });

  it('keeps with an object in an external storage what the storage can serve safely by itself', () => {
    expect(objectHeadersOf('r/a.png')).toEqual({ contentType: 'image/png' });
    // No sandbox policy there: active documents are downloads, unless they are the terms of use.
    expect(objectHeadersOf('r/x.svg')).toEqual({
      contentType: 'image/svg+xml',
      contentDisposition: `attachment; filename="x.svg"; filename*=UTF-8''x.svg`,
    });
    expect(objectHeadersOf('r/x.html').contentDisposition).toMatch(/^attachment; /);
    expect(objectHeadersOf('termsOfUse/acme/app.html', true)).toEqual({ contentType: 'text/html; charset=utf-8' });
    expect(objectHeadersOf('r/x.zip', true)).toMatchObject({ contentType: 'application/zip', contentDisposition: /^attachment/ });
  });
});
