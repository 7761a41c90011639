import path from 'node:path';
import { normalizeFilePath, type Provider } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';
import { LocalStorage } from './local.js';
import { DEFAULT_S3_REGION, type S3Settings, S3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

/**
 * The storage of a storage provider (the local file system under the data folder without one).
 * Only the types below are implemented; the others can be configured but refuse uploads with a
 * message. Which provider an upload goes to is the domain's choice (domain/storage-choice.ts).
 */

export const LOCAL_STORAGE_TYPE = 'Local File System';
const S3_TYPES = new Set(['AWS S3', 'MinIO']);
export const SUPPORTED_STORAGE_TYPES = [LOCAL_STORAGE_TYPE, ...S3_TYPES];

/** A storage and the provider it comes from (null: the default local storage). */
export interface StorageChoice {
  provider: Provider | null;
  storage: FileStorage;
  /** The key a requested path is stored under (the provider's path prefix first), or null. */
  keyOf: (requested: string) => string | null;
}

const MAX_S3_CLIENTS = 32;

/**
 * The S3 clients of one server (ctx.services.s3Clients). They keep connections open: one per
 * provider setting, the least recently made dropped first; all closed with the server.
 */
export class S3Clients {
  readonly #clients = new Map<string, S3Storage>();

  constructor(private readonly outbound: Outbound) {}

  of(settings: S3Settings): S3Storage {
    const key = JSON.stringify(settings);
    let storage = this.#clients.get(key);
    if (!storage) {
      storage = new S3Storage(this.outbound, settings);
      this.#clients.set(key, storage);
      for (const [oldKey, old] of this.#clients) {
        if (this.#clients.size <= MAX_S3_CLIENTS) break;
        this.#clients.delete(oldKey);
        old.destroy();
      }
    }
    return storage;
  }

  close(): void {
    for (const storage of this.#clients.values()) storage.destroy();
    this.#clients.clear();
  }
}

/** Where local files live. */
export function localRoot(ctx: ServerContext): string {
  return path.join(ctx.config.dataDir, 'files');
}

/**
 * The storage of `provider` (null: the default local storage). `origin` is the server's public
 * origin, under which local files are served.
 */
export function storageOf(ctx: ServerContext, provider: Provider | null, origin: string): StorageChoice {
  const prefix = provider?.pathPrefix ? normalizeFilePath(provider.pathPrefix) : '';
  if (prefix === null)
    throw new AppError('storagePrefixInvalid', { provider: provider?.name ?? '', prefix: provider?.pathPrefix ?? '' });
  const keyOf = (requested: string) => normalizeFilePath(prefix ? `${prefix}/${requested}` : requested);
  if (!provider) return { provider, storage: new LocalStorage(localRoot(ctx), origin), keyOf };
  if (provider.type === LOCAL_STORAGE_TYPE) {
    return { provider, storage: new LocalStorage(localRoot(ctx), provider.domain.trim() || origin), keyOf };
  }
  if (S3_TYPES.has(provider.type)) {
    const storage = ctx.services.s3Clients.of({
      name: provider.name,
      endpoint: provider.endpoint,
      intranetEndpoint: provider.intranetEndpoint,
      region: provider.regionId || DEFAULT_S3_REGION,
      bucket: provider.bucket,
      accessKeyId: provider.clientId,
      secretAccessKey: provider.clientSecret,
      domain: provider.domain,
    });
    return { provider, storage, keyOf };
  }
  throw new AppError('storageTypeUnsupported', { name: provider.name, type: provider.type });
}

/**
 * Whether a file of organization `owner` may be stored through `provider`: the provider is shared
 * (admin) or the organization's own; global admins may use any.
 */

/**
 * The storage a stored resource lives in, given its provider (null: the default local storage;
 * undefined: its provider no longer exists, so the file cannot be reached any more).
 */
export function storageOfResource(
  ctx: ServerContext,
  provider: Provider | null | undefined,
  origin: string,
): StorageChoice | null {
  return provider === undefined ? null : storageOf(ctx, provider, origin);
}

declare module '../../context.js' {
  interface ServerServices {
    /** The S3 clients of the storage providers (integrations/storage/select.ts). */
    readonly s3Clients: S3Clients;
  }
}
