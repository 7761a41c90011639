import { type Product, product as productDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { LooseRecord } from '../../db/repository.js';
import { EntityDomain } from '../entity-domain.js';
import type { HookContext } from '../hooks.js';
import { requireOrganization } from '../organization.js';
import { providersNamed, requirePaymentProviders } from './lookups.js';

/**
 * Products: of an existing organization, sold through Payment providers of that
 * organization or shared ones. The product a plan creates for itself (PLAN_PRODUCT_TAG) is locked
 * by the definition's rules; only its plan changes it (plan.ts, as the server).
 */
async function checkProduct(ctx: HookContext, product: Product): Promise<void> {
  await requireOrganization(ctx.server, product.owner, ctx.trx);
  await requirePaymentProviders(ctx.server, ctx.trx, product.owner, product.providers);
}

/**
 * Casdoor's `providerObjs`: each product's payment providers as the buy page and the list show them
 * (name, display name, category, type; never their settings), one query for the whole page.
 */
async function withProviderObjs(server: ServerContext, stored: Product[], answers: LooseRecord[]): Promise<LooseRecord[]> {
  const find = await providersNamed(
    server.database.db,
    stored.map((p) => p.owner),
    stored.flatMap((p) => p.providers),
  );
  return answers.map((answer, i) => {
    const product = stored[i];
    if (!product) return answer;
    const providerObjs = product.providers.flatMap((name) => {
      const found = find(product.owner, name);
      return found ? [found] : [];
    });
    return { ...answer, providerObjs };
  });
}

export const products = new EntityDomain(productDef, {
  beforeAdd: (ctx, record) => checkProduct(ctx, record),
  beforeUpdate: (ctx, _before, next) => checkProduct(ctx, next),
  extend: withProviderObjs,
});

/**
 * Deletes the product of a plan that is being deleted (its `undeletable` rule holds it back from
 * everyone else), in the plan's transaction.
 */
export async function removePlanProduct(ctx: HookContext, trx: Db, owner: string, name: string): Promise<void> {
  await ctx.server.repo(productDef).delete(owner, name, trx);
}
