import path from 'node:path';

/**
 * How a stored file is served, by its extension, from allow-lists: uploads take any file
 * (entities/src/resource-files.ts), so what a browser may do with one is decided here.
 *
 * - inline: formats a browser shows without running anything of the file (raster images, audio,
 *   video, PDF, plain text);
 * - sandboxed: documents that may carry scripts but are meant to be looked at (HTML, SVG): inline
 *   only under SANDBOX_POLICY, which gives them an opaque origin and no scripts;
 * - attachment: everything else (archives, office documents, XML and its kin, unknown formats) is
 *   a download. Formats a page of the console's origin could load as code (JavaScript, CSS,
 *   WebAssembly) are deliberately unknown: application/octet-stream, which nosniff keeps from
 *   running.
 */
export type Presentation = 'inline' | 'sandboxed' | 'attachment';

export interface Serving {
  contentType: string;
  presentation: Presentation;
}

/** The policy of sandboxed files (and downloads, should a browser render one all the same). */
export const SANDBOX_POLICY =
  "sandbox; default-src 'none'; img-src * data:; style-src * 'unsafe-inline'; font-src * data:; media-src *";

const UNKNOWN_TYPE = 'application/octet-stream';

const INLINE: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

const SANDBOXED: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Downloads whose type helps the program that opens them (never one a browser renders). */
const DOWNLOADS: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.7z': 'application/x-7z-compressed',
};

const lookUp = (table: Record<string, string>, extension: string) =>
  Object.hasOwn(table, extension) ? table[extension] : undefined;

/** How the file at `key` is served. */
export function servingOf(key: string): Serving {
  const extension = path.posix.extname(key).toLowerCase();
  const inline = lookUp(INLINE, extension);
  if (inline) return { contentType: inline, presentation: 'inline' };
  const sandboxed = lookUp(SANDBOXED, extension);
  if (sandboxed) return { contentType: sandboxed, presentation: 'sandboxed' };
  return { contentType: lookUp(DOWNLOADS, extension) ?? UNKNOWN_TYPE, presentation: 'attachment' };
}

/** RFC 5987 attr-chars: what encodeURIComponent leaves alone, less ' ( ) *. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266) for the file at `key`: the
 * quoted name is an ASCII stand-in for older clients (no quotes, backslashes, percent signs or
 * control characters), the extended one the exact name.
 */
export function attachmentDisposition(key: string): string {
  const name = path.posix.basename(key);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The headers an external storage keeps with an object, which it then serves itself. */
export interface ObjectHeaders {
  contentType: string;
  /** Absent for files shown inline. */
  contentDisposition?: string;
}

/**
 * What an external storage (S3 ...) keeps with the object of `key`. It serves the object from its
 * own origin, and can send neither nosniff nor the sandbox policy: what /files/ serves sandboxed
 * is stored there as a download. One exception, `page`: the terms of use, an HTML page the
 * sign-in pages show in a sandboxed frame (a download would leave that frame empty); an
 * administrator's page at the storage's origin, never the console's.
 */
export function objectHeadersOf(key: string, page = false): ObjectHeaders {
  const { contentType, presentation } = servingOf(key);
  if (presentation === 'inline' || (page && presentation === 'sandboxed')) return { contentType };
  return { contentType, contentDisposition: attachmentDisposition(key) };
}
