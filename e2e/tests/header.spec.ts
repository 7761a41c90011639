import type { Locator, Page } from '@playwright/test';
import { adminTest, expect } from '../support/fixtures.js';

/**
 * The console header as a first-time administrator sees it (issue 28, point 1): the organization
 * selector sizes like the other header widgets and stays inside the header, header pop-ups have
 * items of a normal height, and from tablet widths up every menu group stays in sight, in both themes.
 */

const GROUPS = ['Home', 'User Management', 'Identity', 'Authorization', 'Logging & Auditing', 'Business & Payments', 'Admin'];
const HEADER_ROW = 64;

/**
 * The dark theme, as the theme menu saves it (choosing it in the menu is shell.spec.ts's): a click
 * on the menu while a loaded machine still puts the page together can land on an item that is
 * re-rendered under it (seen in CI, the theme stayed light).
 */
async function useDark(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', JSON.stringify({ dark: true, compact: false })));
  await page.reload();
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  await expect(page.getByRole('main')).toBeVisible();
}

/** The box a control is rendered in. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

for (const dark of [false, true]) {
  for (const width of [800, 1024, 1366]) {
    adminTest.describe(`${width} px wide${dark ? ', dark' : ''}`, () => {
      adminTest.use({ viewport: { width, height: 800 } });

      adminTest('the organization selector and the language menu size like the other header widgets', async ({ page }) => {
        await page.goto('/organizations');
        if (dark) await useDark(page);
        const banner = page.getByRole('banner');
        const header = await boxOf(banner);
        const selector = banner.getByRole('combobox', { name: 'Organization' });
        const box = await boxOf(selector);
        expect(box.height).toBeGreaterThanOrEqual(28);
        expect(box.height).toBeLessThanOrEqual(36);
        // Inside the header's first row, not spilling below it.
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + HEADER_ROW);
        await expect(selector).toHaveCSS('border-top-style', 'solid');
        // The theme button beside it is not covered.
        const theme = await boxOf(banner.getByRole('button', { name: 'Theme' }));
        expect(box.x + box.width).toBeLessThanOrEqual(theme.x);

        await selector.click();
        const options = page.getByRole('listbox', { name: 'Organization' }).getByRole('option');
        await expect(options.first()).toBeVisible();
        expect((await boxOf(options.first())).height).toBeLessThanOrEqual(36);
        await page.keyboard.press('Escape');

        await banner.getByRole('button', { name: 'Language' }).click();
        const english = page.getByRole('menuitem', { name: 'English' });
        await expect(english).toBeVisible();
        expect((await boxOf(english)).height).toBeLessThanOrEqual(36);
      });

      adminTest('every menu group stays in sight instead of folding into "···"', async ({ page }) => {
        await page.goto('/organizations');
        if (dark) await useDark(page);
        const menu = page.getByRole('navigation', { name: 'Menu' });
        for (const group of GROUPS) await expect(menu.getByRole('menuitem', { name: group, exact: true })).toBeVisible();
        await expect(menu.locator('.ant-menu-overflow-item-rest:visible')).toHaveCount(0);
        // The edit page's title bar sits right under the header, however tall the header is.
        await page.goto('/organizations/built-in');
        const bar = page.getByRole('heading', { name: 'Edit Organization' });
        await expect(bar).toBeVisible();
        await page.mouse.wheel(0, 1500);
        const header = await boxOf(page.getByRole('banner'));
        await expect.poll(async () => (await boxOf(bar)).y).toBeGreaterThanOrEqual(header.y + header.height);
      });
    });
  }

  adminTest.describe(`on a phone${dark ? ', dark' : ''}`, () => {
    adminTest.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    adminTest('the drawer’s organization selector sizes like a control', async ({ page }) => {
      await page.goto('/organizations');
      if (dark) await useDark(page);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      const selector = drawer.getByRole('combobox', { name: 'Organization' });
      const box = await boxOf(selector);
      expect(box.height).toBeGreaterThanOrEqual(28);
      expect(box.height).toBeLessThanOrEqual(36);
      await expect(selector).toHaveCSS('border-top-style', 'solid');
    });
  });
}

/** The WCAG contrast ratio of a text colour on its background, both 'rgb(a)(...)' as computed. */
function contrast(text: string, background: string): number {
  const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [a, b] = [luminance(channels(text)), luminance(channels(background))].sort((x, y) => y - x);
  return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
}

for (const dark of [false, true]) {
  adminTest(`the theme menu's selected item is readable${dark ? ' in the dark theme' : ''}`, async ({ page }) => {
    await page.goto('/organizations');
    if (dark) await useDark(page);
    await page.getByRole('button', { name: 'Theme' }).click();
    const selected = page.getByRole('menuitem', { name: dark ? 'Dark' : 'Default', exact: true });
    await expect(selected).toBeVisible();
    // The colours as painted: the item's own background over the menu's (antd's is translucent).
    const colours = await selected.evaluate((item) => {
      const menu = item.closest('.ant-dropdown-menu') ?? document.body;
      return {
        text: getComputedStyle(item).color,
        item: getComputedStyle(item).backgroundColor,
        menu: getComputedStyle(menu).backgroundColor,
      };
    });
    const over = (top: string, bottom: string) => {
      const [r = 0, g = 0, b = 0, alpha = 1] = (top.match(/[\d.]+/g) ?? []).map(Number);
      const [R = 0, G = 0, B = 0] = (bottom.match(/[\d.]+/g) ?? []).map(Number);
      const mix = (x: number, y: number) => x * alpha + y * (1 - alpha);
      return `rgb(${mix(r, R)}, ${mix(g, G)}, ${mix(b, B)})`;
    };
    const background = over(colours.item, colours.menu);
    expect(contrast(over(colours.text, background), background), JSON.stringify(colours)).toBeGreaterThanOrEqual(4.5);
  });
}

for (const width of [800, 1366]) {
  adminTest.describe(`in Chinese, ${width} px wide`, () => {
    adminTest.use({ locale: 'zh-CN', viewport: { width, height: 800 } });

    adminTest('the header’s widgets size like controls and every menu group stays in sight', async ({ page }) => {
      await page.goto('/organizations');
      const banner = page.getByRole('banner');
      const header = await boxOf(banner);
      const selector = banner.getByRole('combobox', { name: '组织' });
      const box = await boxOf(selector);
      expect(box.height).toBeLessThanOrEqual(36);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + HEADER_ROW);
      expect(box.x + box.width).toBeLessThanOrEqual((await boxOf(banner.getByRole('button', { name: '主题' }))).x);
      await banner.getByRole('button', { name: '语言' }).click();
      expect((await boxOf(page.getByRole('menuitem', { name: 'English' }))).height).toBeLessThanOrEqual(36);
      await page.keyboard.press('Escape');
      const menu = page.getByRole('navigation', { name: '菜单' });
      for (const group of ['首页', '用户管理', '身份认证', '权限管理', '日志与审计', '商业与支付', '系统管理']) {
        await expect(menu.getByRole('menuitem', { name: group, exact: true })).toBeVisible();
      }
      await expect(menu.locator('.ant-menu-overflow-item-rest:visible')).toHaveCount(0);
    });
  });
}
