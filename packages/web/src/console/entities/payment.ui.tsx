import type { Rec } from '../../shared/data/client';
import { ProviderCell } from './business-cells';
import { INVOICE_RULE_FIELDS, individualInvoiceChange, invoiceFieldProblem } from './business-rules';
import { PaymentInvoiceActions } from './payment-invoice';
import type { EntityOverrides } from './ui-types';

/**
 * Payments: made by purchases and read-only but for the invoice details (the definition's rules),
 * which are saved only without a problem of the invoice checks (the
 * first one shows beside its field); the invoice section ends with Issue invoice, then Download; an Individual invoice takes the person's name as its title. Each row links its result
 * page and its provider.
 */
const overrides: EntityOverrides = {
  listActions: [
    {
      key: 'result',
      label: 'payment.result',
      to: (record) => `/payments/${encodeURIComponent(String(record.owner))}/${encodeURIComponent(String(record.name))}/result`,
    },
  ],
  listCells: { provider: ProviderCell },
  onValuesChange: individualInvoiceChange,
  fieldRules: Object.fromEntries(
    INVOICE_RULE_FIELDS.map((field) => [field, (_value: unknown, values: Rec) => invoiceFieldProblem(field, values)]),
  ),
  sectionExtras: { invoice: PaymentInvoiceActions },
};

export default overrides;
