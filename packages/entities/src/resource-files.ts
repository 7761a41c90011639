/**
 * Stored files (spec part 2 §2.9, §3.4): which paths and which kinds of file an upload may store,
 * without zod (the console's upload buttons read them too). The server enforces them; the console
 * only uses them to offer the right files.
 */

/** A resource's kind, from its format (Casdoor: image, video, and the rest). */
export const RESOURCE_FILE_TYPES = ['image', 'video', 'audio', 'other'] as const;
export type ResourceFileType = (typeof RESOURCE_FILE_TYPES)[number];

/** Longest stored path (a resource's name is its path: an indexed column). */
export const MAX_FILE_PATH_LENGTH = 255;

/** Longest path a client may send before it is shortened to a stored path. */
const MAX_REQUESTED_PATH_LENGTH = 500;

/**
 * The canonical form of a client-supplied file path, or null when it is not acceptable: absolute
 * paths, `..` segments, backslashes, NUL and other control characters are refused; `.` segments,
 * repeated slashes and a trailing slash are dropped.
 */
export function normalizeFilePath(input: string): string | null {
  if (input === '' || input.length > MAX_REQUESTED_PATH_LENGTH) return null;
  if (input.includes('\\') || /\p{Cc}/u.test(input)) return null;
  if (input.startsWith('/') || /^[a-zA-Z]:/.test(input)) return null;
  const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

/** Whether `name` is a stored path as it is kept: already normal, and short enough. */
export function isStoredPath(name: string): boolean {
  return name.length <= MAX_FILE_PATH_LENGTH && normalizeFilePath(name) === name;
}

/** ".png" for "a/b/Photo.PNG"; "" when the last segment has no extension. */
export function fileExtension(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

interface Format {
  fileType: ResourceFileType;
  /** Media types a browser may declare for it (besides none at all). */
  mediaTypes: readonly string[];
}

const image = (...mediaTypes: string[]): Format => ({ fileType: 'image', mediaTypes });
const video = (...mediaTypes: string[]): Format => ({ fileType: 'video', mediaTypes });
const audio = (...mediaTypes: string[]): Format => ({ fileType: 'audio', mediaTypes });
const other = (...mediaTypes: string[]): Format => ({ fileType: 'other', mediaTypes });

/**
 * What the resource list accepts (spec part 2 §2.9: image, video, audio, pdf, doc, docx, csv, xls,
 * xlsx). SVG is left out: it is a document that may carry scripts wherever it is served from.
 */
const RESOURCE_FORMATS: Record<string, Format> = {
  '.png': image('image/png'),
  '.jpg': image('image/jpeg', 'image/pjpeg'),
  '.jpeg': image('image/jpeg', 'image/pjpeg'),
  '.gif': image('image/gif'),
  '.webp': image('image/webp'),
  '.bmp': image('image/bmp', 'image/x-ms-bmp'),
  '.ico': image('image/x-icon', 'image/vnd.microsoft.icon'),
  '.avif': image('image/avif'),
  '.mp4': video('video/mp4'),
  '.m4v': video('video/x-m4v', 'video/mp4'),
  '.webm': video('video/webm', 'audio/webm'),
  '.ogv': video('video/ogg'),
  '.mov': video('video/quicktime'),
  '.mp3': audio('audio/mpeg', 'audio/mp3'),
  '.wav': audio('audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'),
  '.ogg': audio('audio/ogg', 'application/ogg', 'video/ogg'),
  '.oga': audio('audio/ogg'),
  '.opus': audio('audio/opus', 'audio/ogg'),
  '.m4a': audio('audio/mp4', 'audio/x-m4a', 'audio/m4a'),
  '.aac': audio('audio/aac', 'audio/x-aac'),
  '.flac': audio('audio/flac', 'audio/x-flac'),
  '.pdf': other('application/pdf'),
  '.doc': other('application/msword'),
  '.docx': other('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  // Windows declares CSV files as Excel's.
  '.csv': other('text/csv', 'application/csv', 'text/x-csv', 'text/plain', 'application/vnd.ms-excel'),
  '.xls': other('application/vnd.ms-excel'),
  '.xlsx': other('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
};

/** HTML documents: the terms of use and an application's custom pages (tags termsOfUse, custom). */
const HTML_FORMATS: Record<string, Format> = {
  '.html': other('text/html'),
  '.htm': other('text/html'),
};

/** The upload tags whose files may be HTML documents. */
const HTML_TAGS: Record<string, 'only' | 'also'> = { termsOfUse: 'only', custom: 'also' };

/** The resource list's file picker (spec part 2 §2.9). */
export const RESOURCE_UPLOAD_ACCEPT = `image/*,video/*,audio/*,${['.pdf', '.doc', '.docx', '.csv', '.xls', '.xlsx'].join(',')}`;

/** The formats an upload with `tag` may store, by extension (".png"). */
export function allowedFormats(tag: string): string[] {
  const html = HTML_TAGS[tag];
  if (html === 'only') return Object.keys(HTML_FORMATS);
  return [...Object.keys(RESOURCE_FORMATS), ...(html === 'also' ? Object.keys(HTML_FORMATS) : [])];
}

export type UploadCheck =
  | { ok: true; fileType: ResourceFileType; fileFormat: string }
  | { ok: false; fileFormat: string; allowed: string[] };

/**
 * Whether a file stored at `path` (its extension decides) that its sender declared as `mediaType`
 * may be uploaded with `tag`. A declared type must fit the extension; none (or the generic
 * octet-stream, which browsers send for types they do not know) is taken as fitting.
 */
export function checkUpload(path: string, mediaType: string, tag: string): UploadCheck {
  const fileFormat = fileExtension(path);
  const allowed = allowedFormats(tag);
  const format = allowed.includes(fileFormat) ? (RESOURCE_FORMATS[fileFormat] ?? HTML_FORMATS[fileFormat]) : undefined;
  if (!format) return { ok: false, fileFormat, allowed };
  const declared = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (declared !== '' && declared !== 'application/octet-stream' && !format.mediaTypes.includes(declared)) {
    return { ok: false, fileFormat, allowed };
  }
  return { ok: true, fileType: format.fileType, fileFormat };
}

/** "1.5 MB" for 1.5 * 1024 * 1024 bytes (the list's file size, the upload limit). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${Math.round((bytes / 1024 / 1024 / 1024) * 10) / 10} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
