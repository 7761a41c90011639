import { CURRENCIES, DEFAULT_CURRENCY, fromMoneyUnits, toMoneyUnits } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { checkPrice, currencyOf, payerOf } from './checks.js';
import type { PayContext, PaymentProvider } from './types.js';

/**
 * The Balance type (Casdoor's pp/balance.go and the Balance branch of its BuyProduct): the buyer
 * pays from their own balance (the user's `balance`, in `balanceCurrency`). The price is deducted
 * at once and the payment is paid; a price above the balance, or in another currency, is refused.
 * Casdoor converts currencies with exchange rates of its own; Gatehouse refuses instead of guessing.
 */

type Payer = { owner: string; name: string };

async function deductOnce(trx: Db, payer: Payer, units: number, currency: string): Promise<boolean> {
  // A balance is held in one of the known currencies: a payment in any other finds none.
  const held = CURRENCIES.find((known) => known === currency);
  if (!held) return false;
  const result = await trx
    .updateTable('user')
    .set({ balance: sql<number>`${sql.ref('balance')} - ${units}` })
    .where('owner', '=', payer.owner)
    .where('name', '=', payer.name)
    .where('balanceCurrency', '=', held)
    .where('balance', '>=', units)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function spend(trx: Db, dialect: DialectName, payer: Payer, units: number, currency: string): Promise<void> {
  // A price of 0 deducts nothing (and MySQL counts an unchanged row as not updated): only check.
  if (units > 0 && (await deductOnce(trx, payer, units, currency))) return;
  // Refused: read the user locked (SQLite has a single writer and no FOR UPDATE), so that what the
  // refusal says holds until the transaction ends.
  let query = trx
    .selectFrom('user')
    .select(['balance', 'balanceCurrency'])
    .where('owner', '=', payer.owner)
    .where('name', '=', payer.name);
  if (dialect !== 'sqlite') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const user = `${payer.owner}/${payer.name}`;
  if (!row) throw new AppError('userNotExist', { id: user });
  const balanceCurrency = row.balanceCurrency || DEFAULT_CURRENCY;
  if (balanceCurrency !== currency) throw new AppError('paymentCurrencyMismatch', { currency, balanceCurrency, user });
  if (units === 0) return;
  // bigint: PostgreSQL answers it as text.
  const balance = Number(row.balance);
  // Topped up between the two statements: the lock now holds the balance for this deduction.
  if (balance >= units && (await deductOnce(trx, payer, units, currency))) return;
  throw new AppError('paymentBalanceInsufficient', {
    price: fromMoneyUnits(units),
    balance: fromMoneyUnits(balance),
    currency,
    user,
  });
}

/**
 * Deducts `price` from a user's balance in one conditional UPDATE (balance >= price, same
 * currency), so that concurrent payments can never take the balance below zero: each waits for the
 * row and finds the balance the one before left. Runs in `db` when it is a transaction (the
 * purchase's), else in a transaction of its own. Refusals are AppErrors and deduct nothing.
 */
export async function spendBalance(context: PayContext, payerId: string, price: number, currency: string): Promise<void> {
  const payer = payerOf(payerId);
  const units = toMoneyUnits(checkPrice(price));
  const code = currencyOf(currency);
  const { db, dialect } = context;
  if (db.isTransaction) await spend(db, dialect, payer, units, code);
  else await db.transaction().execute((trx) => spend(trx, dialect, payer, units, code));
}

export const balancePaymentProvider: PaymentProvider = {
  type: 'Balance',

  async pay(request, context) {
    await spendBalance(context, request.payerId, request.price, request.currency);
    const { owner } = payerOf(request.payerId);
    return { payUrl: request.returnUrl, orderId: `${owner}/${request.paymentName}`, state: 'Paid' };
  },

  // The balance was spent when paying: nothing is left to confirm (as Casdoor).
  async notify() {
    return { paymentStatus: 'Paid', notifyMessage: '' };
  },

  // No invoicing service: the invoice is the document the server renders from the payment.
  async getInvoice(request) {
    return request.documentUrl;
  },

  responseError: () => '',
};

/**
 * Adds `amount` to a user's balance (a paid recharge), in one UPDATE in the caller's transaction.
 * The balance keeps its currency: a recharge in another currency is refused, as a Balance payment
 * in another currency is.
 */
export async function creditBalance(context: PayContext, payerId: string, amount: number, currency: string): Promise<void> {
  const payer = payerOf(payerId);
  const units = toMoneyUnits(checkPrice(amount));
  const code = currencyOf(currency);
  const user = `${payer.owner}/${payer.name}`;
  const row = await context.db
    .selectFrom('user')
    .select(['balanceCurrency'])
    .where('owner', '=', payer.owner)
    .where('name', '=', payer.name)
    .executeTakeFirst();
  if (!row) throw new AppError('userNotExist', { id: user });
  const balanceCurrency = row.balanceCurrency || DEFAULT_CURRENCY;
  if (balanceCurrency !== code) throw new AppError('paymentCurrencyMismatch', { currency: code, balanceCurrency, user });
  if (units === 0) return;
  await context.db
    .updateTable('user')
    .set({ balance: sql<number>`${sql.ref('balance')} + ${units}` })
    .where('owner', '=', payer.owner)
    .where('name', '=', payer.name)
    .execute();
}
