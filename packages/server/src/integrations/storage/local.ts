import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { normalizeFilePath } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { encodeKey, type FileStorage, type StoredFile } from './storage.js';

/**
 * Local file storage (the "Local File System" provider type, and the default when no storage
 * provider applies): files under one root folder (`${dataDir}/files`), addressed by a relative
 * path such as `termsOfUse/acme/app.html`, served read-only by GET /files/* (routes.ts). Paths come
 * from clients, so every one goes through `normalizeFilePath` before it touches the file system,
 * and each is checked once more to lie inside the root.
 */

export type { StoredFile };
export { normalizeFilePath };

/** Where stored files are served (read-only). */
export const FILES_PREFIX = '/files/';

/** A write refused for want of room: the disk (ENOSPC) or the user's quota (EDQUOT) is full. */
function isNoSpace(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOSPC' || error.code === 'EDQUOT');
}

export class LocalStorage implements FileStorage {
  /**
   * @param root the folder holding the files
   * @param publicBase the origin (and path) the files are served under: `${publicBase}/files/<key>`
   */
  constructor(
    readonly root: string,
    readonly publicBase = '',
  ) {}

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
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(temporary, data, { flag: 'wx' });
      await fs.promises.rename(temporary, target);
    } catch (error) {
      // What a full disk left half-written goes, and the uploader is told why (HTTP 507).
      await fs.promises.rm(temporary, { force: true });
      if (isNoSpace(error)) throw new AppError('storageFull', {}, 507);
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

  /** Removes the file at `relative`; folders and missing files are left alone. */
  async delete(relative: string): Promise<void> {
    const target = this.locate(relative);
    const stat = await fs.promises.lstat(target).catch(() => null);
    if (stat?.isFile()) await fs.promises.rm(target, { force: true });
  }

  url(relative: string): string {
    return `${this.publicBase.replace(/\/+$/, '')}${FILES_PREFIX}${encodeKey(relative)}`;
  }
}
