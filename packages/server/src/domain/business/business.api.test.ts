import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { refreshSubscriptionStates } from './subscription.js';

const ORG = 'store';

describeEachDatabase('business objects and purchases', (server) => {
  let team: Team;
  const ok = (res: { status: string; msg?: string }) => expect(res.status, res.msg).toBe('ok');

  const addProvider = async (name: string, type: string, category = 'Payment') =>
    ok(await team.admin.post('/api/add-provider', { owner: ORG, name, displayName: name, category, type }));
  const get = async (entity: string, name: string, client = team.admin) =>
    (await client.get(`/api/get-${entity}`, { id: `${ORG}/${name}` })).data;
  const userBalance = async (name = 'worker') => {
    const user = await get('user', name);
    return { balance: user.balance as number, currency: user.balanceCurrency as string };
  };
  const roleUsers = async (role: string) => (await get('role', role)).users as string[];
  const countOf = async (entity: string) => (await team.admin.get(`/api/get-${entity}s`, { owner: ORG })).data.length as number;

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    await addProvider('pay_dummy', 'Dummy');
    await addProvider('pay_balance', 'Balance');
    await addProvider('mail', 'SMTP', 'Email');
    ok(await team.admin.post('/api/add-role', { owner: ORG, name: 'gold', displayName: 'Gold' }));
    ok(await team.admin.post('/api/add-application', { owner: 'admin', name: 'store-app', organization: ORG }));
  });

  describe('plans and their products', () => {
    it('a plan creates its product, keeps it equal to the plan, and deletes it with itself', async () => {
      ok(
        await team.orgAdmin.post('/api/add-plan', {
          owner: ORG,
          name: 'basic',
          displayName: 'Basic',
          price: 9.99,
          currency: 'USD',
          period: 'Monthly',
          paymentProviders: ['pay_dummy'],
          role: 'gold',
          isEnabled: true,
        }),
      );
      const plan = await get('plan', 'basic');
      expect(plan.product).toMatch(/^product_/);
      const product = await get('product', plan.product);
      expect(product).toMatchObject({
        tag: 'auto_created_product_for_plan',
        price: 9.99,
        currency: 'USD',
        providers: ['pay_dummy'],
        state: 'Published',
        displayName: 'Basic',
      });

      // The plan's changes reach its product.
      ok(
        await team.orgAdmin.post(
          '/api/update-plan',
          { ...plan, price: 12.5, period: 'Yearly', displayName: 'Basic yearly' },
          { id: `${ORG}/basic` },
        ),
      );
      expect(await get('product', plan.product)).toMatchObject({ price: 12.5, displayName: 'Basic yearly' });
      // A plan without a display name names its product by its name.
      ok(
        await team.orgAdmin.post(
          '/api/update-plan',
          { ...plan, price: 12.5, period: 'Yearly', displayName: '' },
          { id: `${ORG}/basic` },
        ),
      );
      expect(await get('product', plan.product)).toMatchObject({ displayName: 'basic' });
      ok(await team.orgAdmin.post('/api/update-plan', { ...plan, price: 12.5, period: 'Yearly' }, { id: `${ORG}/basic` }));
      expect(await get('product', plan.product)).toMatchObject({ displayName: 'Basic' });

      // The product itself is locked: its plan's fields, and deleting it.
      const locked = await team.orgAdmin.post('/api/update-product', { ...product, price: 1 }, { id: `${ORG}/${plan.product}` });
      expect(locked.status).toBe('error');
      ok(
        await team.orgAdmin.post(
          '/api/update-product',
          { ...(await get('product', plan.product)), image: 'https://cdn.example.com/p.png' },
          { id: `${ORG}/${plan.product}` },
        ),
      );
      const refused = await team.orgAdmin.post('/api/delete-product', { owner: ORG, name: plan.product });
      expect(refused.msg).toBe(
        `The product ${ORG}/${plan.product} was created for a plan: it follows its plan and cannot be deleted`,
      );

      ok(await team.orgAdmin.post('/api/add-plan', { owner: ORG, name: 'temp', paymentProviders: [] }));
      const temp = await get('plan', 'temp');
      ok(await team.orgAdmin.post('/api/delete-plan', { owner: ORG, name: 'temp' }));
      expect(await get('product', temp.product)).toBeNull();
    });

    it('names only Payment providers and roles of the organization', async () => {
      const mail = await team.orgAdmin.post('/api/add-plan', { owner: ORG, name: 'bad1', paymentProviders: ['mail'] });
      expect(mail.msg).toBe(`The provider "mail" is not a Payment provider of the organization "${ORG}" or a shared one`);
      const role = await team.orgAdmin.post('/api/add-plan', { owner: ORG, name: 'bad2', role: 'nope' });
      expect(role.msg).toBe(`The role "nope" does not exist in the organization "${ORG}"`);
      const product = await team.orgAdmin.post('/api/add-product', { owner: ORG, name: 'bad3', providers: ['missing'] });
      expect(product.msg).toBe(`The provider "missing" is not a Payment provider of the organization "${ORG}" or a shared one`);
      expect(await get('plan', 'bad1')).toBeNull();
    });

    it('pricings offer plans of their organization through its applications; anyone reads them', async () => {
      const missing = await team.orgAdmin.post('/api/add-pricing', { owner: ORG, name: 'p0', plans: ['ghost'] });
      expect(missing.msg).toBe(`The plan "ghost" does not exist in the organization "${ORG}"`);
      const foreign = await team.orgAdmin.post('/api/add-pricing', { owner: ORG, name: 'p0', application: 'app-built-in' });
      expect(foreign.msg).toBe(`The application "app-built-in" does not belong to the organization "${ORG}"`);
      ok(
        await team.orgAdmin.post('/api/add-pricing', {
          owner: ORG,
          name: 'public',
          plans: ['basic'],
          application: 'store-app',
          isEnabled: true,
          trialDuration: 0,
        }),
      );
      const anonymous = new ApiClient(server().url);
      expect((await anonymous.get('/api/get-pricing', { id: `${ORG}/public` })).data).toMatchObject({ plans: ['basic'] });
      expect((await anonymous.get('/api/get-plan', { id: `${ORG}/basic` })).data).toMatchObject({ price: 12.5 });
      expect((await anonymous.get('/api/get-pricings', { owner: ORG })).status).toBe('error');
      const negative = await team.orgAdmin.post('/api/add-pricing', { owner: ORG, name: 'p1', trialDuration: -1 });
      expect(negative.status).toBe('error');
    });

    it('every read of a plan says whether customers can buy it, judged on its product as a purchase is', async () => {
      const anonymous = new ApiClient(server().url);
      const read = async (name: string) => (await anonymous.get('/api/get-plan', { id: `${ORG}/${name}` })).data;
      expect(await read('basic')).toMatchObject({ isPayable: true, paymentProblems: [] });

      await addProvider('pay_stripe', 'Stripe');
      ok(await team.orgAdmin.post('/api/add-plan', { owner: ORG, name: 'stripe-only', paymentProviders: ['pay_stripe'] }));
      ok(await team.orgAdmin.post('/api/add-plan', { owner: ORG, name: 'free', price: 0, paymentProviders: [] }));
      expect(await read('stripe-only')).toMatchObject({
        isPayable: false,
        paymentProblems: [{ problem: 'providerTypeUnsupported', provider: 'pay_stripe' }],
      });
      // A free plan is sold like the others: without a payment provider nobody can subscribe.
      expect(await read('free')).toMatchObject({ isPayable: false, paymentProblems: [{ problem: 'noProviders', provider: '' }] });
      const listed = (await team.orgAdmin.get('/api/get-plans', { owner: ORG })).data as Record<string, unknown>[];
      expect(listed.find((p) => p.name === 'basic')?.isPayable).toBe(true);
      expect(listed.find((p) => p.name === 'stripe-only')?.isPayable).toBe(false);

      // The server refuses what the answer says cannot be bought.
      const stripeOnly = await get('plan', 'stripe-only');
      const refused = await team.member.post('/api/buy-product', undefined, {
        id: `${ORG}/${stripeOnly.product}`,
        providerName: 'pay_stripe',
        planName: 'stripe-only',
      });
      expect(refused.msg).toBe('The payment provider type Stripe can be configured but cannot take payments yet');

      // A working provider beside it makes it payable; a product set to Draft, or its provider gone, does not.
      ok(
        await team.orgAdmin.post(
          '/api/update-plan',
          { ...stripeOnly, paymentProviders: ['pay_stripe', 'pay_dummy'] },
          { id: `${ORG}/stripe-only` },
        ),
      );
      expect(await read('stripe-only')).toMatchObject({
        isPayable: true,
        paymentProblems: [{ problem: 'providerTypeUnsupported', provider: 'pay_stripe' }],
      });
      const product = await get('product', stripeOnly.product);
      ok(await team.orgAdmin.post('/api/update-product', { ...product, state: 'Draft' }, { id: `${ORG}/${stripeOnly.product}` }));
      expect(await read('stripe-only')).toMatchObject({
        isPayable: false,
        paymentProblems: [
          { problem: 'productNotPublished', provider: '' },
          { problem: 'providerTypeUnsupported', provider: 'pay_stripe' },
        ],
      });
      ok(await team.admin.post('/api/delete-provider', { owner: ORG, name: 'pay_stripe' }));
      expect((await read('stripe-only')).paymentProblems).toContainEqual({ problem: 'providerMissing', provider: 'pay_stripe' });
      for (const name of ['stripe-only', 'free']) ok(await team.orgAdmin.post('/api/delete-plan', { owner: ORG, name }));
    });
  });

  describe('buying', () => {
    it('a plan bought with Dummy: payment and transaction Paid, subscription Active, the role granted', async () => {
      const plan = await get('plan', 'basic');
      const res = await team.member.post('/api/buy-product', undefined, {
        id: `${ORG}/${plan.product}`,
        providerName: 'pay_dummy',
        pricingName: 'public',
        planName: 'basic',
      });
      ok(res);
      const payment = res.data;
      expect(payment).toMatchObject({ state: 'Paid', user: 'worker', price: 12.5, provider: 'pay_dummy', type: 'Dummy' });
      expect(payment.payUrl).toMatch(new RegExp(`/payments/${ORG}/${payment.name}/result$`));
      // The buyer reads their own payment; another member may not.
      expect((await get('payment', payment.name, team.member)).state).toBe('Paid');
      expect((await get('transaction', payment.name)).state).toBe('Paid');
      expect((await get('transaction', payment.name)).amount).toBe(12.5);
      const subs = (await team.member.get('/api/get-user-subscriptions')).data as Record<string, unknown>[];
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({ user: 'worker', plan: 'basic', pricing: 'public', payment: payment.name, state: 'Active' });
      expect(await roleUsers('gold')).toContain(`${ORG}/worker`);
      expect((await get('product', plan.product)).sold).toBe(1);
    });

    it('Balance pays exactly from the balance, and an insufficient balance charges nothing', async () => {
      ok(await team.admin.post('/api/add-user', { owner: ORG, name: 'saver', password: 'saver-pass' }));
      ok(
        await team.admin.post(
          '/api/update-user',
          { balance: 0.3, balanceCurrency: 'USD' },
          { id: `${ORG}/saver`, columns: 'balance,balanceCurrency' },
        ),
      );
      const saver = new ApiClient(server().url);
      await saver.login('saver', 'saver-pass', ORG);
      ok(
        await team.orgAdmin.post('/api/add-product', {
          owner: ORG,
          name: 'candy',
          displayName: 'Candy',
          price: 0.1,
          currency: 'USD',
          quantity: 10,
          sold: 0,
          providers: ['pay_balance'],
          state: 'Published',
        }),
      );
      for (let i = 0; i < 3; i += 1) {
        const bought = await saver.post('/api/buy-product', undefined, { id: `${ORG}/candy`, providerName: 'pay_balance' });
        ok(bought);
        expect((await get('transaction', bought.data.name)).amount).toBe(-0.1);
      }
      expect(await userBalance('saver')).toEqual({ balance: 0, currency: 'USD' });
      const payments = await countOf('payment');
      const transactions = await countOf('transaction');
      const refused = await saver.post('/api/buy-product', undefined, { id: `${ORG}/candy`, providerName: 'pay_balance' });
      expect(refused.msg).toBe(`Insufficient user balance: the price is 0.1 USD and the balance of ${ORG}/saver is 0 USD`);
      expect(await countOf('payment')).toBe(payments);
      expect(await countOf('transaction')).toBe(transactions);
      expect((await get('product', 'candy')).sold).toBe(3);
    });

    it('refuses purchases that do not hold', async () => {
      ok(await team.orgAdmin.post('/api/add-product', { owner: ORG, name: 'draft', providers: ['pay_dummy'], state: 'Draft' }));
      const draft = await team.member.post('/api/buy-product', undefined, { id: `${ORG}/draft`, providerName: 'pay_dummy' });
      expect(draft.msg).toBe(`The product ${ORG}/draft is not published`);
      const other = await team.member.post('/api/buy-product', undefined, { id: `${ORG}/candy`, providerName: 'pay_dummy' });
      expect(other.msg).toBe(`The product ${ORG}/candy is not sold through the payment provider "pay_dummy"`);
      const missing = await team.member.post('/api/buy-product', undefined, { id: `${ORG}/ghost`, providerName: 'pay_dummy' });
      expect(missing.msg).toBe(`The product: ${ORG}/ghost does not exist`);
      const stranger = await team.admin.post('/api/buy-product', undefined, { id: `${ORG}/candy`, providerName: 'pay_balance' });
      expect(stranger.msg).toBe(`The product ${ORG}/candy is sold to members of the organization "${ORG}" only`);
      ok(
        await team.orgAdmin.post('/api/add-product', {
          owner: ORG,
          name: 'topup',
          isRecharge: true,
          providers: ['pay_dummy', 'pay_balance'],
          state: 'Published',
        }),
      );
      const noAmount = await team.member.post('/api/buy-product', undefined, { id: `${ORG}/topup`, providerName: 'pay_dummy' });
      expect(noAmount.msg).toBe('The custom price should bigger than zero');
      const fromBalance = await team.member.post('/api/buy-product', undefined, {
        id: `${ORG}/topup`,
        providerName: 'pay_balance',
        customPrice: '5',
      });
      expect(fromBalance.msg).toBe('A recharge cannot be paid from the balance it recharges: choose another payment provider');
      const before = await userBalance();
      ok(
        await team.member.post('/api/buy-product', undefined, {
          id: `${ORG}/topup`,
          providerName: 'pay_dummy',
          customPrice: '5.25',
        }),
      );
      expect((await userBalance()).balance).toBe(before.balance + 5.25);
    });
  });

  describe('invoices', () => {
    it('checks the details in the order of the invoice checks, issues once, then serves the document', async () => {
      ok(
        await team.orgAdmin.post('/api/add-product', {
          owner: ORG,
          name: 'book',
          displayName: 'Book',
          price: 20,
          providers: ['pay_dummy'],
          state: 'Published',
        }),
      );
      const bought = await team.member.post('/api/buy-product', undefined, { id: `${ORG}/book`, providerName: 'pay_dummy' });
      ok(bought);
      const id = `${ORG}/${bought.data.name}`;
      const invoice = () => team.orgAdmin.post('/api/invoice-payment', undefined, { id });
      // Invoice details are saved only when they pass the checks; each attempt names the first problem.
      let details: Record<string, unknown> = {};
      const attempt = async (fields: Record<string, unknown>) => {
        details = { ...details, ...fields };
        return team.orgAdmin.post('/api/update-payment', { ...(await get('payment', bought.data.name)), ...details }, { id });
      };

      expect((await invoice()).msg).toBe('Please input your real name!');
      expect((await attempt({ personName: 'Alice Liddell' })).msg).toBe('Please input the correct ID card number!');
      expect((await attempt({ personIdCard: 'ID-99' })).msg).toBe('The input is not valid Email!');
      expect((await attempt({ personEmail: 'alice@example.com' })).msg).toBe('The input is not valid Phone!');
      expect((await attempt({ personPhone: '13800000000', invoiceType: 'Organization', invoiceTitle: '' })).msg).toBe(
        'The input is not invoice title!',
      );
      expect((await attempt({ invoiceTitle: '中国科学院大学' })).msg).toBe('The input is not invoice Tax ID!');
      expect((await attempt({ invoiceTaxId: '12100000400000624D' })).msg).toBe(
        '主办方财务处不能给本单位开具发票，如有疑问请联系：invoice@gatehouse.example',
      );
      // Nothing of the refused attempts was kept.
      expect(await get('payment', bought.data.name)).toMatchObject({ personName: '', personIdCard: '', invoiceTitle: '' });
      // Individual: titled with the person's name and no tax id, whatever is sent.
      ok(await attempt({ invoiceType: 'Individual', invoiceTitle: 'Someone', invoiceTaxId: 'X' }));
      expect(await get('payment', bought.data.name)).toMatchObject({ invoiceTitle: 'Alice Liddell', invoiceTaxId: '' });

      const issued = await invoice();
      ok(issued);
      expect(issued.data).toBe(`${server().url}/api/get-payment-invoice?id=${encodeURIComponent(id)}`);
      expect((await get('payment', bought.data.name)).invoiceUrl).toBe(issued.data);
      expect((await invoice()).msg).toBe(`The invoice of the payment ${id} has already been issued`);
      const locked = await team.orgAdmin.post(
        '/api/update-payment',
        { ...(await get('payment', bought.data.name)), personName: 'Bob' },
        { id },
      );
      expect(locked.status).toBe('error');

      const document = await team.member.raw('GET', `/api/get-payment-invoice?id=${encodeURIComponent(id)}`);
      expect(document.status).toBe(200);
      expect(document.headers.get('content-type')).toContain('text/html');
      const html = await document.text();
      expect(html).toContain('Alice Liddell');
      expect(html).toContain('20.00 USD');
    });

    it('refuses an unpaid payment first', async () => {
      ok(
        await team.admin.post('/api/add-payment', {
          owner: ORG,
          name: 'unpaid',
          state: 'Created',
          user: 'worker',
          provider: 'pay_dummy',
        }),
      );
      expect((await team.orgAdmin.post('/api/invoice-payment', undefined, { id: `${ORG}/unpaid` })).msg).toBe(
        'Please pay the order first!',
      );
      expect((await team.member.post('/api/invoice-payment', undefined, { id: `${ORG}/unpaid` })).status).toBe('error');
    });
  });

  describe('subscriptions', () => {
    it('only global administrators change the state; the role follows it and the clock', async () => {
      const sub = ((await team.member.get('/api/get-user-subscriptions')).data as Record<string, unknown>[])[0];
      if (!sub) throw new Error('no subscription');
      const id = `${ORG}/${String(sub.name)}`;
      const byOrgAdmin = await team.orgAdmin.post('/api/update-subscription', { ...sub, state: 'Suspended' }, { id });
      expect(byOrgAdmin.status).toBe('error');
      ok(await team.admin.post('/api/update-subscription', { ...sub, state: 'Suspended' }, { id }));
      expect(await roleUsers('gold')).not.toContain(`${ORG}/worker`);
      ok(await team.admin.post('/api/update-subscription', { ...sub, state: 'Active' }, { id }));
      expect(await roleUsers('gold')).toContain(`${ORG}/worker`);

      // Its end passes: the clock expires it and the role goes.
      ok(
        await team.admin.post(
          '/api/update-subscription',
          {
            ...(await get('subscription', String(sub.name))),
            endTime: '2001-01-01T00:00:00Z',
            startTime: '2000-01-01T00:00:00Z',
          },
          { id },
        ),
      );
      expect(await refreshSubscriptionStates(server().ctx)).toBeGreaterThanOrEqual(1);
      expect((await get('subscription', String(sub.name))).state).toBe('Expired');
      expect(await roleUsers('gold')).not.toContain(`${ORG}/worker`);

      const garbled = await team.admin.post(
        '/api/update-subscription',
        { ...(await get('subscription', String(sub.name))), endTime: 'next Tuesday' },
        { id },
      );
      expect(garbled.msg).toBe('The time next Tuesday of the subscription is not a date and time');
      const backwards = await team.admin.post(
        '/api/update-subscription',
        { ...(await get('subscription', String(sub.name))), endTime: '1999-01-01T00:00:00Z' },
        { id },
      );
      expect(backwards.msg).toBe(
        'The end time 1999-01-01T00:00:00Z of the subscription is before its start time 2000-01-01T00:00:00Z',
      );
    });
  });
});
