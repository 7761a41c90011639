import {
  invoiceProblem,
  may,
  nowRfc3339,
  type Payment,
  type Plan,
  type Pricing,
  payment as paymentDef,
  plan as planDef,
  pricing as pricingDef,
  product as productDef,
  randomId,
  subscription as subscriptionDef,
  toMoneyUnits,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { refusal } from '../actor.js';
import type { RecordKey } from '../entity-domain.js';
import { creditBalance, type PaymentState, paymentProviderFor } from '../payment/index.js';
import { inTransaction } from '../transaction.js';
import { paymentProvidersOf } from './lookups.js';
import { payments } from './payment.js';
import { products } from './product.js';
import { clockState, subscriptionPeriod, subscriptions } from './subscription.js';
import { transactions } from './transaction.js';

/**
 * Buying a product (Casdoor's BuyProduct and NotifyPayment), in one
 * transaction: the payment provider takes the money (a Balance provider deducts the buyer's
 * balance in this transaction), the payment and its transaction are recorded, a plan bought through
 * a pricing starts a subscription, and a paid payment settles at once: the transaction and the
 * payment are Paid, the subscription Active (its plan's role granted), the product's sold count
 * grows and a recharge credits the buyer's balance. Any refusal rolls everything back, so nothing
 * is charged for a purchase that fails. Gateways that report later go through `notifyPayment`.
 */

export interface PurchaseRequest {
  product: RecordKey;
  providerName: string;
  /** A plan bought from a pricing page (both name records of the product's organization). */
  pricingName: string;
  planName: string;
  /** The amount of a recharge product (its own price is not used). */
  customPrice: number | null;
  /** The server's public origin: the result page and the notify URL are built on it. */
  origin: string;
}

const idOf = (key: RecordKey) => `${key.owner}/${key.name}`;

async function planOfPurchase(trx: Db, server: ServerContext, request: PurchaseRequest, productName: string) {
  const owner = request.product.owner;
  if (!request.planName) return { plan: undefined, pricing: undefined };
  const plan: Plan | undefined = await server.repo(planDef).get(owner, request.planName, trx);
  if (!plan?.isEnabled || plan.product !== productName) {
    throw new AppError('purchasePlanInvalid', { plan: request.planName, product: idOf(request.product) });
  }
  let pricing: Pricing | undefined;
  if (request.pricingName) {
    pricing = await server.repo(pricingDef).get(owner, request.pricingName, trx);
    if (!pricing?.isEnabled || !pricing.plans.includes(plan.name)) {
      throw new AppError('purchasePricingInvalid', { pricing: request.pricingName, plan: plan.name });
    }
  }
  return { plan, pricing };
}

/** Buys the product for the signed-in `viewer`; answers the payment (its payUrl is where to go next). */
export async function buyProduct(server: ServerContext, viewer: Viewer, request: PurchaseRequest): Promise<Payment> {
  const { owner, name } = request.product;
  return inTransaction(server, undefined, async (trx) => {
    const product = await server.repo(productDef).get(owner, name, trx);
    if (!product) throw new AppError('productMissing', { id: idOf(request.product) });
    if (!may(productDef, 'read', viewer, product)) throw refusal(viewer);
    if (viewer.owner !== owner) throw new AppError('purchaseOtherOrganization', { id: idOf(request.product), owner });
    if (product.state !== 'Published') throw new AppError('productNotPublished', { id: idOf(request.product) });
    if (!product.providers.includes(request.providerName)) {
      throw new AppError('productProviderNotOffered', { id: idOf(request.product), provider: request.providerName });
    }
    const [provider] = await paymentProvidersOf(server, trx, owner, [request.providerName]);
    if (!provider) throw new AppError('providerNotFound', { name: request.providerName });
    const taker = paymentProviderFor(provider);
    let price = product.price;
    if (product.isRecharge) {
      if (request.customPrice === null || !(request.customPrice > 0)) throw new AppError('purchaseRechargeAmount');
      if (taker.type === 'Balance') throw new AppError('purchaseRechargeWithBalance');
      price = request.customPrice;
    }
    const { plan, pricing } = await planOfPurchase(trx, server, request, product.name);
    const buyer = await server.repo(userDef).get(viewer.owner, viewer.name, trx);
    if (!buyer) throw new AppError('userNotExist', { id: `${viewer.owner}/${viewer.name}` });

    const paymentName = `payment_${randomId(10)}`;
    const now = nowRfc3339();
    const paid = await taker.pay(
      {
        providerName: provider.name,
        productName: product.name,
        productDisplayName: product.displayName,
        payerName: `${buyer.name} | ${buyer.displayName}`,
        payerId: `${buyer.owner}/${buyer.name}`,
        paymentName,
        price,
        currency: product.currency,
        returnUrl: `${request.origin}/payments/${owner}/${paymentName}/result`,
        notifyUrl: `${request.origin}/api/notify-payment/${owner}/${paymentName}`,
      },
      { db: trx, dialect: server.database.dialect },
    );
    const record = {
      owner,
      name: paymentName,
      createdTime: now,
      displayName: paymentName,
      provider: provider.name,
      type: provider.type,
      productName: product.name,
      productDisplayName: product.displayName,
      detail: product.detail,
      tag: product.tag,
      currency: product.currency,
      returnUrl: product.returnUrl,
      user: buyer.name,
    };
    await payments.create(
      server,
      'system',
      { ...record, price, isRecharge: product.isRecharge, payUrl: paid.payUrl, state: 'Created', outOrderId: paid.orderId },
      { trx },
    );
    await transactions.create(
      server,
      'system',
      {
        ...record,
        category: provider.category,
        // What the buyer's balance did: a Balance payment takes the price out of it.
        amount: taker.type === 'Balance' ? -price : price,
        application: pricing?.application ?? '',
        payment: paymentName,
        state: 'Created',
      },
      { trx },
    );
    if (plan) {
      await subscriptions.create(
        server,
        'system',
        {
          owner,
          name: `sub_${randomId(6)}`,
          createdTime: now,
          displayName: `${plan.displayName || plan.name} - ${buyer.name}`,
          ...subscriptionPeriod(plan.period),
          period: plan.period,
          user: buyer.name,
          pricing: pricing?.name ?? '',
          plan: plan.name,
          payment: paymentName,
          state: 'Pending',
        },
        { trx },
      );
    }
    if (paid.state !== 'Created') await settle(server, trx, { owner, name: paymentName }, paid.state, '');
    const stored = await server.repo(paymentDef).get(owner, paymentName, trx);
    if (!stored) throw new AppError('paymentMissing', { id: `${owner}/${paymentName}` });
    return stored;
  });
}

/**
 * Records the outcome of a payment: its state and message, its transaction's state, its pending
 * subscriptions (Active, or Error when the payment failed), and for a paid one the product's sold
 * count and a recharge's credit.
 */
async function settle(server: ServerContext, trx: Db, key: RecordKey, state: PaymentState, message: string): Promise<void> {
  const payment = await server.repo(paymentDef).get(key.owner, key.name, trx);
  if (!payment) throw new AppError('paymentMissing', { id: idOf(key) });
  await payments.update(server, 'system', key, { state, message }, { trx, columns: ['state', 'message'] });
  if (
    await trx
      .selectFrom('transaction')
      .select('name')
      .where('owner', '=', key.owner)
      .where('name', '=', key.name)
      .executeTakeFirst()
  ) {
    await transactions.update(server, 'system', key, { state }, { trx, columns: ['state'] });
  }
  const pending = await trx
    .selectFrom(subscriptionDef.table)
    .selectAll()
    .where('owner', '=', key.owner)
    .where('payment', '=', key.name)
    .where('state', '=', 'Pending')
    .execute();
  for (const row of pending) {
    const sub = server.repo(subscriptionDef).toRecord(row);
    const next =
      state === 'Paid'
        ? { state: clockState({ ...sub, state: 'Active' }, Date.now()) }
        : { state: 'Error', description: `payment: ${key.name} state is ${state}` };
    await subscriptions.update(server, 'system', { owner: sub.owner, name: sub.name }, next, {
      trx,
      columns: Object.keys(next),
    });
  }
  if (state !== 'Paid') return;
  const product = await server.repo(productDef).get(key.owner, payment.productName, trx);
  if (product) {
    await products.update(
      server,
      'system',
      { owner: product.owner, name: product.name },
      { sold: product.sold + 1 },
      {
        trx,
        columns: ['sold'],
      },
    );
  }
  if (payment.isRecharge) {
    await creditBalance(
      { db: trx, dialect: server.database.dialect },
      `${payment.owner}/${payment.user}`,
      payment.price,
      payment.currency,
    );
  }
}

/**
 * A gateway's report about a payment (POST /api/notify-payment/{owner}/{payment}): read by the
 * payment's provider, checked against the product (name and price, as Casdoor), and settled. A
 * payment already settled is answered as it is (gateways repeat their reports).
 */
export async function notifyPayment(server: ServerContext, key: RecordKey, body: string): Promise<Payment> {
  return inTransaction(server, undefined, async (trx) => {
    const payment = await server.repo(paymentDef).get(key.owner, key.name, trx);
    if (!payment) throw new AppError('paymentMissing', { id: idOf(key) });
    if (payment.state !== 'Created') return payment;
    const [provider] = await paymentProvidersOf(server, trx, payment.owner, [payment.provider]);
    if (!provider) throw new AppError('providerNotFound', { name: payment.provider });
    const result = await paymentProviderFor(provider).notify(body, payment.outOrderId);
    let state: PaymentState = result.paymentStatus;
    let message = result.notifyMessage;
    if (state === 'Paid') {
      if (result.productDisplayName !== undefined && result.productDisplayName !== payment.productDisplayName) {
        state = 'Error';
        message = `the payment's product name: ${result.productDisplayName} doesn't equal to the expected product name: ${payment.productDisplayName}`;
      } else if (result.price !== undefined && toMoneyUnits(result.price) !== toMoneyUnits(payment.price)) {
        state = 'Error';
        message = `the payment's price: ${result.price} doesn't equal to the expected price: ${payment.price}`;
      }
    }
    if (state !== 'Created') await settle(server, trx, key, state, message);
    return (await server.repo(paymentDef).get(key.owner, key.name, trx)) ?? payment;
  });
}

/** Where the server serves a payment's invoice document. */
export function invoiceDocumentUrl(origin: string, key: RecordKey): string {
  return `${origin}/api/get-payment-invoice?id=${encodeURIComponent(idOf(key))}`;
}

/**
 * Issues the invoice of a paid payment (POST /api/invoice-payment): whoever may change the payment,
 * once, after the invoice checks in their order. Answers the invoice's URL, kept on the payment;
 * its details are locked from then on.
 */
export async function invoicePayment(server: ServerContext, viewer: Viewer, key: RecordKey, origin: string): Promise<string> {
  return inTransaction(server, undefined, async (trx) => {
    const payment = await server.repo(paymentDef).get(key.owner, key.name, trx);
    if (!payment) throw new AppError('paymentMissing', { id: idOf(key) });
    if (!may(paymentDef, 'update', viewer, payment)) throw refusal(viewer);
    if (payment.invoiceUrl) throw new AppError('paymentInvoiceIssued', { id: idOf(key) });
    const problem = invoiceProblem(payment);
    if (problem) throw new AppError(problem);
    const [provider] = await paymentProvidersOf(server, trx, payment.owner, [payment.provider]);
    if (!provider) throw new AppError('providerNotFound', { name: payment.provider });
    const invoiceUrl = await paymentProviderFor(provider).getInvoice({
      paymentName: payment.name,
      personName: payment.personName,
      personIdCard: payment.personIdCard,
      personEmail: payment.personEmail,
      personPhone: payment.personPhone,
      invoiceType: payment.invoiceType,
      invoiceTitle: payment.invoiceTitle,
      invoiceTaxId: payment.invoiceTaxId,
      documentUrl: invoiceDocumentUrl(origin, key),
    });
    await payments.update(server, 'system', key, { invoiceUrl }, { trx, columns: ['invoiceUrl'] });
    return invoiceUrl;
  });
}
