import {
  ADMIN_OWNER,
  allows,
  isAdmin,
  type Provider,
  type ProviderCategory,
  provider as providerDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';

/**
 * Finding the provider a call names, and who may send through it. Senders (e-mail, SMS,
 * notification) take a `Provider` record and never look anything up themselves.
 */

/** The provider stored as owner/name, or undefined. */
export async function providerByName(ctx: ServerContext, owner: string, name: string): Promise<Provider | undefined> {
  return (await ctx.repo(providerDef).get(owner, name)) as Provider | undefined;
}

/**
 * Whether `viewer` may send through a provider of `owner`: administrators who may read it, that is
 * global admins, the administrators of its organization, and for the shared providers of `admin`
 * every organization administrator (as the provider's read rule).
 */
export function maySendWith(viewer: Viewer, owner: string): boolean {
  if (!isAdmin(viewer)) return false;
  return allows(providerDef.access.read, viewer, owner) || owner === ADMIN_OWNER;
}

/** Whether `viewer` may change the provider (and so replace its settings for one send). */
export function mayEditProvider(viewer: Viewer, owner: string): boolean {
  return allows(providerDef.access.update, viewer, owner);
}

export interface ProviderRef {
  /** The owner when the call names it (the console sends owner and name). */
  owner?: string;
  name: string;
}

/**
 * The provider a caller names: owner/name when the owner is given, else the name in the caller's
 * organization, falling back to the shared providers of `admin`. Refuses callers who may not send
 * through it, then providers that do not exist or belong to another category.
 */
export async function providerForCaller(
  ctx: ServerContext,
  viewer: Viewer,
  ref: ProviderRef,
  category: ProviderCategory,
): Promise<Provider> {
  const name = ref.name.trim();
  if (!name) throw new AppError('providerNotFound', { name: '' });
  let found: Provider | undefined;
  if (ref.owner) {
    if (!maySendWith(viewer, ref.owner)) throw new AppError('unauthorized');
    found = await providerByName(ctx, ref.owner, name);
  } else {
    if (!isAdmin(viewer)) throw new AppError('unauthorized');
    found = (await providerByName(ctx, viewer.owner, name)) ?? (await providerByName(ctx, ADMIN_OWNER, name));
  }
  if (!found) throw new AppError('providerNotFound', { name: ref.owner ? `${ref.owner}/${name}` : name });
  if (!maySendWith(viewer, found.owner)) throw new AppError('unauthorized');
  if (found.category !== category) {
    throw new AppError('providerWrongCategory', { name: found.name, category: found.category, expected: category });
  }
  return found;
}
