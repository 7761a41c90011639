import { adminTest, expect, heading, signIn, teamTest } from '../support/fixtures.js';

/** The system-info dashboard: global administrators only. */

adminTest.describe('desktop', () => {
  adminTest.use({ viewport: { width: 1600, height: 900 } });

  adminTest('shows a bar per core, the memory circle, the request tables and the version', async ({ page }) => {
    await page.goto('/sysinfo');
    await expect(heading(page, 'System Info')).toBeVisible();
    await expect(page.getByTestId('cpu-bar').first()).toBeVisible();
    expect(await page.getByTestId('cpu-bar').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('memory-text')).toHaveText(/^\d[\d.]* [KMGT]?i?B \/ \d[\d.]* [KMGT]?i?B$/);
    await expect(page.getByRole('progressbar', { name: 'Memory Usage' })).toBeVisible();
    const latency = page.locator('#sysinfo-latency');
    await expect(latency.getByRole('columnheader', { name: 'Latency (ms)' })).toBeVisible();
    // Real request metrics: a row per route pattern with its method, count and latency (the server
    // shared with other tests has many routes, so whichever comes first: /* is the console's files,
    // first unless another test has asked for /.well-known).
    const firstRow = latency
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first();
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText(/^\/(\*|api|cas|\.well-known|login|files|metrics)/);
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText(/^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH)$/);
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText(/^\d+$/);
    await expect(firstRow.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d{3}$/);
    await expect(page.locator('#sysinfo-throughput').getByTestId('total-throughput')).toHaveText(/^Total throughput: \d/);
    await expect(page.getByTestId('version')).toHaveText(/^Version: (\S+( \(ahead\+\d+\))?|Unknown version)$/);
  });

  adminTest('polls every 2 seconds: the figures are asked for again and again', async ({ page }) => {
    const asked: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/get-system-info') asked.push(Date.now());
    });
    await page.goto('/sysinfo');
    await expect(page.getByTestId('cpu-bar').first()).toBeVisible();
    await expect.poll(() => asked.length, { timeout: 9000 }).toBeGreaterThanOrEqual(3);
    // About two seconds apart, not faster.
    const gaps = asked.slice(1).map((at, i) => at - (asked[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThan(1500);
  });

  adminTest('a failed call shows its message and stops the polling', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/get-system-info', async (route) => {
      calls += 1;
      await route.fulfill({ json: { status: 'error', msg: 'sensor offline', data: null } });
    });
    await page.goto('/sysinfo');
    await expect(page.getByText('System info failed to get: sensor offline').first()).toBeVisible();
    const after = calls;
    await page.waitForTimeout(4500);
    expect(calls).toBe(after);
  });

  adminTest('no CPU data shows “Failed to get CPU usage”', async ({ page }) => {
    await page.route('**/api/get-system-info', (route) =>
      route.fulfill({ json: { status: 'ok', msg: '', data: { cpuUsage: [], memoryUsed: 1024, memoryTotal: 4096 } } }),
    );
    await page.goto('/sysinfo');
    await expect(page.getByText('Failed to get CPU usage')).toBeVisible();
  });

  adminTest('the version shows (ahead+N), or Unknown version when empty', async ({ page }) => {
    await page.route('**/api/get-version-info', (route) =>
      route.fulfill({ json: { status: 'ok', msg: '', data: { version: 'v1.4.0', commitId: 'abc', commitOffset: 5 } } }),
    );
    await page.goto('/sysinfo');
    await expect(page.getByTestId('version')).toHaveText('Version: v1.4.0 (ahead+5)');
    await page.unroute('**/api/get-version-info');
    await page.route('**/api/get-version-info', (route) =>
      route.fulfill({ json: { status: 'ok', msg: '', data: { version: '', commitId: '', commitOffset: 0 } } }),
    );
    await page.reload();
    await expect(page.getByTestId('version')).toHaveText('Version: Unknown version');
  });

  adminTest('the tour walks through the cards', async ({ page }) => {
    await page.goto('/sysinfo');
    await expect(page.getByTestId('cpu-bar').first()).toBeVisible();
    await page.getByRole('button', { name: 'Start the tour of this page' }).click();
    const tour = page.locator('.ant-tour');
    await expect(tour.getByText('Usage of each CPU core of the server, refreshed every 2 seconds.')).toBeVisible();
    await expect(tour.getByText('1 / 5')).toBeVisible();
  });
});

teamTest('an organization administrator is refused', async ({ page, team }) => {
  await signIn(page, team.admin.name, team.admin.password, team.org);
  await page.goto('/sysinfo');
  await expect(heading(page, '403 Unauthorized')).toBeVisible();
  await expect(page.getByTestId('cpu-bar')).toHaveCount(0);
});

adminTest.describe('phone', () => {
  adminTest.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  adminTest('shows the CPU, memory and About cards in one column, without the tables', async ({ page }) => {
    await page.goto('/sysinfo');
    await expect(page.getByTestId('cpu-bar').first()).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Memory Usage' })).toBeVisible();
    await expect(page.getByTestId('version')).toBeVisible();
    await expect(page.locator('#sysinfo-latency')).toHaveCount(0);
    const cpu = await page.locator('#sysinfo-cpu').boundingBox();
    const memory = await page.locator('#sysinfo-memory').boundingBox();
    expect(cpu && memory && memory.y > cpu.y).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
