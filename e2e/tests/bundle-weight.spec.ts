import type { Page } from '@playwright/test';
import { adminTest, expect } from '../support/fixtures.js';

/**
 * What a first visit downloads, measured in Chromium with an empty cache (every test has a fresh
 * context): the bytes on the wire (Network.loadingFinished's encodedDataLength, headers included)
 * of the documents, scripts and style sheets fetched until the page is rendered and the network
 * is idle. API answers are data, not weight, and are left out. Issue 14's targets are 150 kB for the
 * sign-in pages (met: they are their own application, signin.html, without antd) and 350 kB for
 * the console's first load (docs/performance.md, "What a browser downloads"); the console's
 * ceilings are the weights measured with this test plus a little, so that they only go down.
 * scripts/check-bundle.mjs checks the build's gzip sizes the same way.
 */
const KB = 1000;
const SIGN_IN_CEILING = 150 * KB;
const SIGN_UP_CEILING = 150 * KB;
/** The dashboard with its chart (ECharts, loaded after the cards): 423 kB measured. */
const DASHBOARD_CEILING = 430 * KB;
/**
 * 450 kB until the console took the data router (17 kB) for its unsaved-changes guard, 467 kB
 * with the catalogue's texts of issue 28; 432 kB measured since the layout is part of the entry
 * (one file compresses better than the thirty small chunks it was split into).
 */
const LIST_CEILING = 440 * KB;
const WEIGHT_TYPES = new Set(['Document', 'Script', 'Stylesheet']);

/**
 * Starts counting the page's downloads: the returned `bytes` answers the bytes so far of what was
 * asked for before `rendered()` was called; what the page asks for later (a list loads its edit
 * page's code while idle, for the next page) is not part of this page's first load.
 */
async function countDownloads(page: Page): Promise<{ bytes: () => number; rendered: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  const types = new Map<string, string>();
  const later = new Set<string>();
  let shown = false;
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (shown) later.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    if (WEIGHT_TYPES.has(types.get(event.requestId) ?? '') && !later.has(event.requestId)) bytes += event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return {
    bytes: () => bytes,
    rendered: () => {
      shown = true;
    },
  };
}

async function weigh(page: Page, path: string, rendered: () => Promise<void>): Promise<number> {
  const downloads = await countDownloads(page);
  await page.goto(path);
  await rendered();
  downloads.rendered();
  await page.waitForLoadState('networkidle');
  const bytes = downloads.bytes();
  adminTest.info().annotations.push({ type: 'weight', description: `${path}: ${(bytes / KB).toFixed(1)} kB on the wire` });
  console.log(`${path}: ${(bytes / KB).toFixed(1)} kB on the wire`);
  return bytes;
}

adminTest.describe('signed out', () => {
  adminTest.use({ storageState: { cookies: [], origins: [] } });

  adminTest('the sign-in page downloads less than its ceiling', async ({ page }) => {
    const bytes = await weigh(page, '/login', () => expect(page.getByRole('button', { name: /sign in/i })).toBeVisible());
    expect(bytes).toBeLessThanOrEqual(SIGN_IN_CEILING);
  });

  adminTest('the sign-up page downloads less than its ceiling', async ({ page }) => {
    const bytes = await weigh(page, '/signup/app-built-in', () =>
      expect(page.getByRole('button', { name: /sign up/i })).toBeVisible(),
    );
    expect(bytes).toBeLessThanOrEqual(SIGN_UP_CEILING);
  });
});

/** The console's first render waits on several chunks and calls; on a busy machine it takes a while. */
const RENDERED = { timeout: 45_000 };

adminTest('the console’s first load (the dashboard and its chart) downloads less than its ceiling', async ({ page }) => {
  adminTest.slow();
  const bytes = await weigh(page, '/', () =>
    expect(page.getByRole('img', { name: /Line chart of the number of records/ }).locator('canvas')).toBeVisible(RENDERED),
  );
  expect(bytes).toBeLessThanOrEqual(DASHBOARD_CEILING);
});

adminTest('a list page as the first load downloads less than its ceiling', async ({ page }) => {
  adminTest.slow();
  // The first row, whichever organization it is (other tests add organizations before this one
  // runs), seen on the frame it is painted in (an expect's polling backs off to a second, and the
  // list loads its edit page's code a second after its rows are shown).
  const bytes = await weigh(page, '/organizations', async () => {
    await page.waitForFunction(() => document.querySelector('.ant-table-row a') !== null, undefined, {
      polling: 'raf',
      ...RENDERED,
    });
  });
  expect(bytes).toBeLessThanOrEqual(LIST_CEILING);
});
