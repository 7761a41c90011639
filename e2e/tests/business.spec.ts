import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, asAdmin, call, unique } from '../support/api.js';
import { field, saveButton } from '../support/console.js';
import { adminTeamTest, chooseOption, expect, heading, rowOf, signIn, toast } from '../support/fixtures.js';

/**
 * The business screens: products with their
 * providers and Buy, the locked product of a plan, payments with Result and the invoice section,
 * pricings with their public page's address, subscriptions' state tags and who may change them,
 * transactions' read-only detail.
 */

interface Shop {
  org: string;
  product: string;
  plan: string;
  planProduct: string;
  payment: string;
}

/** An organization with a Dummy provider, a role, a plan (and its product), a pricing and one paid purchase. */
async function openShop(org: string): Promise<Shop> {
  const product = unique('book');
  return asAdmin(async (api: APIRequestContext) => {
    await call(api, '/api/add-provider', {
      owner: org,
      name: 'dummy',
      displayName: 'Dummy pay',
      category: 'Payment',
      type: 'Dummy',
    });
    await call(api, '/api/add-role', { owner: org, name: 'vip', displayName: 'VIP' });
    await call(api, '/api/add-plan', {
      owner: org,
      name: 'pro',
      displayName: 'Pro',
      price: 9.5,
      currency: 'USD',
      period: 'Monthly',
      paymentProviders: ['dummy'],
      role: 'vip',
      isEnabled: true,
    });
    const plan = (await call(api, '/api/get-plan', undefined, { id: `${org}/pro` })).data;
    await call(api, '/api/add-pricing', { owner: org, name: 'main', displayName: 'Main', plans: ['pro'], isEnabled: true });
    await call(api, '/api/add-product', {
      owner: org,
      name: product,
      displayName: 'Book',
      price: 20,
      currency: 'USD',
      providers: ['dummy', 'provider_balance'],
      state: 'Published',
    });
    // The organization's ordinary user buys the book (a paid Dummy payment and its transaction).
    const buyer = await apiAs('worker', 'worker-pass', org);
    try {
      const bought = await call(buyer, '/api/buy-product', {}, { id: `${org}/${product}`, providerName: 'dummy' });
      return { org, product, plan: 'pro', planProduct: String(plan.product), payment: String(bought.data.name) };
    } finally {
      await buyer.dispose();
    }
  });
}

const openEdit = async (page: Page, path: string, title: string) => {
  await page.goto(path);
  await expect(heading(page, title)).toBeVisible();
};

adminTeamTest(
  'products: providers linked two to a row, Buy, price hidden for a recharge, a plan product locked',
  async ({ page, team }) => {
    const shop = await openShop(team.org);
    await page.goto(`/products?field=name&value=${shop.product}`);
    const row = rowOf(page, shop.product);
    await expect(row.getByRole('link', { name: 'Dummy pay' })).toHaveAttribute('href', `/providers/${shop.org}/dummy`);
    await expect(row.getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/providers/admin/provider_balance');
    await expect(row.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', `/products/${shop.org}/${shop.product}/buy`);

    await openEdit(page, `/products/${shop.org}/${shop.product}`, 'Edit Product');
    await expect(field(page, 'Price')).toBeVisible();
    await page.getByRole('switch', { name: 'Is recharge' }).click();
    await expect(field(page, 'Price')).toHaveCount(0);

    // The plan's own product follows its plan: its price and providers are locked, and it cannot be deleted.
    await openEdit(page, `/products/${shop.org}/${shop.planProduct}`, 'Edit Product');
    await expect(field(page, 'Price')).toBeDisabled();
    await expect(field(page, 'Tag')).toHaveValue('auto_created_product_for_plan');
    await page.goto(`/products?field=name&value=${shop.planProduct}`);
    await expect(rowOf(page, shop.planProduct).getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
);

adminTeamTest(
  'payments: Result, the invoice checks in their order, an Individual invoice issued once, then downloaded',
  async ({ page, team }) => {
    const shop = await openShop(team.org);
    await page.goto(`/payments?field=name&value=${shop.payment}`);
    await expect(rowOf(page, shop.payment).getByRole('link', { name: 'Result' })).toHaveAttribute(
      'href',
      `/payments/${shop.org}/${shop.payment}/result`,
    );

    await openEdit(page, `/payments/${shop.org}/${shop.payment}`, 'Edit Payment');
    await expect(field(page, 'Price')).toBeDisabled();
    await expect(field(page, 'Product')).toBeDisabled();
    await field(page, 'Real name').fill('Alice Liddell');
    await field(page, 'ID card').fill('ID-42');
    await field(page, 'Email').fill('not an address');
    await saveButton(page).click();
    await expect(page.getByText('The input is not valid Email!', { exact: true })).toBeVisible();
    await field(page, 'Email').fill('alice@example.com');
    await field(page, 'Phone').fill('13800000000');
    // Individual: the title is the person's name and there is no tax ID.
    await field(page, 'Invoice type').click();
    await chooseOption(page, 'Individual');
    await expect(field(page, 'Invoice title')).toHaveValue('Alice Liddell');
    await saveButton(page).click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();

    await page.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(page.getByText('Once issued, an invoice cannot be withdrawn or modified. Issue it now?')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Successfully invoiced')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download invoice' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
    await expect(field(page, 'Real name')).toBeDisabled();
  },
);

adminTeamTest(
  'pricings copy their public page; transactions are read-only; subscriptions show their state',
  async ({ page, team, context }) => {
    const shop = await openShop(team.org);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openEdit(page, `/pricings/${shop.org}/main`, 'Edit Pricing');
    const url = new URL(`/select-plan/${shop.org}/main`, page.url()).href;
    await expect(page.getByRole('link', { name: url })).toBeVisible();
    await page.getByRole('button', { name: 'Copy pricing page URL' }).click();
    await expect(toast(page, 'Copied to clipboard successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    await openEdit(page, `/transactions/${shop.org}/${shop.payment}`, 'Transaction details');
    await expect(field(page, 'Amount')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

    // A subscription with its coloured state, which a global administrator may change.
    const sub = unique('sub');
    await asAdmin((api) =>
      call(api, '/api/add-subscription', {
        owner: shop.org,
        name: sub,
        user: 'worker',
        plan: 'pro',
        pricing: 'main',
        state: 'Pending',
      }),
    );
    await page.goto(`/subscriptions?field=name&value=${sub}`);
    await expect(rowOf(page, sub).getByText('Pending', { exact: true })).toBeVisible();
    await expect(rowOf(page, sub).getByRole('link', { name: 'worker' })).toHaveAttribute('href', `/users/${shop.org}/worker`);
    await openEdit(page, `/subscriptions/${shop.org}/${sub}`, 'Edit Subscription');
    await field(page, 'State').click();
    await chooseOption(page, 'Active');
    await saveButton(page).click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();
    const role = await asAdmin(async (api) => (await call(api, '/api/get-role', undefined, { id: `${shop.org}/vip` })).data);
    expect(role.users).toContain(`${shop.org}/worker`);
  },
);

adminTeamTest(
  'an organization administrator manages the business objects but not a subscription state; members see their own payments',
  async ({ browser, team }) => {
    const shop = await openShop(team.org);
    const sub = unique('sub');
    await asAdmin((api) => call(api, '/api/add-subscription', { owner: shop.org, name: sub, user: 'worker', plan: 'pro' }));
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, team.admin.name, team.admin.password, team.org);
    await openEdit(page, `/subscriptions/${shop.org}/${sub}`, 'Edit Subscription');
    await expect(field(page, 'State')).toBeDisabled();
    await expect(field(page, 'Display name')).toBeEditable();
    await page.goto('/products');
    await expect(rowOf(page, shop.product)).toBeVisible();
    await context.close();

    // An ordinary member lists their own payments only, and may not add one.
    const member = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const memberPage = await member.newPage();
    await signIn(memberPage, team.user.name, team.user.password, team.org);
    await memberPage.goto('/payments');
    await expect(rowOf(memberPage, shop.payment)).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await member.close();
  },
);
