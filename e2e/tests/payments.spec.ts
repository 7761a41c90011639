import type { Page } from '@playwright/test';
import { asAdmin, call, getRecord, unique, updateRecord } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { adminTeamTest, chooseOption, expect, heading, signIn, teamTest, adminTest as test, toast } from '../support/fixtures.js';

/** Payment providers on the provider form, and the user's balance on the user form. */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

const DUMMY =
  'Dummy takes payments at once without charging anyone, for trying purchases out: the buyer goes straight back to the return URL and the payment is marked Paid.';
const BALANCE =
  "Balance pays from the buyer's own balance (the user's Balance, in its Balance currency): the price is deducted at once and the payment is marked Paid. A price above the balance, or in another currency, is refused.";
const configurationOnly = (type: string) =>
  `${type} can be configured here but cannot take payments yet: in this release payments go through Dummy and Balance providers only.`;

async function createPaymentProvider(type: string): Promise<string> {
  const name = unique('pay');
  await asAdmin((api) =>
    call(api, '/api/add-provider', { owner: 'admin', name, displayName: `Payment ${name}`, category: 'Payment', type }),
  );
  return name;
}

test('Payment providers say what their type does: Dummy and Balance pay, the others are configuration only', async ({ page }) => {
  const name = await createPaymentProvider('Dummy');
  await page.goto(`/providers/admin/${name}`);
  await expect(heading(page, 'Edit Provider')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: DUMMY })).toBeVisible();

  await field(page, 'Type').click();
  await chooseOption(page, 'Balance');
  await expect(page.getByRole('alert').filter({ hasText: BALANCE })).toBeVisible();
  await expect(page.getByText(DUMMY, { exact: true })).toHaveCount(0);

  await field(page, 'Type').click();
  await chooseOption(page, 'Stripe');
  await expect(page.getByRole('alert').filter({ hasText: configurationOnly('Stripe') })).toBeVisible();

  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: configurationOnly('Stripe') })).toBeVisible();

  // Other categories have no payment notice.
  await field(page, 'Category').click();
  await chooseOption(page, 'OAuth');
  await expect(page.getByText(configurationOnly('Stripe'), { exact: true })).toHaveCount(0);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the payment notice says so too', async ({ page }) => {
    const name = await createPaymentProvider('PayPal');
    await page.goto(`/providers/admin/${name}`);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'PayPal 可以在此配置，但暂时还不能收款：本版本仅支持通过 Dummy 和 Balance 提供商付款。' }),
    ).toBeVisible();
  });
});

adminTeamTest("an administrator sets a user's balance and its currency", async ({ page, team }) => {
  await page.goto(`/users/${team.org}/worker`);
  await expect(heading(page, 'Edit User')).toBeVisible();
  await expect(field(page, 'Balance')).toHaveValue('0');
  await expect(field(page, 'Balance currency')).toBeEnabled();
  await field(page, 'Balance').fill('12.5');
  await field(page, 'Balance currency').click();
  await chooseOption(page, 'EUR');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect(await getRecord('user', team.org, 'worker')).toMatchObject({ balance: 12.5, balanceCurrency: 'EUR' });
});

teamTest('users see their balance but cannot change it, and saving their profile keeps it', async ({ page, team }) => {
  await updateRecord('user', team.org, 'worker', { balance: 42.25 });
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await expect(field(page, 'Balance')).toHaveValue('42.25');
  await expect(field(page, 'Balance')).toBeDisabled();
  await expect(field(page, 'Balance currency')).toBeDisabled();

  // The balance changes on the server (a payment) while the page is open: saving does not undo it.
  await updateRecord('user', team.org, 'worker', { balance: 40 });
  await field(page, 'Display name').fill(`Worker ${unique('w')}`);
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  expect((await getRecord('user', team.org, 'worker')).balance).toBe(40);
});
