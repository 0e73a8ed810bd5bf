import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_NAMES,
  CACHED_AGENT,
  HELPER_AGENT,
  createCacheSession,
} from '../../src/context/cache-performance-test-fixtures.js';
import {
  APP_NAME,
  createSession,
  inspector,
  openApp,
  openTab,
  screenshot,
  sendMessage,
  waitForIdle,
  type DevServer,
  useDevUiBrowser,
} from './harness.js';

// The Cache tab (spec 004 §6 CachePerformanceAnalyzer over the dev server's
// cache_performance route) in a real chromium against the real server.

const ui = useDevUiBrowser({ width: 1400, height: 900 });
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

describe('dev UI inspector: Cache tab', () => {
  it("shows each agent's cache metrics and its invocations, figures as computed by hand", async () => {
    const session = await createCacheSession(server.sessionService, {
      appName: APP_NAME,
      userId: 'user',
    });
    await page.goto(`${server.url}/dev-ui/?app=${APP_NAME}&session=${session.id}&userId=user`);
    await openTab(page, 'Cache');

    const metrics = inspector(page).getByLabel(`Cache metrics of ${CACHED_AGENT}`, { exact: true });
    await metrics.waitFor();
    const metric = (label: string) =>
      metrics
        .locator('.cache-metric', { has: page.getByText(label, { exact: true }) })
        .locator('dd');
    expect(await metric('Cache hit ratio').innerText()).toBe('73.5%');
    expect(await metric('Cache utilization ratio').innerText()).toBe('80.0%');
    expect(await metric('Cached / prompt tokens').innerText()).toBe('19400 / 26400');
    expect(await metric('Avg cached tokens per request').innerText()).toBe('3880.0');
    expect(await metric('Cache refreshes').innerText()).toBe('2');
    expect(await metric('Latest cache').innerText()).toBe(CACHE_NAMES.c2);

    const table = inspector(page).getByRole('table', { name: `Invocations of ${CACHED_AGENT}` });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    const cells = async (index: number) =>
      (await rows.nth(index).locator('td').allInnerTexts()).map((text) => text.trim());
    expect(await cells(0)).toEqual(['e-1', '1', '5000', '0', '0.0%', '—']);
    expect(await cells(1)).toEqual(['e-2', '2', '10500', '9600', '91.4%', 'c1new ×1']);
    expect(await cells(2)).toEqual(['e-3', '1', '5400', '4800', '88.9%', 'c1 ×2']);
    expect(await cells(3)).toEqual(['e-4', '1', '5500', '5000', '90.9%', 'c2new ×1']);

    // The second agent of the session has its own section.
    await inspector(page).getByLabel(`Cache metrics of ${HELPER_AGENT}`, { exact: true }).waitFor();
    await screenshot(page, 'cache-panel');
  });

  it('a session whose agent used no cache says so', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'hello');
    await waitForIdle(page);
    await openTab(page, 'Cache');
    await inspector(page)
      .getByText('No agent of this session used a context cache.', { exact: false })
      .waitFor();
  });
});
