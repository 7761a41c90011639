import { describe, expect, it } from 'vitest';
import { type InvoiceDetails, invoiceProblem } from './invoice.js';

const paid: InvoiceDetails = {
  state: 'Paid',
  personName: 'Alice Liddell',
  personIdCard: 'ID-1234',
  personEmail: 'alice@example.com',
  personPhone: '+8613800000000',
  invoiceType: 'Individual',
  invoiceTitle: 'Alice Liddell',
  invoiceTaxId: '',
};

describe('invoice checks, in their order', () => {
  it('accepts complete details of a paid payment', () => {
    expect(invoiceProblem(paid)).toBeNull();
    expect(
      invoiceProblem({ ...paid, invoiceType: 'Organization', invoiceTitle: 'Acme Ltd', invoiceTaxId: '91110000X' }),
    ).toBeNull();
  });
  it('answers the first failing check', () => {
    expect(invoiceProblem({ ...paid, state: 'Created', personName: '' })).toBe('invoicePayFirst');
    expect(invoiceProblem({ ...paid, personName: '', personIdCard: '' })).toBe('invoicePersonName');
    expect(invoiceProblem({ ...paid, personIdCard: ' ', personEmail: 'x' })).toBe('invoicePersonIdCard');
    expect(invoiceProblem({ ...paid, personEmail: 'not-an-email', personPhone: '' })).toBe('invoicePersonEmail');
    expect(invoiceProblem({ ...paid, personPhone: '12' })).toBe('invoicePersonPhone');
  });
  it('holds an individual to their own name and no tax id', () => {
    expect(invoiceProblem({ ...paid, invoiceTitle: 'Someone else' })).toBe('invoiceTitleInvalid');
    expect(invoiceProblem({ ...paid, invoiceTaxId: '123' })).toBe('invoiceTaxIdInvalid');
  });
  it('needs an organization title and tax id', () => {
    const org = { ...paid, invoiceType: 'Organization' };
    expect(invoiceProblem({ ...org, invoiceTitle: '' })).toBe('invoiceTitleInvalid');
    expect(invoiceProblem({ ...org, invoiceTitle: 'Acme Ltd', invoiceTaxId: '' })).toBe('invoiceTaxIdInvalid');
  });
  it("refuses the organiser's own name as the title", () => {
    expect(
      invoiceProblem({
        ...paid,
        invoiceType: 'Organization',
        invoiceTitle: '中国科学院大学',
        invoiceTaxId: '12100000400000624D',
      }),
    ).toBe('invoiceTitleSelf');
  });
});
