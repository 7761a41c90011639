import { transaction as transactionDef } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';
import { requireOrganization } from '../organization.js';
import { requireNamed } from './lookups.js';

/**
 * Transactions: what a payment moved, written by purchases (purchase.ts) or
 * added by administrators; never rewritten (the definition's update rule).
 */
export const transactions = new EntityDomain(transactionDef, {
  async beforeAdd(ctx, record) {
    await requireOrganization(ctx.server, record.owner, ctx.trx);
    await requireNamed(ctx.trx, 'user', record.owner, [record.user]);
  },
});
