import type { Locator, Page } from '@playwright/test';
import { expect, rowOf, toast } from './fixtures.js';

/**
 * Controls of the console's generic list and edit pages, shared by every browser test (the edit
 * page's title bar repeats its buttons at the bottom of long forms, so the first one is taken).
 */

export const saveButton = (page: Page): Locator => page.getByRole('button', { name: 'Save', exact: true }).first();
export const saveAndExitButton = (page: Page): Locator => page.getByRole('button', { name: 'Save & Exit', exact: true }).first();
export const cancelButton = (page: Page): Locator => page.getByRole('button', { name: 'Cancel', exact: true }).first();
export const addButton = (page: Page): Locator => page.getByRole('button', { name: 'Add', exact: true });

/** A form input by its exact label. */
export const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });
/** The message shown under a form input (its form item's explanation). */
export const fieldError = (page: Page, input: Locator): Locator =>
  page.locator('.ant-form-item').filter({ has: input }).last().locator('.ant-form-item-explain-error');

/** A list row's Edit action. */
export const editAction = (page: Page, name: string): Locator => rowOf(page, name).locator('a', { hasText: /^Edit$/ });

/** Saves the edit page and waits for the confirmation. */
export async function save(page: Page) {
  await saveButton(page).click();
  await expect(toast(page, 'Successfully saved')).toBeVisible();
}

/**
 * Opens a confirmation with `trigger`, waits for the one whose text is `question`, and clicks its
 * OK (not another confirmation's that is still fading out) until `outcome` shows: an OK clicked
 * while the popover was still opening, or re-rendered under the click, is clicked again while the
 * confirmation is open.
 */
export async function confirm(page: Page, trigger: Locator, question: string, outcome: Locator) {
  await trigger.click();
  const popover = page.locator('.ant-popconfirm').filter({ hasText: question });
  await expect(popover.getByText(question, { exact: true })).toBeVisible();
  const ok = popover.getByRole('button', { name: 'OK', exact: true });
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(outcome).toBeVisible({ timeout: 3_000 });
  }).toPass();
}

/** Deletes the list row of `name` through its confirmation, and waits until the row is gone. */
export async function deleteRow(page: Page, name: string) {
  const deleted = toast(page, 'Successfully deleted');
  await confirm(
    page,
    rowOf(page, name).getByRole('button', { name: 'Delete', exact: true }),
    `Sure to delete: ${name} ?`,
    deleted,
  );
  await expect(rowOf(page, name)).toHaveCount(0);
}
