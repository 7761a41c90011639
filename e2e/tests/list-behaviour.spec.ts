import type { Page } from '@playwright/test';
import { addUsers, createOrganization, unique } from '../support/api.js';
import { adminTest, dataRows, expect, rowOf, toast, totalText } from '../support/fixtures.js';

/**
 * The generic list, on an organization's user list whose data the test controls: exactly one
 * page plus one row (11 users at the default page size of 10), named {prefix}01 ... {prefix}11.
 */
const test = adminTest.extend<{ list: { org: string; names: string[] } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  list: async ({}, use) => {
    const org = await createOrganization('list');
    const prefix = unique('u');
    const names = Array.from({ length: 11 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
    // Added out of name order, so that no order of the list follows from the order of adding.
    await addUsers(org, [...names.slice(5), ...names.slice(0, 5)]);
    await use({ org, names });
  },
});

/** The name links of the rows shown, in row order (user names all start with the list's prefix). */
const shownNames = (page: Page, names: string[]) =>
  page.getByRole('table').getByRole('link', { name: new RegExp(`^${(names[0] ?? '').slice(0, -2)}`) });

/** A page item of the pagination (antd names them by their number). */
const pageItem = (page: Page, n: number) => page.getByRole('listitem', { name: String(n), exact: true });

test('pages on the server, with the total count, a quick jumper and a size changer', async ({ page, list }) => {
  await page.goto(`/organizations/${list.org}/users`);
  await expect(totalText(page, 11)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(10);

  const secondPage = page.waitForRequest((r) => r.url().includes('/api/get-users') && r.url().includes('p=2&pageSize=10'));
  await pageItem(page, 2).click();
  await secondPage;
  await expect(page).toHaveURL(`/organizations/${list.org}/users?p=2`);
  await expect(dataRows(page)).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Page' }).fill('1');
  await page.getByRole('textbox', { name: 'Page' }).press('Enter');
  await expect(page).toHaveURL(`/organizations/${list.org}/users`);
  await expect(dataRows(page)).toHaveCount(10);

  await page.getByRole('combobox', { name: 'Page Size' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('20 / page').click();
  await expect(page).toHaveURL(`/organizations/${list.org}/users?pageSize=20`);
  await expect(dataRows(page)).toHaveCount(11);
  await expect(totalText(page, 11)).toBeVisible();
});

test('sorts by a column on the server, ascending then descending', async ({ page, list }) => {
  await page.goto(`/organizations/${list.org}/users`);
  await expect(dataRows(page)).toHaveCount(10);
  const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });

  await nameHeader.getByText('Name', { exact: true }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sortField=name&sortOrder=ascend/);
  await expect(shownNames(page, list.names)).toHaveText(list.names.slice(0, 10));

  await nameHeader.getByText('Name', { exact: true }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sortField=name&sortOrder=descend/);
  await expect(shownNames(page, list.names)).toHaveText([...list.names].reverse().slice(0, 10));
});

test('searches one column on the server and resets the search', async ({ page, list }) => {
  const wanted = list.names[6] ?? '';
  await page.goto(`/organizations/${list.org}/users`);
  await expect(totalText(page, 11)).toBeVisible();

  await page.getByRole('button', { name: 'Search Name' }).click();
  await page.getByRole('textbox', { name: 'Search Name' }).fill(wanted);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/organizations/${list.org}/users?field=name&value=${wanted}`);
  await expect(totalText(page, 1)).toBeVisible();
  await expect(shownNames(page, list.names)).toHaveText([wanted]);

  await page.getByRole('button', { name: 'Search Name' }).click();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page).toHaveURL(`/organizations/${list.org}/users`);
  await expect(totalText(page, 11)).toBeVisible();
});

test('deleting the only row of the last page steps back one page', async ({ page, list }) => {
  await page.goto(`/organizations/${list.org}/users?p=2`);
  await expect(dataRows(page)).toHaveCount(1);
  const last = (await shownNames(page, list.names).textContent()) ?? '';

  await rowOf(page, last).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Successfully deleted')).toBeVisible();
  await expect(page).toHaveURL(`/organizations/${list.org}/users`);
  await expect(totalText(page, 10)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(10);
  await expect(pageItem(page, 1)).toHaveClass(/ant-pagination-item-active/);
  await expect(pageItem(page, 2)).toHaveCount(0);
});

test('a wide table scrolls sideways inside the page at 1366 px, keeping the name column in view', async ({ page, list }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/organizations/${list.org}/users`);
  await expect(shownNames(page, list.names).first()).toBeVisible();
  const first = (await shownNames(page, list.names).first().textContent()) ?? '';
  const nameLink = page.getByRole('table').getByRole('link', { name: first, exact: true });
  // The page itself does not scroll sideways: the table does, in its own scroll area.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const scroller = page.locator('.ant-table-content');
  const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeGreaterThan(0);
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  // Scrolled to the end: the last column (Action) and the fixed name column are both on screen.
  await expect(rowOf(page, first).getByRole('button', { name: 'Delete', exact: true })).toBeInViewport();
  await expect(nameLink).toBeInViewport();
  const box = await nameLink.boundingBox();
  const area = await scroller.boundingBox();
  expect(box && area && box.x >= area.x).toBe(true);
});

adminTest('a list shows the spinner while it loads and "No data" once it is empty, never both', async ({ page }) => {
  const org = await createOrganization('empty');
  // The answer waits until the test lets it go.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/get-users?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/organizations/${org}/users`);
  const noData = page.getByRole('table').locator('.ant-empty-description', { hasText: 'No data' });
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toBeVisible();
  await expect(noData).toHaveCount(0);
  release();
  await expect(noData).toBeVisible();
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
});

adminTest('at 1366 px the sticky Action column covers no header of a list that fits', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const rightEdge = async (name: string) => {
    const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
    return (box?.x ?? 0) + (box?.width ?? 0);
  };
  const actionLeft = async () => (await page.getByRole('columnheader', { name: 'Action', exact: true }).boundingBox())?.x ?? 0;
  // The headers alone (a search that matches nothing: the rows of other tests make their own widths).
  await page.goto(`/syncers?field=name&value=${unique('none')}`);
  await expect(page.getByRole('columnheader', { name: 'Action', exact: true })).toBeVisible();
  expect(await rightEdge('Sync interval (minutes)')).toBeLessThanOrEqual((await actionLeft()) + 1);
  expect(await rightEdge('Last sync')).toBeLessThanOrEqual((await actionLeft()) + 1);
  const org = await createOrganization('fit');
  await addUsers(org, ['a1']);
  await page.goto(`/organizations/${org}/users`);
  await expect(page.getByRole('columnheader', { name: 'Action', exact: true })).toBeVisible();
  expect(await rightEdge('Is forbidden')).toBeLessThanOrEqual((await actionLeft()) + 1);
});

adminTest('a list loads its edit page’s code once it is shown, so that Edit opens without waiting for it', async ({ page }) => {
  const editCode = page.waitForRequest(
    (request) => /\/assets\/entity-edit-page-[^/]+\.js$/.test(new URL(request.url()).pathname),
    {
      timeout: 10_000,
    },
  );
  await page.goto('/organizations');
  await expect(dataRows(page).first()).toBeVisible();
  await editCode;
});
