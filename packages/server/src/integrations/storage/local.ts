import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Local file storage: files under one root folder (`${dataDir}/files`), addressed by a relative
 * path such as `termsOfUse/acme/app.html`. Paths come from clients, so every one goes through
 * `normalizeFilePath` before it touches the file system. The Resource entity and other storage
 * providers will build on this interface (put / open).
 */

/** Largest file an upload may send. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const MAX_PATH_LENGTH = 500;

/**
 * The canonical form of a client-supplied file path, or null when it is not acceptable: absolute
 * paths, `..` segments, backslashes, NUL and other control characters are refused; `.` segments,
 * repeated slashes and a trailing slash are dropped.
 */
export function normalizeFilePath(input: string): string | null {
  if (input === '' || input.length > MAX_PATH_LENGTH) return null;
  if (input.includes('\\') || /\p{Cc}/u.test(input)) return null;
  if (input.startsWith('/') || /^[a-zA-Z]:/.test(input)) return null;
  const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

export interface StoredFile {
  size: number;
  stream: fs.ReadStream;
}

export class LocalStorage {
  constructor(readonly root: string) {}

  /** Absolute location of a normalised path, checked once more to lie inside the root. */
  private locate(relative: string): string {
    const root = path.resolve(this.root);
    const target = path.resolve(root, relative);
    if (!target.startsWith(root + path.sep)) throw new Error(`path escapes the storage root: ${relative}`);
    return target;
  }

  /** Stores `data` at `relative` (a normalised path), replacing any file there atomically. */
  async put(relative: string, data: Buffer): Promise<void> {
    const target = this.locate(relative);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(temporary, data, { flag: 'wx' });
    try {
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  /** The file at `relative` (a normalised path), or null when there is no regular file there. */
  async open(relative: string): Promise<StoredFile | null> {
    const target = this.locate(relative);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(target, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    } catch {
      return null;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { size: stat.size, stream: handle.createReadStream() };
  }
}
