import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { addUsers, asAdmin, call, createOrganization, unique } from '../support/api.js';
import { adminTest, chooseOption, heading, signIn, toast } from '../support/fixtures.js';

/**
 * The purchase flow (issue 13): the public pricing page /select-plan, sign-up or
 * sign-in, the buy page of the plan's product, the payment through a Dummy or Balance provider and
 * its result page; the subscription becomes Active and the plan's role is granted. An insufficient
 * balance is refused and charges nothing. The customer reads display names and prices only, never
 * the server's names (issue 28, point 5); a plan without a working payment provider is not offered
 * and its edit page, and its pricing's, say what to fix.
 */

type Item = Record<string, unknown> & { name: string };
const item = (name: string, fields: Partial<Item> = {}): Item => ({
  name,
  visible: true,
  required: true,
  rule: 'None',
  ...fields,
});
const SIGNUP_ITEMS: Item[] = [
  item('ID', { visible: false, rule: 'Random' }),
  item('Username'),
  item('Display name'),
  item('Password'),
  item('Confirm password'),
  item('Signup button'),
];

interface Shop {
  org: string;
  application: string;
  plan: string;
  product: string;
  role: string;
}

/** An organization selling one plan (role `vip`) through a pricing `main` of its application. */
async function openShop(providerType: 'Dummy' | 'Balance', price: number): Promise<Shop> {
  const org = await createOrganization('shop', { passwordOptions: ['AtLeast6'] });
  const application = unique('store');
  const provider = `pay_${providerType.toLowerCase()}`;
  const plan = 'pro';
  const role = 'vip';
  const product = await asAdmin(async (api: APIRequestContext) => {
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: application,
      displayName: `Store ${application}`,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems: SIGNUP_ITEMS,
    });
    await call(api, '/api/add-provider', {
      owner: org,
      name: provider,
      displayName: `${providerType} pay`,
      category: 'Payment',
      type: providerType,
    });
    await call(api, '/api/add-role', { owner: org, name: role, displayName: 'VIP' });
    await call(api, '/api/add-plan', {
      owner: org,
      name: plan,
      displayName: 'Pro',
      description: 'Everything, faster',
      price,
      currency: 'USD',
      period: 'Monthly',
      paymentProviders: [provider],
      role,
      options: ['Priority support'],
      isEnabled: true,
    });
    await call(api, '/api/add-pricing', {
      owner: org,
      name: 'main',
      displayName: 'Our plans',
      plans: [plan],
      application,
      isEnabled: true,
    });
    return (await call(api, '/api/get-plan', undefined, { id: `${org}/${plan}` })).data.product as string;
  });
  return { org, application, plan, product, role };
}

async function stored(entity: string, id: string) {
  return asAdmin(async (api) => (await call(api, `/api/get-${entity}`, undefined, { id })).data);
}

async function subscriptionsOf(org: string, user: string) {
  return asAdmin(async (api) => {
    const list = (await call(api, '/api/get-subscriptions', undefined, { owner: org })).data as Record<string, unknown>[];
    return list.filter((sub) => sub.user === user);
  });
}

const planCard = (page: Page, name = 'Pro') =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The buy page shows no internal names and no empty rows. */
async function expectCustomerWording(page: Page, shop: Shop) {
  const card = page.locator('.ant-card').first();
  for (const internal of [shop.product, 'auto_created_product_for_plan', 'This product was auto created']) {
    await expect(card).not.toContainText(internal);
  }
  const cells = page.locator('.ant-descriptions-item-content');
  expect(await cells.count()).toBeGreaterThan(1);
  for (const text of await cells.allInnerTexts()) expect(text.trim()).not.toBe('');
}

test('a visitor chooses a plan, signs up, pays with Dummy and holds an active subscription with its role', async ({ page }) => {
  const shop = await openShop('Dummy', 15);
  const username = unique('buyer');

  await page.goto(`/select-plan/${shop.org}/main`);
  await expect(heading(page, 'Our plans')).toBeVisible();
  await expect(planCard(page)).toContainText('$15.00');
  await expect(planCard(page)).toContainText('per month');
  await expect(planCard(page)).toContainText('Priority support');
  await expect(planCard(page).getByRole('button', { name: 'Choose the plan Pro' })).toHaveText('Get started');
  await page.getByRole('button', { name: 'Choose the plan Pro' }).click();

  // No session: the pricing's application signs the visitor up first.
  await expect(page).toHaveURL(`/signup/${shop.application}?plan=pro&pricing=main`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill('Bea Buyer');
  await page.getByLabel('Password', { exact: true }).fill('buyer-secret');
  await page.getByLabel('Confirm').fill('buyer-secret');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Then the buy page of the plan's product, with the plan chosen.
  await expect(page).toHaveURL(`/products/${shop.org}/${shop.product}/buy?pricingName=main&planName=pro`);
  // The customer reads the plan's display name and its price per period, not the product's server names.
  await expect(heading(page, 'Buy Pro')).toBeVisible();
  await expect(page.getByText('You are subscribing to the plan Pro', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText('$15.00');
  await expect(page.locator('.ant-descriptions')).toContainText('per month');
  await expect(page.locator('.ant-descriptions')).toContainText('Everything, faster');
  await expectCustomerWording(page, shop);
  await page.getByRole('button', { name: 'Pay with Dummy pay (Dummy)' }).click();

  await expect(page).toHaveURL(new RegExp(`/payments/${shop.org}/payment_[a-z0-9]+/result$`));
  await expect(page.getByText('You have successfully completed the payment')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  // The plan by its display name, never the generated product's name.
  await expect(page.getByText('Pro: $15.00', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText('Plan Pro');
  await expect(page.locator('.ant-descriptions')).toContainText('Dummy');
  for (const internal of [shop.product, 'Plan pro', 'pay_dummy']) {
    await expect(page.locator('.ant-result')).not.toContainText(internal);
  }

  const [sub] = await subscriptionsOf(shop.org, username);
  expect(sub).toMatchObject({ plan: 'pro', pricing: 'main', state: 'Active' });
  const payment = await stored('payment', `${shop.org}/${String(sub?.payment)}`);
  expect(payment).toMatchObject({ state: 'Paid', price: 15, type: 'Dummy', user: username });
  expect((await stored('transaction', `${shop.org}/${String(sub?.payment)}`)).state).toBe('Paid');
  expect((await stored('role', `${shop.org}/${shop.role}`)).users).toContain(`${shop.org}/${username}`);
});

test('a member pays from their balance; an insufficient balance is refused and charges nothing', async ({ page }) => {
  const shop = await openShop('Balance', 15);
  await addUsers(shop.org, ['carol']);
  const setBalance = (balance: number) =>
    asAdmin((api) =>
      call(
        api,
        '/api/update-user',
        { balance, balanceCurrency: 'USD' },
        { id: `${shop.org}/carol`, columns: 'balance,balanceCurrency' },
      ),
    );
  await setBalance(10);
  await signIn(page, 'carol', 'carol-pass', shop.org);

  // Signed in: choosing the plan goes straight to the buy page.
  await page.goto(`/select-plan/${shop.org}/main`);
  await page.getByRole('button', { name: 'Choose the plan Pro' }).click();
  await expect(page).toHaveURL(`/products/${shop.org}/${shop.product}/buy?pricingName=main&planName=pro`);
  await page.getByRole('button', { name: 'Pay with Balance pay (Balance)' }).click();
  await expect(
    page.getByText(
      `Failed to buy: Insufficient user balance: the price is 15 USD and the balance of ${shop.org}/carol is 10 USD`,
    ),
  ).toBeVisible();
  expect(await subscriptionsOf(shop.org, 'carol')).toHaveLength(0);
  expect((await stored('user', `${shop.org}/carol`)).balance).toBe(10);

  await setBalance(20.5);
  await page.getByRole('button', { name: 'Pay with Balance pay (Balance)' }).click();
  await expect(page.getByText('You have successfully completed the payment')).toBeVisible();
  expect((await stored('user', `${shop.org}/carol`)).balance).toBe(5.5);
  const [sub] = await subscriptionsOf(shop.org, 'carol');
  expect(sub?.state).toBe('Active');
  expect((await stored('transaction', `${shop.org}/${String(sub?.payment)}`)).amount).toBe(-15);
  expect((await stored('role', `${shop.org}/${shop.role}`)).users).toContain(`${shop.org}/carol`);
});

test('the pricing page explains a missing or disabled pricing, and works at phone width', async ({ page }) => {
  const shop = await openShop('Dummy', 9);
  await page.goto(`/select-plan/${shop.org}/nope`);
  await expect(page.getByText(`The pricing ${shop.org}/nope does not exist`)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/select-plan/${shop.org}/main`);
  await expect(planCard(page)).toBeVisible();
  const box = await planCard(page).boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);

  await asAdmin(async (api) => {
    const pricing = (await call(api, '/api/get-pricing', undefined, { id: `${shop.org}/main` })).data;
    await call(api, '/api/update-pricing', { ...pricing, isEnabled: false }, { id: `${shop.org}/main` });
  });
  await page.reload();
  await expect(page.getByText('This pricing is not available')).toBeVisible();
});

adminTest(
  'a plan without a working payment provider is flagged for administrators and not offered to customers',
  async ({ page, browser }) => {
    const shop = await openShop('Dummy', 15);
    await asAdmin(async (api) => {
      await call(api, '/api/add-provider', {
        owner: shop.org,
        name: 'pay_stripe',
        displayName: 'Stripe',
        category: 'Payment',
        type: 'Stripe',
      });
      await call(api, '/api/add-plan', {
        owner: shop.org,
        name: 'premium',
        displayName: 'Premium',
        price: 30,
        currency: 'USD',
        period: 'Yearly',
        paymentProviders: ['pay_stripe'],
        isEnabled: true,
      });
      await call(api, '/api/add-plan', {
        owner: shop.org,
        name: 'free',
        displayName: 'Free',
        price: 0,
        currency: 'USD',
        period: 'Monthly',
        paymentProviders: [],
        isEnabled: true,
      });
      const pricing = (await call(api, '/api/get-pricing', undefined, { id: `${shop.org}/main` })).data;
      await call(api, '/api/update-pricing', { ...pricing, plans: ['pro', 'premium', 'free'] }, { id: `${shop.org}/main` });
    });

    // A visitor sees only the plan that can be paid for.
    const visitor = await browser.newPage({ baseURL, storageState: { cookies: [], origins: [] } });
    await visitor.goto(`/select-plan/${shop.org}/main`);
    await expect(planCard(visitor)).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Premium' })).toHaveCount(0);
    await expect(visitor.getByRole('heading', { name: 'Free' })).toHaveCount(0);

    // The pricing's edit page names the plans its page leaves out, linked to their edit pages.
    await page.goto(`/pricings/${shop.org}/main`);
    const pricingAlert = page.getByRole('status').filter({ hasText: 'Plans not offered to customers: 2' });
    await expect(pricingAlert).toBeVisible();
    await expect(pricingAlert).toContainText('These plans have no working payment provider');
    await expect(pricingAlert.getByRole('link', { name: 'Free' })).toHaveAttribute('href', `/plans/${shop.org}/free`);
    await pricingAlert.getByRole('link', { name: 'Premium' }).click();

    // The plan's edit page says why and what to fix; its related product shows its display name, the plan's.
    await expect(heading(page, 'Edit Plan')).toBeVisible();
    const planAlert = page.getByRole('status').filter({ hasText: 'Customers cannot buy this plan' });
    await expect(planAlert).toContainText(
      '"pay_stripe" is of a type that cannot take payments yet: add a provider of a type that can (Dummy, Balance).',
    );
    const premium = await asAdmin(
      async (api) => (await call(api, '/api/get-plan', undefined, { id: `${shop.org}/premium` })).data,
    );
    const related = page.locator('#plan_product');
    await expect(related).toHaveText('Premium');
    await expect(related).toHaveAttribute('href', `/products/${shop.org}/${String(premium.product)}`);

    await page.getByLabel('Payment providers', { exact: true }).click();
    await chooseOption(page, 'Dummy pay (Dummy)');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();
    await expect(planAlert).toHaveCount(0);

    // Fixed, the plan is offered; the free plan without a provider still is not.
    await visitor.reload();
    await expect(planCard(visitor, 'Premium')).toContainText('per year');
    await expect(visitor.getByRole('heading', { name: 'Free' })).toHaveCount(0);
    await page.goto(`/plans/${shop.org}/free`);
    await expect(page.getByRole('status').filter({ hasText: 'Customers cannot buy this plan' })).toContainText(
      'No payment provider is chosen: pick one under Payment providers (Dummy, Balance take payments).',
    );
    await visitor.close();
  },
);

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the pricing and buy pages read in Chinese, with display names', async ({ page }) => {
    const shop = await openShop('Dummy', 15);
    await addUsers(shop.org, ['dora']);
    await signIn(page, 'dora', 'dora-pass', shop.org);
    await page.goto(`/select-plan/${shop.org}/main`);
    await expect(heading(page, 'Our plans')).toBeVisible();
    await expect(planCard(page)).toContainText('每月');
    await expect(planCard(page).getByRole('button', { name: '选择计划 Pro' })).toHaveText('立即开始');
    await page.getByRole('button', { name: '选择计划 Pro' }).click();
    await expect(page).toHaveURL(`/products/${shop.org}/${shop.product}/buy?pricingName=main&planName=pro`);
    await expect(heading(page, '购买 Pro')).toBeVisible();
    await expect(page.getByText('您正在订阅计划 Pro', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('计划');
    await expect(page.locator('.ant-descriptions')).toContainText('US$15.00');
    await expectCustomerWording(page, shop);
    await expect(page.getByRole('button', { name: '使用 Dummy pay（Dummy）支付' })).toBeVisible();
  });
});
