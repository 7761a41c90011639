import {
  ADMIN_OWNER,
  defaultUserMapping,
  isHttpHeaderName,
  isMappingUnset,
  missingMappingKey,
  userMappingKind,
} from '@gatehouse/entities';
import { renameProviderReferences } from '../crud/cascade.js';
import type { EntityHooks, HookContext } from '../crud/hooks.js';
import type { Rec } from '../crud/repository.js';
import { AppError } from '../errors.js';
import { requireOrganization } from './organization-lookup.js';

/** The owner of a provider is `admin` (shared with every organization) or an existing organization. */
async function requireOwner(ctx: HookContext, owner: string): Promise<void> {
  if (owner !== ADMIN_OWNER) await requireOrganization(ctx.server, owner, ctx.trx);
}

/**
 * The user mapping of the providers that use one (spec part 2 §5.2): OAuth providers need id,
 * username and display name; the custom HTTP e-mail type needs all of its keys. A mapping that
 * holds nothing for the provider's kind (as the Casdoor SDKs add providers) gets the defaults, as
 * the console fills them in; one with a required key left empty is refused.
 */
function settleUserMapping(provider: Rec): void {
  const kind = userMappingKind(String(provider.category), String(provider.type));
  if (!kind) return;
  const mapping = (provider.userMapping ?? {}) as Record<string, string>;
  if (isMappingUnset(kind, mapping)) {
    provider.userMapping = { ...mapping, ...defaultUserMapping(kind) };
    return;
  }
  const missing = missingMappingKey(kind, mapping);
  if (missing) throw new AppError('providerMappingRequired', { field: missing });
}

/** Header names are sent as they are: they must be HTTP tokens. */
function checkHeaders(provider: Rec): void {
  const headers = (provider.httpHeaders ?? {}) as Record<string, string>;
  const bad = Object.keys(headers).find((name) => !isHttpHeaderName(name));
  if (bad !== undefined) throw new AppError('providerHeaderInvalid', { name: bad });
}

export const providerHooks: EntityHooks = {
  beforeAdd: async (ctx, provider) => {
    await requireOwner(ctx, String(provider.owner));
    settleUserMapping(provider);
    checkHeaders(provider);
  },
  beforeUpdate: async (ctx, before, next) => {
    if (next.owner !== before.owner) {
      await requireOwner(ctx, String(next.owner));
      // A cert belongs to the old owner (spec part 2 §4.2): cleared unless a new one came along.
      if (next.cert === before.cert) next.cert = '';
    }
    settleUserMapping(next);
    checkHeaders(next);
  },
  // Applications' provider rows, linked identities and stored resources follow a new name (cascade.ts).
  afterRename: async ({ trx }, before, after) => {
    await renameProviderReferences(
      trx,
      { owner: String(before.owner), name: String(before.name) },
      { owner: String(after.owner), name: String(after.name) },
    );
  },
};
