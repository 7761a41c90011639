import {
  type InvoiceProblem,
  invoiceProblem,
  PLAN_PAYMENT_PROBLEMS,
  type PlanPaymentProblem,
  type PlanPaymentProblemKind,
} from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';

/** The pure rules of the business screens, unit-tested. */

export interface StateLook {
  /** antd Tag colour. */
  color: 'processing' | 'success' | 'warning' | 'error' | 'default';
  icon: 'sync' | 'check' | 'exclamation' | 'clock' | 'close' | 'minus';
}

/**
 * A subscription state's tag: Pending processing, Active success, Upcoming and Expired
 * warning, Error error, Suspended default.
 */
export function subscriptionStateLook(state: string): StateLook {
  switch (state) {
    case 'Pending':
      return { color: 'processing', icon: 'sync' };
    case 'Active':
      return { color: 'success', icon: 'check' };
    case 'Upcoming':
      return { color: 'warning', icon: 'exclamation' };
    case 'Expired':
      return { color: 'warning', icon: 'clock' };
    case 'Error':
      return { color: 'error', icon: 'close' };
    default:
      return { color: 'default', icon: 'minus' };
  }
}

/**
 * The payment form's cross-field rule: an Individual invoice is titled with the
 * person's name and has no tax ID, so choosing Individual (or changing the name under it) copies
 * the name into the title and clears the tax ID.
 */
export function individualInvoiceChange(changed: Rec, all: Rec): Rec | undefined {
  const type = textOf(all.invoiceType);
  if (type !== 'Individual') return undefined;
  if (!('invoiceType' in changed) && !('personName' in changed)) return undefined;
  return { invoiceTitle: textOf(all.personName), invoiceTaxId: '' };
}

/**
 * The first problem of the payment's invoice details (the invoice checks, in their order), from the
 * form's values over the stored record, or null.
 */
export function invoiceFormProblem(values: Rec, stored: Rec = {}): InvoiceProblem | null {
  const field = (key: string) => textOf(values[key] ?? stored[key]);
  return invoiceProblem({
    state: field('state'),
    personName: field('personName'),
    personIdCard: field('personIdCard'),
    personEmail: field('personEmail'),
    personPhone: field('personPhone'),
    invoiceType: field('invoiceType'),
    invoiceTitle: field('invoiceTitle'),
    invoiceTaxId: field('invoiceTaxId'),
  });
}

/** The field of the invoice form beside which a problem shows (the payment's state is not an input). */
const PROBLEM_FIELDS: Record<InvoiceProblem, string> = {
  invoicePayFirst: 'personName',
  invoicePersonName: 'personName',
  invoicePersonIdCard: 'personIdCard',
  invoicePersonEmail: 'personEmail',
  invoicePersonPhone: 'personPhone',
  invoiceTitleInvalid: 'invoiceTitle',
  invoiceTitleSelf: 'invoiceTitle',
  invoiceTaxIdInvalid: 'invoiceTaxId',
};

/**
 * The form rule of one invoice field: the i18n key of the details' first problem when it belongs
 * beside this field, else null. So Save shows exactly the first problem of the invoice checks,
 * where it is.
 */
export function invoiceFieldProblem(field: string, values: Rec): string | null {
  const problem = invoiceFormProblem(values);
  return problem && PROBLEM_FIELDS[problem] === field ? `payment.invoiceProblem.${problem}` : null;
}

export const INVOICE_RULE_FIELDS = [...new Set(Object.values(PROBLEM_FIELDS))];

/** An invoice message containing the Chinese word for success is news, not a failure. */
export function invoiceMessageIsSuccess(message: string): boolean {
  return message.includes('成功');
}

const isProblemKind = (value: unknown): value is PlanPaymentProblemKind => PLAN_PAYMENT_PROBLEMS.some((kind) => kind === value);

/**
 * What stands between a plan, as the server answered it, and its customers: its `paymentProblems`
 * when the server says it is not payable (`isPayable` false), else none. A plan read without the
 * answer (an older server) is taken as payable: the server refuses the purchase anyway.
 */
export function planPaymentProblems(plan: Rec): PlanPaymentProblem[] {
  if (plan.isPayable !== false) return [];
  const listed: unknown[] = Array.isArray(plan.paymentProblems) ? plan.paymentProblems : [];
  const problems = listed.flatMap((value): PlanPaymentProblem[] => {
    if (typeof value !== 'object' || value === null) return [];
    const item: Rec = { ...value };
    return isProblemKind(item.problem) ? [{ problem: item.problem, provider: textOf(item.provider) }] : [];
  });
  return problems.length > 0 ? problems : [{ problem: 'noProviders', provider: '' }];
}

/** The plans of a pricing (as read, in its order) that customers are not offered because they cannot pay for them. */
export function unpayablePlans(plans: readonly (Rec | null | undefined)[]): Rec[] {
  return plans.flatMap((plan) => (plan && planPaymentProblems(plan).length > 0 ? [plan] : []));
}

/** The public pricing page of a pricing, in full (the copy button of its edit page). */
export function pricingPageUrl(origin: string, owner: string, name: string): string {
  return `${origin}/select-plan/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
}

/** A stored RFC 3339 time as the value of a datetime-local input (the reader's local time), or ''. */
export function toLocalInput(value: unknown): string {
  const time = Date.parse(textOf(value));
  if (Number.isNaN(time)) return '';
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (local time) as the RFC 3339 time the server stores, or ''. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? '' : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
