import type { Readable } from 'node:stream';
import type { ObjectHeaders } from './content-types.js';

/**
 * Where uploaded files live. Keys are normalised relative paths (`resource/acme/alice/a.png`,
 * see normalizeFilePath); every implementation stores, reads and deletes by key and knows the
 * public URL of a key. The local file system is the default; providers of category Storage
 * choose another (select.ts).
 */
export interface FileStorage {
  /**
   * Stores `data` at `key`, replacing whatever was there. A storage that serves its files itself
   * keeps `headers` with them (content-types.ts); the local one is served by GET /files/*, which
   * decides them anew on every read.
   */
  put(key: string, data: Buffer, headers: ObjectHeaders): Promise<void>;
  /** The file at `key`, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file at `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address the file is served at. */
  url(key: string): string;
}

export interface StoredFile {
  size: number;
  stream: Readable;
}

/** A key as a URL path: each segment percent-encoded, the slashes kept. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
