import {
  ADMIN_OWNER,
  defaultUserMapping,
  isHttpHeaderName,
  isMappingUnset,
  missingMappingKey,
  type Provider,
  provider as providerDef,
  userMappingKind,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { containsCondition } from '../db/list.js';
import { AppError } from '../errors.js';
import { EntityDomain, type RecordKey } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';

/** The owner of a provider is `admin` (shared with every organization) or an existing organization. */
async function requireOwner(ctx: HookContext, owner: string): Promise<void> {
  if (owner !== ADMIN_OWNER) await requireOrganization(ctx.server, owner, ctx.trx);
}

/**
 * The user mapping of the providers that use one: OAuth providers need id,
 * username and display name; the custom HTTP e-mail type needs all of its keys. A mapping that
 * holds nothing for the provider's kind (as the Casdoor SDKs add providers) gets the defaults, as
 * the console fills them in; one with a required key left empty is refused.
 */
function settleUserMapping(provider: Provider): void {
  const kind = userMappingKind(provider.category, provider.type);
  if (!kind) return;
  const mapping = provider.userMapping;
  if (isMappingUnset(kind, mapping)) {
    provider.userMapping = { ...mapping, ...defaultUserMapping(kind) };
    return;
  }
  const missing = missingMappingKey(kind, mapping);
  if (missing) throw new AppError('providerMappingRequired', { field: missing });
}

/** Header names are sent as they are: they must be HTTP tokens. */
function checkHeaders(provider: Provider): void {
  const bad = Object.keys(provider.httpHeaders).find((name) => !isHttpHeaderName(name));
  if (bad !== undefined) throw new AppError('providerHeaderInvalid', { name: bad });
}

/**
 * The organizations whose records find a provider stored as `owner/name` when they name it: its
 * own organization; for a shared provider of `admin`, every organization without a provider of
 * that name of its own (the lookup of sign-in pages, codes and uploads: own first, then shared).
 * Answers the organizations to include (`only`) or to leave out (`except`).
 */
async function providerUsers(trx: Db, provider: RecordKey): Promise<{ only: string } | { except: string[] }> {
  if (provider.owner !== ADMIN_OWNER) return { only: provider.owner };
  const own = await trx.selectFrom('provider').select('owner').where('name', '=', provider.name).execute();
  return { except: own.map((row) => row.owner).filter((owner) => owner !== ADMIN_OWNER) };
}

/**
 * A provider renamed (update-provider with a new name or owner), inside the update's transaction:
 * what names it follows. Applications and linked identities name a provider by its name alone, so
 * they follow a new name, for the organizations that found it under the old one (providerUsers).
 * Resources name its owner too, so they follow any rename.
 */
export async function renameProviderReferences(
  trx: Db,
  before: RecordKey,
  after: RecordKey,
  dialect: ServerContext['database']['dialect'],
): Promise<void> {
  await trx
    .updateTable('resource')
    .set({ provider: after.name, providerOwner: after.owner })
    .where('provider', '=', before.name)
    .where((eb) =>
      eb.or([eb('providerOwner', '=', before.owner), eb.and([eb('providerOwner', '=', ''), eb('owner', '=', before.owner)])]),
    )
    .execute();
  if (before.name === after.name) return;
  const users = await providerUsers(trx, before);

  let identities = trx.updateTable('userIdentity').set({ providerName: after.name }).where('providerName', '=', before.name);
  if ('only' in users) identities = identities.where('owner', '=', users.only);
  else if (users.except.length > 0) identities = identities.where('owner', 'not in', users.except);
  await identities.execute();

  // Provider rows are JSON text: the applications whose text holds the quoted name are read, and
  // those with a row of that name are written back.
  let apps = trx
    .selectFrom('application')
    .select(['owner', 'name', 'providers'])
    .where(containsCondition('providers', JSON.stringify(before.name), dialect));
  if ('only' in users) apps = apps.where('organization', '=', users.only);
  else if (users.except.length > 0) apps = apps.where('organization', 'not in', users.except);
  for (const app of await apps.execute()) {
    if (!app.providers.some((row) => row.name === before.name)) continue;
    const renamed = app.providers.map((row) => (row.name === before.name ? { ...row, name: after.name } : row));
    await trx
      .updateTable('application')
      .set({ providers: renamed })
      .where('owner', '=', app.owner)
      .where('name', '=', app.name)
      .execute();
  }
}

export const providers = new EntityDomain(providerDef, {
  beforeAdd: async (ctx, provider) => {
    await requireOwner(ctx, provider.owner);
    settleUserMapping(provider);
    checkHeaders(provider);
  },
  beforeUpdate: async (ctx, before, next) => {
    if (next.owner !== before.owner) {
      await requireOwner(ctx, next.owner);
      // A cert belongs to the old owner: cleared unless a new one came along.
      if (next.cert === before.cert) next.cert = '';
    }
    settleUserMapping(next);
    checkHeaders(next);
  },
  // Applications' provider rows, linked identities and stored resources follow a new name.
  afterRename: async ({ trx, server }, before, after) => renameProviderReferences(trx, before, after, server.database.dialect),
});

/** The provider stored as owner/name, if any. */
export function providerByName(server: ServerContext, owner: string, name: string, trx?: Db): Promise<Provider | undefined> {
  return server.repo(providerDef).get(owner, name, trx);
}
