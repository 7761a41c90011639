import path from 'node:path';
import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  BUILT_IN_APPLICATION,
  isGlobalAdmin,
  normalizeFilePath,
  type Provider,
  provider as providerDef,
  type Viewer,
} from '@gatehouse/entities';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { applicationProviders, providerByName } from '../providers.js';
import { LocalStorage } from './local.js';
import { DEFAULT_S3_REGION, type S3Settings, S3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

/**
 * Which storage a file goes to (Casdoor's rule): the storage provider the upload names, else the
 * first Storage provider of the application it is uploaded for, else the local file system under
 * the data folder. Only the types below are implemented; the others can be configured but refuse
 * uploads with a message.
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

/** S3 clients keep connections open: one per provider setting, the least recently made dropped first. */
const s3Clients = new Map<string, S3Storage>();
const MAX_S3_CLIENTS = 32;

function cachedS3Storage(settings: S3Settings): S3Storage {
  const key = JSON.stringify(settings);
  let storage = s3Clients.get(key);
  if (!storage) {
    storage = new S3Storage(settings);
    s3Clients.set(key, storage);
    for (const [oldKey, old] of s3Clients) {
      if (s3Clients.size <= MAX_S3_CLIENTS) break;
      s3Clients.delete(oldKey);
      old.destroy();
    }
  }
  return storage;
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
    const storage = cachedS3Storage({
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
function usableFor(viewer: Viewer, owner: string, provider: Provider): boolean {
  return isGlobalAdmin(viewer) || provider.owner === ADMIN_OWNER || provider.owner === owner;
}

function checkCategory(provider: Provider): Provider {
  if (provider.category !== 'Storage') {
    throw new AppError('providerWrongCategory', { name: provider.name, category: provider.category, expected: 'Storage' });
  }
  return provider;
}

/** The provider an upload names: the organization's own first, then the shared one of admin. */
async function namedProvider(ctx: ServerContext, viewer: Viewer, owner: string, name: string): Promise<Provider> {
  for (const candidate of [...new Set([owner, viewer.owner, ADMIN_OWNER])]) {
    const found = await providerByName(ctx, candidate, name);
    if (found && usableFor(viewer, owner, found)) return checkCategory(found);
  }
  throw new AppError('providerNotFound', { name });
}

/**
 * The first Storage provider among the application's providers that the organization may use.
 * An application not saved yet (its terms of use are uploaded while it is being created) has
 * none: its files go to the default local storage.
 */
async function applicationProvider(ctx: ServerContext, viewer: Viewer, owner: string, name: string): Promise<Provider | null> {
  const app = (await ctx.repo(applicationDef).get(ADMIN_OWNER, name)) as Application | undefined;
  if (!app) return null;
  for (const { providers } of await applicationProviders(ctx, app, 'Storage')) {
    const usable = providers.find((candidate) => usableFor(viewer, owner, candidate));
    if (usable) return usable;
  }
  return null;
}

export interface UploadTarget {
  /** The organization the file is uploaded for. */
  owner: string;
  /** The provider the upload names, if any. */
  provider?: string;
  /** The application it is uploaded for (default app-built-in). */
  application?: string;
}

/** The storage an upload goes to (see the rule above). */
export async function storageForUpload(
  ctx: ServerContext,
  viewer: Viewer,
  target: UploadTarget,
  origin: string,
): Promise<StorageChoice> {
  const named = target.provider?.trim();
  if (named) return storageOf(ctx, await namedProvider(ctx, viewer, target.owner, named), origin);
  const app = target.application?.trim() || BUILT_IN_APPLICATION;
  return storageOf(ctx, await applicationProvider(ctx, viewer, target.owner, app), origin);
}

/**
 * The storage a stored resource lives in: its provider, or the default local storage when it
 * names none. Null when its provider no longer exists (the file cannot be reached any more).
 */
export async function storageOfResource(
  ctx: ServerContext,
  resource: { owner: string; provider: string; providerOwner: string },
  origin: string,
  trx?: Kysely<any>,
): Promise<StorageChoice | null> {
  if (!resource.provider) return storageOf(ctx, null, origin);
  const owner = resource.providerOwner || resource.owner;
  // Inside the delete's transaction (SQLite has one connection): read through it.
  const provider = (await ctx.repo(providerDef).get(owner, resource.provider, trx)) as Provider | undefined;
  return provider ? storageOf(ctx, provider, origin) : null;
}
