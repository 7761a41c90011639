import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CasdoorSdk,
  expectAffected,
  namesOf,
  type Row,
  recordOf,
  sdkRecord,
  sdkSuite,
} from '../../test-support/casdoor-sdk.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-shop';

/**
 * Products, plans, pricings, subscriptions, payments and syncers through casdoor-nodejs-sdk (client
 * credentials of an application of the built-in organization), with the deliberate differences of
 * docs/casdoor-compatibility.md where the SDK meets them: a payment's fields are set when it is
 * added, the tag of plan products is the server's, a pricing's application is of its organization.
 */
describeEachDatabase('casdoor-nodejs-sdk: products, plans, pricings, subscriptions, payments, syncers', (server) => {
  let sdk: CasdoorSdk;

  beforeAll(async () => {
    const suite = await sdkSuite(server().url, ORG, 'sdk-shop-app');
    sdk = suite.sdk;
    expect((await suite.admin.post('/api/add-application', { owner: 'admin', name: 'shop-app', organization: ORG })).status).toBe(
      'ok',
    );
    expectAffected(
      await sdk.addProvider(
        sdkRecord({ owner: ORG, name: 'shop-dummy', category: 'Payment', type: 'Dummy', displayName: 'Dummy' }),
      ),
    );
    expectAffected(await sdk.addRole(sdkRecord({ owner: ORG, name: 'gold', displayName: 'Gold', users: [], isEnabled: true })));
    expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'buyer', password: 'buyer-pass-1' })));
  });

  describe('products', () => {
    it('adds, lists, reads, updates and deletes products', async () => {
      const ebook = {
        owner: ORG,
        name: 'ebook',
        displayName: 'E-book',
        tag: 'books',
        currency: 'USD',
        price: 9.99,
        quantity: 100,
        sold: 0,
        providers: ['shop-dummy'],
        state: 'Published',
      };
      expectAffected(await sdk.addProduct(sdkRecord(ebook)), 'addProduct');
      expectAffected(await sdk.addProduct(sdkRecord({ ...ebook, name: 'poster', displayName: 'Poster', price: 5 })));
      expect(namesOf(await sdk.getProducts()).sort()).toEqual(['ebook', 'poster']);
      const product = recordOf(await sdk.getProduct('ebook'));
      expect(product).toMatchObject(ebook);
      // Casdoor's providerObjs: each payment provider as the buy page shows it.
      expect(product?.providerObjs).toEqual([expect.objectContaining({ name: 'shop-dummy', type: 'Dummy' })]);

      expectAffected(await sdk.updateProduct(sdkRecord({ ...product, owner: ORG, name: 'ebook', price: 12.5, quantity: 50 })));
      expect(recordOf(await sdk.getProduct('ebook'))).toMatchObject({ price: 12.5, quantity: 50 });
      expectAffected(await sdk.deleteProduct(sdkRecord({ owner: ORG, name: 'poster' })), 'deleteProduct');
      expect(recordOf(await sdk.getProduct('poster'))).toBeNull();
    });

    it('refuses the tag reserved for plan products on a product added by hand (deliberate difference)', async () => {
      const answer = answerOf(
        await sdk.addProduct(
          sdkRecord({ owner: ORG, name: 'fake-plan-product', tag: 'auto_created_product_for_plan', price: 1 }),
        ),
      );
      expect(answer).toMatchObject({ status: 'error', code: 'fieldLocked' });
      expect(recordOf(await sdk.getProduct('fake-plan-product'))).toBeNull();
    });
  });

  describe('plans and pricings', () => {
    it('adds, lists, reads, updates and deletes plans; a plan keeps a product of its own', async () => {
      const pro = {
        owner: ORG,
        name: 'pro',
        displayName: 'Pro',
        description: 'Everything',
        price: 20,
        currency: 'USD',
        period: 'Monthly',
        paymentProviders: ['shop-dummy'],
        role: 'gold',
        isEnabled: true,
      };
      expectAffected(await sdk.addPlan(sdkRecord(pro)), 'addPlan');
      expectAffected(await sdk.addPlan(sdkRecord({ ...pro, name: 'trial', displayName: 'Trial', price: 0 })));
      expect(namesOf(await sdk.getPlans()).sort()).toEqual(['pro', 'trial']);
      const plan = recordOf(await sdk.getPlan('pro')) as Row;
      expect(plan).toMatchObject(pro);
      expect(recordOf(await sdk.getProduct(String(plan.product)))).toMatchObject({
        tag: 'auto_created_product_for_plan',
        price: 20,
      });

      expectAffected(await sdk.updatePlan(sdkRecord({ ...plan, owner: ORG, name: 'pro', price: 25, period: 'Yearly' })));
      expect(recordOf(await sdk.getPlan('pro'))).toMatchObject({ price: 25, period: 'Yearly' });
      expect(recordOf(await sdk.getProduct(String(plan.product)))).toMatchObject({ price: 25 });

      // The plan's product follows its plan: changing its reserved fields by hand is refused.
      const planProduct = recordOf(await sdk.getProduct(String(plan.product))) as Row;
      const locked = answerOf(
        await sdk.updateProduct(sdkRecord({ ...planProduct, owner: ORG, name: String(plan.product), price: 1 })),
      );
      expect(locked).toMatchObject({ status: 'error', code: 'fieldLocked' });

      expectAffected(await sdk.deletePlan(sdkRecord({ owner: ORG, name: 'trial' })), 'deletePlan');
      expect(recordOf(await sdk.getPlan('trial'))).toBeNull();
    });

    it('adds, lists, reads, updates and deletes pricings', async () => {
      const pricing = {
        owner: ORG,
        name: 'public',
        displayName: 'Public pricing',
        description: '',
        application: 'shop-app',
        plans: ['pro'],
        isEnabled: true,
        trialDuration: 7,
      };
      expectAffected(await sdk.addPricing(sdkRecord(pricing)), 'addPricing');
      expectAffected(await sdk.addPricing(sdkRecord({ ...pricing, name: 'spare', displayName: 'Spare' })));
      expect(namesOf(await sdk.getPricings()).sort()).toEqual(['public', 'spare']);
      const stored = recordOf(await sdk.getPricing('public'));
      expect(stored).toMatchObject(pricing);
      expectAffected(await sdk.updatePricing(sdkRecord({ ...stored, owner: ORG, name: 'public', trialDuration: 14 })));
      expect(recordOf(await sdk.getPricing('public'))).toMatchObject({ trialDuration: 14 });
      expectAffected(await sdk.deletePricing(sdkRecord({ owner: ORG, name: 'spare' })), 'deletePricing');
      expect(recordOf(await sdk.getPricing('spare'))).toBeNull();
    });

    it("refuses a pricing whose application is another organization's (deliberate difference)", async () => {
      const answer = answerOf(
        await sdk.addPricing(sdkRecord({ owner: ORG, name: 'foreign', application: 'app-built-in', plans: ['pro'] })),
      );
      expect(answer).toMatchObject({
        status: 'error',
        code: 'pricingApplicationInvalid',
        msg: `The application "app-built-in" does not belong to the organization "${ORG}"`,
      });
      expect(recordOf(await sdk.getPricing('foreign'))).toBeNull();
    });
  });

  describe('subscriptions', () => {
    it('adds, lists, reads, updates and deletes subscriptions', async () => {
      const start = new Date();
      const end = new Date(start.getTime() + 30 * 24 * 3600 * 1000);
      const subscription = {
        owner: ORG,
        name: 'sub-buyer',
        displayName: 'Buyer on Pro',
        description: '',
        user: 'buyer',
        pricing: 'public',
        plan: 'pro',
        period: 'Monthly',
        startTime: start.toISOString().replace(/\.\d+Z$/, 'Z'),
        endTime: end.toISOString().replace(/\.\d+Z$/, 'Z'),
        state: 'Active',
      };
      expectAffected(await sdk.addSubscription(sdkRecord(subscription)), 'addSubscription');
      expectAffected(await sdk.addSubscription(sdkRecord({ ...subscription, name: 'sub-spare', state: 'Pending' })));
      expect(namesOf(await sdk.getSubscriptions()).sort()).toEqual(['sub-buyer', 'sub-spare']);
      const stored = recordOf(await sdk.getSubscription('sub-buyer'));
      expect(stored).toMatchObject({ ...subscription, startTime: expect.any(String), endTime: expect.any(String) });
      expectAffected(
        await sdk.updateSubscription(sdkRecord({ ...stored, owner: ORG, name: 'sub-buyer', description: 'Renewed by hand' })),
      );
      expect(recordOf(await sdk.getSubscription('sub-buyer'))).toMatchObject({ description: 'Renewed by hand' });
      expectAffected(await sdk.deleteSubscription(sdkRecord({ owner: ORG, name: 'sub-spare' })), 'deleteSubscription');
      expect(recordOf(await sdk.getSubscription('sub-spare'))).toBeNull();
    });
  });

  describe('payments', () => {
    const payment = {
      owner: ORG,
      name: 'pay-1',
      displayName: 'E-book payment',
      provider: 'shop-dummy',
      type: 'Dummy',
      user: 'buyer',
      productName: 'ebook',
      productDisplayName: 'E-book',
      currency: 'USD',
      price: 12.5,
      state: 'Paid',
    };
    const invoice = {
      personName: 'B. Buyer',
      personIdCard: 'ID-12345',
      personEmail: 'buyer@shop.example',
      personPhone: '+12025550123',
      invoiceType: 'Organization',
      invoiceTitle: 'Buyer Ltd',
      invoiceTaxId: 'TAX-1',
    };

    it('adds, lists, reads, updates (invoice details) and deletes payments', async () => {
      expectAffected(await sdk.addPayment(sdkRecord(payment)), 'addPayment');
      expectAffected(await sdk.addPayment(sdkRecord({ ...payment, name: 'pay-2', state: 'Created' })));
      expect(namesOf(await sdk.getPayments()).sort()).toEqual(['pay-1', 'pay-2']);
      const stored = recordOf(await sdk.getPayment('pay-1'));
      expect(stored).toMatchObject(payment);
      expectAffected(await sdk.updatePayment(sdkRecord({ ...stored, owner: ORG, name: 'pay-1', ...invoice })), 'updatePayment');
      expect(recordOf(await sdk.getPayment('pay-1'))).toMatchObject(invoice);
      expectAffected(await sdk.deletePayment(sdkRecord({ owner: ORG, name: 'pay-2' })), 'deletePayment');
      expect(recordOf(await sdk.getPayment('pay-2'))).toBeNull();
    });

    it('refuses changes to the fields of the payment itself (deliberate difference: read-only after Add)', async () => {
      const stored = recordOf(await sdk.getPayment('pay-1')) as Row;
      for (const change of [{ price: 0.01 }, { state: 'Canceled' }, { user: 'someone-else' }, { productName: 'poster' }]) {
        const answer = answerOf(await sdk.updatePayment(sdkRecord({ ...stored, owner: ORG, name: 'pay-1', ...change })));
        expect(answer, JSON.stringify(change)).toMatchObject({ status: 'error', code: 'fieldLocked' });
      }
      expect(recordOf(await sdk.getPayment('pay-1'))).toMatchObject({ price: 12.5, state: 'Paid', user: 'buyer' });
    });

    it('refuses invoice details of an unpaid payment (Casdoor checks them only when invoicing)', async () => {
      expectAffected(await sdk.addPayment(sdkRecord({ ...payment, name: 'pay-3', state: 'Created' })));
      const stored = recordOf(await sdk.getPayment('pay-3')) as Row;
      const answer = answerOf(await sdk.updatePayment(sdkRecord({ ...stored, owner: ORG, name: 'pay-3', ...invoice })));
      expect(answer).toMatchObject({ status: 'error', code: 'invoicePayFirst', msg: 'Please pay the order first!' });
      expect(recordOf(await sdk.getPayment('pay-3'))).toMatchObject({ personName: '' });
    });
  });

  describe('syncers', () => {
    const syncer = {
      owner: ORG,
      name: 'hr-db',
      organization: ORG,
      type: 'Database',
      databaseType: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      user: 'reader',
      password: 'reader-pass',
      database: 'hr',
      table: 'people',
      tableColumns: [],
      syncInterval: 10,
      isReadOnly: true,
      isEnabled: false,
    };

    // Casdoor stores the syncer with the owner the SDK sets (orgName) and finds it by that id
    // (controllers/syncer.go: GetSyncers by owner, GetSyncer by owner/name).
    it('adds a syncer with owner = orgName, lists, reads, updates and deletes it', async () => {
      expectAffected(await sdk.addSyncer(sdkRecord(syncer)), 'addSyncer');
      expect(namesOf(await sdk.getSyncers())).toEqual(['hr-db']);
      const stored = recordOf(await sdk.getSyncer('hr-db'));
      expect(stored).toMatchObject({ name: 'hr-db', organization: ORG, host: '127.0.0.1', table: 'people' });
      expectAffected(
        await sdk.updateSyncer(sdkRecord({ ...stored, owner: ORG, name: 'hr-db', syncInterval: 60 })),
        'updateSyncer',
      );
      expect(recordOf(await sdk.getSyncer('hr-db'))).toMatchObject({ syncInterval: 60 });
      expectAffected(await sdk.deleteSyncer(sdkRecord({ owner: ORG, name: 'hr-db' })), 'deleteSyncer');
      expect(recordOf(await sdk.getSyncer('hr-db'))).toBeNull();
    });
  });
});
