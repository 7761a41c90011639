import { ADMIN_OWNER, type Pricing, pricing as pricingDef } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { EntityDomain } from '../entity-domain.js';
import type { HookContext } from '../hooks.js';
import { requireOrganization } from '../organization.js';
import { requireNamed } from './lookups.js';

/**
 * Pricings: plans of the pricing's organization, offered on the public page
 * /select-plan/{owner}/{name}; the application, when named, is one of the organization's, whose
 * sign-up page buyers without an account go through.
 */
async function checkPricing(ctx: HookContext, pricing: Pricing): Promise<void> {
  await requireOrganization(ctx.server, pricing.owner, ctx.trx);
  await requireNamed(ctx.trx, 'plan', pricing.owner, pricing.plans);
  if (pricing.application) {
    const app = await ctx.trx
      .selectFrom('application')
      .select(['organization'])
      .where('owner', '=', ADMIN_OWNER)
      .where('name', '=', pricing.application)
      .executeTakeFirst();
    if (!app || app.organization !== pricing.owner) {
      throw new AppError('pricingApplicationInvalid', { application: pricing.application, owner: pricing.owner });
    }
  }
}

export const pricings = new EntityDomain(pricingDef, {
  beforeAdd: (ctx, record) => checkPricing(ctx, record),
  beforeUpdate: (ctx, _before, next) => checkPricing(ctx, next),
});
