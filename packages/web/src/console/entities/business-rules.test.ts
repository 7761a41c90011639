import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  INVOICE_RULE_FIELDS,
  individualInvoiceChange,
  invoiceFieldProblem,
  invoiceMessageIsSuccess,
  planPaymentProblems,
  pricingPageUrl,
  subscriptionStateLook,
  toLocalInput,
  unpayablePlans,
} from './business-rules';

const paid = {
  state: 'Paid',
  personName: 'Alice',
  personIdCard: 'ID-1',
  personEmail: 'alice@example.com',
  personPhone: '13800000000',
  invoiceType: 'Individual',
  invoiceTitle: 'Alice',
  invoiceTaxId: '',
};

describe('business rules of the console', () => {
  it("reads a plan's payment problems from the server's answer", () => {
    expect(planPaymentProblems({ isPayable: true, paymentProblems: [{ problem: 'providerMissing', provider: 'x' }] })).toEqual(
      [],
    );
    expect(planPaymentProblems({ name: 'old' })).toEqual([]);
    expect(
      planPaymentProblems({
        isPayable: false,
        paymentProblems: [{ problem: 'providerTypeUnsupported', provider: 'stripe' }, { problem: 'made up' }, 'junk'],
      }),
    ).toEqual([{ problem: 'providerTypeUnsupported', provider: 'stripe' }]);
    // Not payable for a reason this console does not know: still flagged.
    expect(planPaymentProblems({ isPayable: false })).toEqual([{ problem: 'noProviders', provider: '' }]);
    const plans = [{ name: 'a', isPayable: true }, null, { name: 'b', isPayable: false }, undefined];
    expect(unpayablePlans(plans).map((p) => p.name)).toEqual(['b']);
  });

  it('colours subscription states as the product says', () => {
    expect(['Pending', 'Active', 'Upcoming', 'Expired', 'Error', 'Suspended'].map((s) => subscriptionStateLook(s).color)).toEqual(
      ['processing', 'success', 'warning', 'warning', 'error', 'default'],
    );
  });

  it('titles an Individual invoice with the person, without a tax ID', () => {
    expect(individualInvoiceChange({ invoiceType: 'Individual' }, { ...paid, invoiceTitle: 'X', invoiceTaxId: 'T' })).toEqual({
      invoiceTitle: 'Alice',
      invoiceTaxId: '',
    });
    expect(individualInvoiceChange({ personName: 'Bob' }, { ...paid, personName: 'Bob' })).toEqual({
      invoiceTitle: 'Bob',
      invoiceTaxId: '',
    });
    expect(individualInvoiceChange({ invoiceType: 'Organization' }, { ...paid, invoiceType: 'Organization' })).toBeUndefined();
    expect(individualInvoiceChange({ invoiceRemark: 'r' }, paid)).toBeUndefined();
  });

  it('shows the first problem of the invoice checks beside its field, and none when the details hold', () => {
    const problems = (values: Record<string, unknown>) =>
      INVOICE_RULE_FIELDS.flatMap((field) => {
        const problem = invoiceFieldProblem(field, values);
        return problem ? [[field, problem]] : [];
      });
    expect(problems(paid)).toEqual([]);
    expect(problems({ ...paid, state: 'Created', personPhone: '' })).toEqual([
      ['personName', 'payment.invoiceProblem.invoicePayFirst'],
    ]);
    expect(problems({ ...paid, personEmail: 'nope', personPhone: '' })).toEqual([
      ['personEmail', 'payment.invoiceProblem.invoicePersonEmail'],
    ]);
    expect(problems({ ...paid, invoiceType: 'Organization', invoiceTitle: 'Acme', invoiceTaxId: '' })).toEqual([
      ['invoiceTaxId', 'payment.invoiceProblem.invoiceTaxIdInvalid'],
    ]);
  });

  it('reads an invoice message with the word for success as news', () => {
    expect(invoiceMessageIsSuccess('开票成功')).toBe(true);
    expect(invoiceMessageIsSuccess('Please pay the order first!')).toBe(false);
  });

  it('gives the pricing page its full address', () => {
    expect(pricingPageUrl('https://id.example.com', 'acme', 'main plans')).toBe(
      'https://id.example.com/select-plan/acme/main%20plans',
    );
  });

  it('turns stored times into local input values and back', () => {
    const stored = '2026-03-04T05:06:00Z';
    expect(fromLocalInput(toLocalInput(stored))).toBe(stored);
    expect(toLocalInput('garbage')).toBe('');
    expect(fromLocalInput('')).toBe('');
  });
});
