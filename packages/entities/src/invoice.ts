/**
 * The checks a payment's invoice details pass before an invoice is issued or the details saved
 * (docs/product.md, "Payments and invoices"), in that order. The console shows the first problem
 * beside the form; the server refuses an invoice with it. Each problem is a message key of both
 * catalogues.
 */

export type InvoiceProblem =
  | 'invoicePayFirst'
  | 'invoicePersonName'
  | 'invoicePersonIdCard'
  | 'invoicePersonEmail'
  | 'invoicePersonPhone'
  | 'invoiceTitleInvalid'
  | 'invoiceTaxIdInvalid'
  | 'invoiceTitleSelf';

export interface InvoiceDetails {
  state: string;
  personName: string;
  personIdCard: string;
  personEmail: string;
  personPhone: string;
  invoiceType: string;
  invoiceTitle: string;
  invoiceTaxId: string;
}

// async-validator's e-mail pattern, which the console's forms use elsewhere too.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
// Four to fifteen digits, optionally after a + and country code.
const PHONE = /^\+?[0-9]{4,15}$/;

/**
 * The organiser's own name as an invoice title: its finance office issues no invoices to itself
 * (a title the invoice checks refuse), whatever the invoice type.
 */
export const INVOICE_SELF_TITLE = '中国科学院大学';

/** The first problem of the invoice details, or null when an invoice may be issued. */
export function invoiceProblem(p: InvoiceDetails): InvoiceProblem | null {
  if (p.state !== 'Paid') return 'invoicePayFirst';
  if (p.personName.trim() === '') return 'invoicePersonName';
  if (p.personIdCard.trim() === '') return 'invoicePersonIdCard';
  if (!EMAIL.test(p.personEmail)) return 'invoicePersonEmail';
  if (!PHONE.test(p.personPhone)) return 'invoicePersonPhone';
  if (p.invoiceType === 'Individual') {
    if (p.invoiceTitle !== p.personName) return 'invoiceTitleInvalid';
    if (p.invoiceTaxId !== '') return 'invoiceTaxIdInvalid';
  } else {
    if (p.invoiceTitle.trim() === '') return 'invoiceTitleInvalid';
    if (p.invoiceTaxId.trim() === '') return 'invoiceTaxIdInvalid';
  }
  if (p.invoiceTitle.trim() === INVOICE_SELF_TITLE) return 'invoiceTitleSelf';
  return null;
}
