import {
  ADMIN_OWNER,
  type Application,
  isAdmin,
  may,
  type Provider,
  type ProviderCategory,
  provider as providerDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { providerByName } from './provider.js';

/**
 * Finding the provider a call names, and who may send through it. Senders (e-mail, SMS,
 * notification) take a `Provider` record and never look anything up themselves.
 */

/** An application's provider row with the providers of `category` its name may stand for. */
export interface ApplicationProviderChoice {
  row: Application['providers'][number];
  /** The application organization's provider of that name first, then the shared one of admin. */
  providers: Provider[];
}

/**
 * The application's provider rows that name a provider of `category`, in the rows' order, each with
 * its candidates (see ApplicationProviderChoice); one query for all of them.
 */
export async function applicationProviders(
  ctx: ServerContext,
  app: Application,
  category: ProviderCategory,
): Promise<ApplicationProviderChoice[]> {
  const rows = app.providers.filter((row) => row.name.trim() !== '');
  if (rows.length === 0) return [];
  const owners = [...new Set([app.organization, ADMIN_OWNER])];
  const found = (
    await ctx.database.db
      .selectFrom('provider')
      .selectAll()
      .where('category', '=', category)
      .where(
        'name',
        'in',
        rows.map((row) => row.name),
      )
      .where('owner', 'in', owners)
      .execute()
  ).map((row) => ctx.repo(providerDef).toRecord(row));
  return rows
    .map((row) => ({
      row,
      providers: owners.flatMap((owner) => found.filter((p) => p.owner === owner && p.name === row.name)),
    }))
    .filter((choice) => choice.providers.length > 0);
}

/** The provider stored as owner/name, or undefined. */

/**
 * Whether `viewer` may send through a provider of `owner`: administrators who may read it, that is
 * global admins, the administrators of its organization, and for the shared providers of `admin`
 * every organization administrator (as the provider's read rule).
 */
export function maySendWith(viewer: Viewer, owner: string): boolean {
  return isAdmin(viewer) && may(providerDef, 'read', viewer, { owner });
}

/** Whether `viewer` may change the provider (and so replace its settings for one send). */
export function mayEditProvider(viewer: Viewer, owner: string): boolean {
  return may(providerDef, 'update', viewer, { owner });
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
