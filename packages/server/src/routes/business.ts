import { fromMoneyUnits, type Payment, toMoneyUnits } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { buyProduct, invoicePayment, notifyPayment, payments } from '../domain/business/index.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { originOf } from '../http/origin.js';
import { paramOf, queryParam } from '../http/params.js';

/**
 * Business calls beyond the generic CRUD routes (Casdoor's wire): buying a product
 * (POST /api/buy-product?id=&providerName=&pricingName=&planName=&customPrice=), a gateway's report
 * (POST /api/notify-payment/{owner}/{payment}), issuing an invoice (POST /api/invoice-payment?id=,
 * data = the invoice's URL) and the invoice document the server issues itself
 * (GET /api/get-payment-invoice?id=, for whoever may read the payment).
 */

function keyOf(id: string): { owner: string; name: string } {
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1) throw new AppError('badId', { id });
  return { owner: id.slice(0, slash), name: id.slice(slash + 1) };
}

function customPriceOf(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new AppError('purchaseRechargeAmount');
  return value;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The invoice document: the payment's invoice details, as issued. */
function invoiceDocument(payment: Payment): string {
  const rows: [string, string][] = [
    ['Invoice of payment', `${payment.owner}/${payment.name}`],
    ['Issued to', payment.invoiceTitle],
    ['Invoice type', payment.invoiceType],
    ['Tax ID', payment.invoiceTaxId],
    ['Person', payment.personName],
    ['ID card', payment.personIdCard],
    ['Email', payment.personEmail],
    ['Phone', payment.personPhone],
    ['Product', `${payment.productDisplayName} (${payment.productName})`],
    ['Amount', `${fromMoneyUnits(toMoneyUnits(payment.price)).toFixed(2)} ${payment.currency}`],
    ['Paid through', `${payment.provider} (${payment.type})`],
    ['Date', payment.createdTime],
    ['Remark', payment.invoiceRemark],
  ];
  const body = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(payment.name)}</title></head><body><h1>Invoice</h1><table>${body}</table></body></html>`;
}

export function registerBusinessRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/buy-product', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const payment = await buyProduct(ctx, viewer, {
      product: keyOf(queryParam(request, 'id')),
      providerName: queryParam(request, 'providerName'),
      pricingName: queryParam(request, 'pricingName'),
      planName: queryParam(request, 'planName'),
      customPrice: customPriceOf(queryParam(request, 'customPrice')),
      origin: originOf(ctx.config, request),
    });
    return ok(await payments.readFor(ctx, viewer, payment), {});
  });

  // Gateways report without a session; the report is checked against the payment's own provider.
  app.post('/api/notify-payment/:owner/:payment', async (request) => {
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
    const payment = await notifyPayment(ctx, { owner: paramOf(request, 'owner'), name: paramOf(request, 'payment') }, body);
    return ok(payment.state);
  });

  app.post('/api/invoice-payment', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok(await invoicePayment(ctx, viewer, keyOf(queryParam(request, 'id')), originOf(ctx.config, request)));
  });

  app.get('/api/get-payment-invoice', async (request, reply) => {
    const { viewer } = await requireAccount(ctx, request);
    const key = keyOf(queryParam(request, 'id'));
    const seen = await payments.readFor(ctx, viewer, key);
    const stored = seen ? await ctx.repo(payments.def).get(key.owner, key.name) : undefined;
    if (!stored) throw new AppError('paymentMissing', { id: `${key.owner}/${key.name}` });
    if (!stored.invoiceUrl) throw new AppError('paymentInvoiceMissing', { id: `${key.owner}/${key.name}` });
    return reply.type('text/html; charset=utf-8').header('x-content-type-options', 'nosniff').send(invoiceDocument(stored));
  });
}
