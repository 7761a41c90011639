import { ADMIN_OWNER, BUILT_IN_APPLICATION, isGlobalAdmin, type Provider, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { type StorageChoice, storageOf } from '../integrations/storage/select.js';
import { applicationByName } from './application.js';
import { providerByName } from './provider.js';
import { applicationProviders } from './provider-lookups.js';

/**
 * Which storage an upload goes to (Casdoor's rule): the storage provider the upload names, else the
 * first Storage provider of the application it is uploaded for, else the local file system under
 * the data folder.
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
  const app = await applicationByName(ctx, name);
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
