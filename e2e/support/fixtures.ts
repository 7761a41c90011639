import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { createOrganizationWithUsers } from './api.js';

export const ADMIN_STATE = new URL('../.auth/admin.json', import.meta.url).pathname;

/** Signs a page in through the real sign-in API, as a browser would (cookie set on the page's context). */
export async function signIn(page: Page, username: string, password: string, organization = 'built-in') {
  const res = await page.request.post(`${baseURL}/api/login`, {
    data: { type: 'login', application: 'app-built-in', organization, username, password, autoSignin: true },
    headers: { origin: baseURL },
  });
  const body = await res.json();
  if (body.status !== 'ok') throw new Error(`sign-in of ${organization}/${username} failed: ${body.msg}`);
}

/** Fills the sign-in form of the page already open and submits it with Enter. */
export async function submitSignInForm(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

/** Tests that start signed in as built-in/admin (the state saved by global.setup.ts). */
export const adminTest = base.extend({
  storageState: ADMIN_STATE,
});

/** An organization of the test's own with an administrator (boss) and an ordinary user (worker). */
export type Team = Awaited<ReturnType<typeof createOrganizationWithUsers>>;

/** Tests that start signed out and get a fresh organization with its two users. */
export const teamTest = base.extend<{ team: Team }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  team: async ({}, use) => use(await createOrganizationWithUsers()),
});

/** Admin-signed-in tests that also get a fresh organization with its two users. */
export const adminTeamTest = adminTest.extend<{ team: Team }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
  team: async ({}, use) => use(await createOrganizationWithUsers()),
});

/** A toast of antd's message API (each notice is a role=alert) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').getByText(text, { exact: true });
}

/** The level-1 heading every screen has. */
export function heading(page: Page, name?: string): Locator {
  return page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name, exact: true }) });
}

/** The data rows of the list on the page (every data row has its own Delete button). */
export function dataRows(page: Page): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Delete', exact: true }) });
}

/** The list row of the record named `name` (its name cell is a link to the record). */
export function rowOf(page: Page, name: string): Locator {
  return dataRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The pagination's total text. */
export function totalText(page: Page, total: number): Locator {
  return page.getByText(`${total} in total`, { exact: true });
}

/**
 * Picks a choice of the open antd select. antd renders a hidden listbox for screen readers and a
 * separate visible list; the visible entries carry the option's text as their title.
 */
export async function chooseOption(page: Page, text: string) {
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true });
  // The list is virtual: scrolling an entry into view may re-render it, so retry until it takes.
  await expect(async () => {
    await option.scrollIntoViewIfNeeded({ timeout: 3000 });
    await option.click({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks a choice of the open list of a sign-in page's combobox (the plain kit's: a listbox of
 * options under the input).
 */
export async function pickOption(page: Page, name: string | RegExp) {
  await page
    .getByRole('listbox')
    .getByRole('option', { name, exact: typeof name === 'string' })
    .click();
}

/** The header button of the account menu (My Account, Logout). */
export function accountMenu(page: Page): Locator {
  return page.getByRole('button', { name: /^Account menu of / });
}

/**
 * Opens the header's account menu and chooses Logout, until the menu is gone (signed out). A click
 * that lands while the header re-renders under it (an account read again after a change) closes the
 * menu without choosing: the helper then opens it again.
 */
export async function logOut(page: Page) {
  await expect(async () => {
    if ((await accountMenu(page).count()) === 0) return;
    await accountMenu(page).click({ timeout: 5000 });
    await page.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 5000 });
    await expect(accountMenu(page)).toHaveCount(0, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Presses Tab (or `key`, e.g. Shift+Tab to go back) until `target` has the focus (fails after
 * `limit` presses): proves it is reachable by keyboard.
 */
export async function tabTo(page: Page, target: Locator, limit = 40, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with at most ${limit} presses of ${key}`).toBeFocused();
}

export { expect };
