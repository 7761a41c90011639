import { INVOICE_DETAILS, invoiceProblem, type Payment, payment as paymentDef } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { EntityDomain } from '../entity-domain.js';
import { requireOrganization } from '../organization.js';

/**
 * Payments: made by purchases (purchase.ts), read-only but for the
 * invoice details, which lock once the invoice is issued (the definition's rules). An Individual
 * invoice is titled with the person's name and has no tax id, whatever a client sends. Invoice
 * details are saved only when they pass the invoice checks, in their order (as the console's Save
 * and Issue invoice check them).
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
  async beforeUpdate(_ctx, before, next) {
    individualTitle(next);
    if (INVOICE_DETAILS.every((field) => before[field] === next[field])) return;
    const problem = invoiceProblem(next);
    if (problem) throw new AppError(problem);
  },
});
