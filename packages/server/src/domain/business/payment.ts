import { type Payment, payment as paymentDef } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';
import { requireOrganization } from '../organization.js';

/**
 * Payments (spec part 2 §3.14, §4.7): made by purchases (purchase.ts), read-only but for the
 * invoice details, which lock once the invoice is issued (the definition's rules). An Individual
 * invoice is titled with the person's name and has no tax id, whatever a client sends.
 */
function individualTitle(payment: Payment): void {
  if (payment.invoiceType !== 'Individual' || payment.invoiceUrl) return;
  payment.invoiceTitle = payment.personName;
  payment.invoiceTaxId = '';
}

export const payments = new EntityDomain(paymentDef, {
  async beforeAdd(ctx, record) {
    await requireOrganization(ctx.server, record.owner, ctx.trx);
    individualTitle(record);
  },
  async beforeUpdate(_ctx, _before, next) {
    individualTitle(next);
  },
});
