import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addUsers, asAdmin, call, createOrganization, unique } from '../support/api.js';
import { heading, signIn } from '../support/fixtures.js';

/**
 * The purchase flow (spec part 2 §2.14, issue 13): the public pricing page /select-plan, sign-up or
 * sign-in, the buy page of the plan's product, the payment through a Dummy or Balance provider and
 * its result page; the subscription becomes Active and the plan's role is granted. An insufficient
 * balance is refused and charges nothing.
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

const planCard = (page: Page) => page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Pro' }) });

test('a visitor chooses a plan, signs up, pays with Dummy and holds an active subscription with its role', async ({ page }) => {
  const shop = await openShop('Dummy', 15);
  const username = unique('buyer');

  await page.goto(`/select-plan/${shop.org}/main`);
  await expect(heading(page, 'Our plans')).toBeVisible();
  await expect(planCard(page)).toContainText('$15.00');
  await expect(planCard(page)).toContainText('per month');
  await expect(planCard(page)).toContainText('Priority support');
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
  await expect(heading(page, 'Buy Product for Plan pro/Pro/Monthly')).toBeVisible();
  await expect(page.getByText('You are subscribing to the plan pro')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with Dummy pay (Dummy)' }).click();

  await expect(page).toHaveURL(new RegExp(`/payments/${shop.org}/payment_[a-z0-9]+/result$`));
  await expect(page.getByText('You have successfully completed the payment')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

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
