import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { addButton, cancelButton, saveButton } from '../support/console.js';
import { adminTest, expect, heading, rowOf, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * Webhooks in the console: a global admin adds one through the edit page
 * (headers table, events, object fields collapsing to All, the payload preview with the extended
 * user), an event is delivered to a receiver on loopback, and the delivery shows in the webhook's
 * log, where it can be replayed. An organization admin cannot change a webhook's organization.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (the e2e server's OUTBOUND_ALLOWLIST lets deliveries reach it). */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, received, server };
}

/** The name of the edit page's record, from its address. */
const nameFromAddress = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

/** The selected values of an antd select, by the field's form id. */
const selectedOf = (page: Page, id: string) => page.locator(`.ant-form-item:has(#${id}) .ant-select-selection-item`);

adminTest('a global admin adds a webhook, and its deliveries show in its log', async ({ page }) => {
  const receiver = await startReceiver();
  let name = '';
  try {
    await page.goto('/webhooks');
    await expect(heading(page, 'Webhooks')).toBeVisible();
    await addButton(page).click();
    await expect(toast(page, 'Successfully added')).toBeVisible();
    await expect(page).toHaveURL(/\/webhooks\/webhook_\w+\?mode=add$/);
    name = nameFromAddress(page);

    // The edit page's URL input (the list's column of the same name is gone by then).
    await page.locator('#webhook_url').fill(receiver.url);
    // Headers: two new rows are header-0 and header-1; the second moves up; the other goes.
    const headers = page.getByRole('group', { name: 'Headers' });
    await headers.getByRole('button', { name: 'Add' }).click();
    await headers.getByRole('button', { name: 'Add' }).click();
    await expect(headers.getByLabel('Name of row 1')).toHaveValue('header-0');
    await expect(headers.getByLabel('Value of row 2')).toHaveValue('value-1');
    await headers.getByRole('button', { name: 'Move row 2 up' }).click();
    await expect(headers.getByLabel('Name of row 1')).toHaveValue('header-1');
    await headers.getByRole('button', { name: 'Delete row 2' }).click();
    await expect(headers.getByLabel('Name of row 2')).toHaveCount(0);
    await headers.getByLabel('Name of row 1').fill('X-Tenant');
    await headers.getByLabel('Value of row 1').fill('e2e-tenant');

    // Events: the defaults plus update-webhook (the save below is one).
    await expect(selectedOf(page, 'webhook_events')).toHaveText(['signup', 'login', 'logout', 'update-user']);
    await page.locator('#webhook_events').fill('update-webhook');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(selectedOf(page, 'webhook_events')).toHaveText(['signup', 'login', 'logout', 'update-user', 'update-webhook']);

    // Object fields: choosing All keeps All alone.
    const objectFields = page.locator('#webhook_objectFields');
    await objectFields.fill('name');
    await page.keyboard.press('Enter');
    await expect(selectedOf(page, 'webhook_objectFields')).toHaveText(['name']);
    await objectFields.fill('All');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(selectedOf(page, 'webhook_objectFields')).toHaveText(['All']);

    // The preview adds the extended user, restricted to the chosen fields, once the user is extended.
    const preview = page.getByRole('textbox', { name: 'Preview' });
    await expect(preview).toHaveValue(/"action": "update-user"/);
    await expect(preview).not.toHaveValue(/extendedUser/);
    await expect(page.locator('#webhook_tokenFields')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Is user extended' }).click();
    await expect(preview).toHaveValue(/"extendedUser": \{[^}]*"isAdmin": true/);
    await page.locator('#webhook_tokenFields').fill('email');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(preview).toHaveValue(/"extendedUser": \{\s*"email": "admin@example.com"\s*\}/);

    await saveButton(page).click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/webhooks/${name}$`));

    // The save is an update-webhook event: it reaches the receiver, signed with the webhook's secret.
    const stored = await asAdmin(async (api) => (await call(api, '/api/get-webhook', undefined, { id: `admin/${name}` })).data);
    expect(stored.headers).toEqual([{ name: 'X-Tenant', value: 'e2e-tenant' }]);
    await expect
      .poll(() => receiver.received.some((r) => r.headers['x-gatehouse-event'] === 'update-webhook'), { timeout: 20_000 })
      .toBe(true);
    const delivery = receiver.received.find((r) => r.headers['x-gatehouse-event'] === 'update-webhook');
    expect(delivery?.headers['x-tenant']).toBe('e2e-tenant');
    const timestamp = String(delivery?.headers['x-gatehouse-timestamp']);
    const signature = createHmac('sha256', stored.secret).update(`${timestamp}.${delivery?.body}`).digest('hex');
    expect(delivery?.headers['x-gatehouse-signature']).toBe(`sha256=${signature}`);
    expect(Object.keys(JSON.parse(delivery?.body ?? '{}').extendedUser)).toEqual(['email']);

    // The log on the webhook's page shows it; its drawer shows the payload; Replay sends it again.
    const log = page.getByRole('region', { name: 'Deliveries' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByRole('row').filter({ hasText: 'update-webhook' }).filter({ hasText: 'Success' }).first()).toBeVisible(
        {
          timeout: 2000,
        },
      );
    }).toPass({ timeout: 20_000 });
    const row = log.getByRole('row').filter({ hasText: 'update-webhook' }).first();
    await expect(row).toContainText('200');
    await row.getByRole('button', { name: 'Detail' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('webhook-payload')).toContainText('"action": "update-webhook"');
    const before = receiver.received.length;
    await drawer.getByRole('button', { name: 'Replay' }).click();
    await expect(toast(page, 'The delivery is queued again')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
  } finally {
    // The webhook takes every organization's records: it goes before its receiver does.
    if (name) await asAdmin((api) => call(api, '/api/delete-webhook', { owner: 'admin', name }));
    receiver.server.closeAllConnections();
    receiver.server.close();
  }
});

teamTest('an organization admin adds a webhook of their organization only, and may not widen it', async ({ page, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/webhooks');
  await expect(heading(page, 'Webhooks')).toBeVisible();
  await addButton(page).click();
  await expect(toast(page, 'Successfully added')).toBeVisible();
  await expect(page.locator('#webhook_organization')).toBeDisabled();
  await expect(page.locator('.ant-form-item:has(#webhook_organization)')).toContainText(team.org);
  await expect(page.getByRole('switch', { name: 'Single org only' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Single org only' })).toBeChecked();
  await cancelButton(page).click();
  await expect(heading(page, 'Webhooks')).toBeVisible();
});

teamTest('a webhook added by an SDK with its organization as owner opens and saves from the list', async ({ page, team }) => {
  const name = unique('sdk-hook');
  await asAdmin((api) =>
    call(api, '/api/add-webhook', {
      owner: team.org,
      name,
      organization: team.org,
      url: 'https://hooks.example.com/sdk',
      method: 'POST',
      contentType: 'application/json',
      events: ['login'],
    }),
  );
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/webhooks');
  await rowOf(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/webhooks/${name}\\?owner=${team.org}$`));
  await expect(page.locator('#webhook_url')).toHaveValue('https://hooks.example.com/sdk');
  await page.locator('#webhook_url').fill('https://hooks.example.com/sdk-2');
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
  const stored = await asAdmin((api) => call(api, '/api/get-webhook', undefined, { id: `${team.org}/${name}` }));
  expect(stored.data).toMatchObject({ owner: team.org, url: 'https://hooks.example.com/sdk-2' });
});

adminTest.describe('on a phone', () => {
  adminTest.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  /** The page itself never scrolls sideways (wide tables scroll inside their own box). */
  const expectNoHorizontalScroll = (page: Page) =>
    expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  adminTest('the webhook list, edit page and delivery log fit the width', async ({ page }) => {
    const name = unique('phonehook');
    await asAdmin((api) =>
      call(api, '/api/add-webhook', {
        owner: 'admin',
        name,
        organization: 'built-in',
        url: 'https://hooks.example.com/phone',
        headers: [{ name: 'X-Phone', value: 'yes' }],
        events: ['update-webhook'],
        isEnabled: false,
      }),
    );
    await page.goto(`/webhooks?field=name&value=${name}`);
    await expect(rowOf(page, name)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await rowOf(page, name).getByRole('link', { name, exact: true }).click();
    await expect(heading(page, 'Edit Webhook')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deliveries' })).toContainText('No deliveries yet');
    await expect(page.getByRole('group', { name: 'Headers' }).getByLabel('Name of row 1')).toHaveValue('X-Phone');
    await expectNoHorizontalScroll(page);
  });
});
