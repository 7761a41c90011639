/**
 * Stored files: which paths and which kinds of file an upload may store,
 * without zod (the console reads them too). Any kind, up to the size limit, except where a tag
 * asks for some (issue 27); the server enforces it, and decides how each file is served.
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

/** Raster images: pictures that carry no script wherever they are shown (avatars, ID cards). */
const RASTER_IMAGE_FORMATS: Record<string, Format> = {
  '.png': image('image/png'),
  '.jpg': image('image/jpeg', 'image/pjpeg'),
  '.jpeg': image('image/jpeg', 'image/pjpeg'),
  '.gif': image('image/gif'),
  '.webp': image('image/webp'),
  '.bmp': image('image/bmp', 'image/x-ms-bmp'),
  '.ico': image('image/x-icon', 'image/vnd.microsoft.icon'),
  '.avif': image('image/avif'),
};

/** HTML documents: the terms of use (tag termsOfUse), and any page a resource list holds. */
const HTML_FORMATS: Record<string, Format> = {
  '.html': other('text/html'),
  '.htm': other('text/html'),
};

/**
 * The formats Gatehouse knows (their resource file type, and the media types a browser declares
 * for them). Any other extension is stored too, as a file of type other: what a file may do in a
 * browser is decided when it is served (integrations/storage/content-types.ts), not here.
 */
const KNOWN_FORMATS: Record<string, Format> = {
  ...RASTER_IMAGE_FORMATS,
  // An image that may carry scripts: served sandboxed, never taken as an avatar.
  '.svg': image('image/svg+xml'),
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
  '.txt': other('text/plain'),
  '.doc': other('application/msword'),
  '.docx': other('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  // Windows declares CSV files as Excel's.
  '.csv': other('text/csv', 'application/csv', 'text/x-csv', 'text/plain', 'application/vnd.ms-excel'),
  '.xls': other('application/vnd.ms-excel'),
  '.xlsx': other('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  ...HTML_FORMATS,
};

/**
 * The upload tags held to some formats, because of where their files are shown: an avatar or an
 * ID card picture in the console's own pages (a raster image, never an SVG), the terms of use in
 * the sign-up page's frame (an HTML page). Every other tag (the resource list's custom, none ...)
 * takes any file.
 */
function formatsOfTag(tag: string): Record<string, Format> | undefined {
  if (tag === 'avatar' || tag.startsWith('idCard')) return RASTER_IMAGE_FORMATS;
  if (tag === 'termsOfUse') return HTML_FORMATS;
  return undefined;
}

/** The formats an upload with `tag` may store, by extension (".png"); null when any file goes. */
export function allowedFormats(tag: string): string[] | null {
  const formats = formatsOfTag(tag);
  return formats ? Object.keys(formats) : null;
}

export type UploadCheck =
  | { ok: true; fileType: ResourceFileType; fileFormat: string }
  /** The tag takes other formats (`allowed`). */
  | { ok: false; reason: 'format'; fileFormat: string; allowed: string[] }
  /** The declared media type contradicts the extension's format. */
  | { ok: false; reason: 'mismatch'; fileFormat: string };

/**
 * Whether a file stored at `path` (its extension decides) that its sender declared as `mediaType`
 * may be uploaded with `tag`. A declared type must fit a known extension; none (or the generic
 * octet-stream, which browsers send for types they do not know) is taken as fitting, and a file
 * of an unknown extension is taken whatever its sender declares (it is served as a download).
 */
export function checkUpload(path: string, mediaType: string, tag: string): UploadCheck {
  const fileFormat = fileExtension(path);
  const restricted = formatsOfTag(tag);
  if (restricted && !restricted[fileFormat]) return { ok: false, reason: 'format', fileFormat, allowed: Object.keys(restricted) };
  const format = KNOWN_FORMATS[fileFormat];
  if (!format) return { ok: true, fileType: 'other', fileFormat };
  const declared = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (declared !== '' && declared !== 'application/octet-stream' && !format.mediaTypes.includes(declared)) {
    return { ok: false, reason: 'mismatch', fileFormat };
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
