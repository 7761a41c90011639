import { randomId } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n.js';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { type PayContext, type PayRequest, paymentProviderFor } from './index.js';

const ORG = 'shop';
const balanceType = paymentProviderFor({ name: 'provider_balance', category: 'Payment', type: 'Balance' });

function purchase(fields: Partial<PayRequest> = {}): PayRequest {
  const paymentName = `payment_${randomId(8)}`;
  return {
    providerName: 'provider_balance',
    productName: 'product_book',
    productDisplayName: 'A Book',
    payerName: 'worker | Worker',
    payerId: `${ORG}/worker`,
    paymentName,
    price: 30,
    currency: 'USD',
    returnUrl: `https://door.example.com/payments/${ORG}/${paymentName}/result`,
    notifyUrl: `https://door.example.com/api/notify-payment/${ORG}/${paymentName}`,
    ...fields,
  };
}

/** The message of a refused promise (an AppError) in English, with its key. */
async function refusalOf(promise: Promise<unknown>): Promise<{ key: string; en: string; zh: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { key: error.key, en: translate(error.key, 'en', error.params), zh: translate(error.key, 'zh', error.params) };
}

describeEachDatabase('Balance payments', (server) => {
  let team: Team;
  let pay: PayContext;

  const balanceOf = async (name = 'worker') => {
    const res = await team.admin.get('/api/get-user', { id: `${ORG}/${name}` });
    return { balance: res.data.balance as number, currency: res.data.balanceCurrency as string };
  };
  const setBalance = async (balance: number, balanceCurrency = 'USD', name = 'worker') => {
    const res = await team.orgAdmin.post(
      '/api/update-user',
      { balance, balanceCurrency },
      { id: `${ORG}/${name}`, columns: 'balance,balanceCurrency' },
    );
    expect(res.status, res.msg).toBe('ok');
  };

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    pay = { db: server().ctx.database.db, dialect: server().ctx.database.dialect };
  });

  describe('the balance field', () => {
    it('starts at 0 in USD', async () => {
      expect(await balanceOf()).toEqual({ balance: 0, currency: 'USD' });
    });

    it('is set by administrators, rounded to four decimal places', async () => {
      await setBalance(12.34567);
      expect(await balanceOf()).toEqual({ balance: 12.3457, currency: 'USD' });
      const res = await team.admin.post('/api/update-user', { balance: 'lots' }, { id: `${ORG}/worker`, columns: 'balance' });
      expect(res.status).toBe('error');
      expect(res.msg).toMatch(/^Invalid value of balance: /);
      expect((await balanceOf()).balance).toBe(12.3457);
      // The global administrator too.
      const global = await team.admin.post('/api/update-user', { balance: 40 }, { id: `${ORG}/worker`, columns: 'balance' });
      expect(global.status, global.msg).toBe('ok');
      expect((await balanceOf()).balance).toBe(40);
    });

    it('cannot be changed by the user it belongs to', async () => {
      const own = (await team.member.get('/api/get-user', { id: `${ORG}/worker` })).data;
      expect(own.balance).toBe(40);
      const raised = await team.member.post('/api/update-user', { ...own, balance: 1_000_000 }, { id: `${ORG}/worker` });
      expect(raised).toMatchObject({ status: 'error', msg: 'You are not allowed to change balance' });
      const moved = await team.member.post('/api/update-user', { ...own, balanceCurrency: 'EUR' }, { id: `${ORG}/worker` });
      expect(moved).toMatchObject({ status: 'error', msg: 'You are not allowed to change balanceCurrency' });
      expect(await balanceOf()).toEqual({ balance: 40, currency: 'USD' });
      // Their own profile, with the balance as stored, still saves.
      const saved = await team.member.post('/api/update-user', { ...own, displayName: 'Worker Bee' }, { id: `${ORG}/worker` });
      expect(saved.status, saved.msg).toBe('ok');
      expect(await balanceOf()).toEqual({ balance: 40, currency: 'USD' });
    });
  });

  describe('paying', () => {
    it('deducts the price and pays at once, sending the buyer to the return URL', async () => {
      await setBalance(100);
      const request = purchase({ price: 30 });
      const paid = await balanceType.pay(request, pay);
      expect(paid).toEqual({ payUrl: request.returnUrl, orderId: `${ORG}/${request.paymentName}`, state: 'Paid' });
      expect((await balanceOf()).balance).toBe(70);
      expect(await balanceType.notify('', paid.orderId)).toEqual({ paymentStatus: 'Paid', notifyMessage: '' });
    });

    it('spends exact amounts (three payments of 0.1 empty a balance of 0.3)', async () => {
      await setBalance(0.3);
      for (let i = 0; i < 3; i++) await balanceType.pay(purchase({ price: 0.1 }), pay);
      expect((await balanceOf()).balance).toBe(0);
      // A price of 0 needs no balance.
      expect((await balanceType.pay(purchase({ price: 0 }), pay)).state).toBe('Paid');
    });

    it('refuses a price above the balance and takes nothing', async () => {
      await setBalance(25.5);
      const refused = await refusalOf(balanceType.pay(purchase({ price: 30 }), pay));
      expect(refused).toEqual({
        key: 'paymentBalanceInsufficient',
        en: `Insufficient user balance: the price is 30 USD and the balance of ${ORG}/worker is 25.5 USD`,
        zh: `用户余额不足：价格为 30 USD，而 ${ORG}/worker 的余额为 25.5 USD`,
      });
      expect((await balanceOf()).balance).toBe(25.5);
      // The exact balance is enough.
      await balanceType.pay(purchase({ price: 25.5 }), pay);
      expect((await balanceOf()).balance).toBe(0);
    });

    it('refuses a price in another currency than the balance', async () => {
      await setBalance(100, 'EUR');
      const refused = await refusalOf(balanceType.pay(purchase({ price: 10, currency: 'USD' }), pay));
      expect(refused).toEqual({
        key: 'paymentCurrencyMismatch',
        en: `The price is in USD but the balance of ${ORG}/worker is in EUR: a Balance payment needs the currency of the balance`,
        zh: `价格的币种为 USD，而 ${ORG}/worker 的余额币种为 EUR：余额支付必须使用余额的币种`,
      });
      // A price without a currency is in USD (Casdoor's default).
      expect((await refusalOf(balanceType.pay(purchase({ price: 10, currency: '' }), pay))).key).toBe('paymentCurrencyMismatch');
      expect((await balanceOf()).balance).toBe(100);
      await balanceType.pay(purchase({ price: 10, currency: 'EUR' }), pay);
      expect(await balanceOf()).toEqual({ balance: 90, currency: 'EUR' });
    });

    it('refuses a payer who does not exist', async () => {
      const refused = await refusalOf(balanceType.pay(purchase({ payerId: `${ORG}/nobody` }), pay));
      expect(refused.en).toBe(`The user: ${ORG}/nobody doesn't exist`);
    });

    it("is undone with the purchase's transaction", async () => {
      await setBalance(50);
      const failure = new Error('the purchase failed after paying');
      await expect(
        pay.db.transaction().execute(async (trx) => {
          await balanceType.pay(purchase({ price: 20 }), { ...pay, db: trx });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect((await balanceOf()).balance).toBe(50);
      await pay.db.transaction().execute((trx) => balanceType.pay(purchase({ price: 20 }), { ...pay, db: trx }));
      expect((await balanceOf()).balance).toBe(30);
    });
  });

  describe('concurrent payments', () => {
    it('never take the balance below zero', async () => {
      await setBalance(100);
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => balanceType.pay(purchase({ price: 30 }), pay)));
      const paid = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(paid).toHaveLength(3);
      expect(refused).toHaveLength(7);
      for (const r of refused) expect(r.reason).toMatchObject({ key: 'paymentBalanceInsufficient' });
      expect((await balanceOf()).balance).toBe(10);
    });

    it('are not undone by updates of the user saved meanwhile', async () => {
      await setBalance(20);
      const own = (await team.member.get('/api/get-user', { id: `${ORG}/worker` })).data;
      const payments = Array.from({ length: 20 }, () => balanceType.pay(purchase({ price: 1 }), pay));
      // The user saves their profile while paying; what they send leaves the balance out.
      const { balance: _stale, ...profile } = own;
      const saves = Array.from({ length: 10 }, (_, i) =>
        team.member.post('/api/update-user', { ...profile, displayName: `Worker ${i}` }, { id: `${ORG}/worker` }),
      );
      const [paid, saved] = await Promise.all([Promise.allSettled(payments), Promise.all(saves)]);
      for (const res of saved) expect(res.status, res.msg).toBe('ok');
      expect(paid.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
      expect((await balanceOf()).balance).toBe(0);
    });
  });
});
