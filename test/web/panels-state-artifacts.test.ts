import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TEXT } from './dev-ui-app.js';
import {
  createSession,
  openApp,
  screenshot,
  type DevServer,
  useDevUiBrowser,
  inspector,
  openTab,
  sendAndCountModelCalls,
} from './harness.js';

// The State and Artifacts panels in a real chromium against the real server.

const ui = useDevUiBrowser({ width: 1400, height: 900 });
let server: DevServer;
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ server, context, page } = ui);
});

describe('dev UI inspector panels: State and Artifacts', () => {
  it('State: shows the state the tool set, grouped by scope, marks the changed keys, collapses and copies', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page, server.url);
    await createSession(page, {
      visits: 1,
      profile: { name: 'Ada', tags: ['x'] },
      'user:plan': 'pro',
    });
    await openTab(page, 'State');
    const sessionGroup = inspector(page).getByRole('region', {
      name: 'Session state',
      exact: true,
    });
    await expect.poll(() => sessionGroup.innerText()).toContain('visits');
    expect(await sessionGroup.innerText()).not.toContain('last_city');

    // The panel stays open while the run updates the state.
    await sendAndCountModelCalls(page, server, 'What is the weather in Paris?');
    const tree = sessionGroup.getByRole('list', { name: 'Session state', exact: true });
    const lastCity = tree.locator('li[data-key="last_city"]');
    await expect.poll(() => lastCity.innerText()).toMatch(/last_city\s*:\s*"Paris"\s*changed/);
    expect(await tree.locator('li[data-key="weather_checks"]').innerText()).toMatch(
      /weather_checks\s*:\s*1\s*changed/,
    );
    expect(await tree.locator('li[data-key="visits"]').innerText()).not.toContain('changed');
    const userGroup = inspector(page).getByRole('region', {
      name: 'User state (user:)',
      exact: true,
    });
    expect(await userGroup.innerText()).toMatch(/user:plan\s*:\s*"pro"/);
    await screenshot(page, 'panels-01-state');

    // Nested values collapse and expand.
    const profile = tree.getByRole('button', { name: 'profile {2 keys}', exact: true });
    expect(await profile.getAttribute('aria-expanded')).toBe('true');
    expect(await tree.innerText()).toContain('Ada');
    await profile.click();
    await expect.poll(() => profile.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => tree.innerText()).not.toContain('Ada');

    await inspector(page)
      .getByRole('button', { name: 'Copy the whole state as JSON', exact: true })
      .click();
    await expect
      .poll(() => inspector(page).locator('.copy-button').first().getByRole('status').innerText())
      .toBe('Copied');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as unknown;
    expect(copied).toEqual({
      visits: 1,
      profile: { name: 'Ada', tags: ['x'] },
      'user:plan': 'pro',
      last_city: 'Paris',
      weather_checks: 1,
    });
  });

  it('Artifacts: lists report.txt and chart.png, previews the text, shows the image and follows new versions', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await openTab(page, 'Artifacts');
    await inspector(page).getByText('No artifacts in this session yet.').waitFor();

    await sendAndCountModelCalls(page, server, 'Please save the report');
    const list = inspector(page).getByRole('list', { name: 'Artifacts', exact: true });
    await expect
      .poll(async () => (await list.locator(':scope > li h4').allInnerTexts()).sort())
      .toEqual(['chart.png', 'report.txt']);
    const report = inspector(page).getByRole('region', {
      name: 'Artifact report.txt',
      exact: true,
    });
    await expect
      .poll(() => report.getByLabel('Content of report.txt').innerText())
      .toBe(REPORT_TEXT);
    const image = inspector(page).getByRole('img', { name: 'chart.png, version 0', exact: true });
    await image.waitFor();
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBe(2);
    await screenshot(page, 'panels-02-artifacts');

    // A second save makes version 1, shown as the latest; version 0 stays selectable.
    await sendAndCountModelCalls(page, server, 'Save the report again');
    const versions = report.getByLabel('Version of report.txt', { exact: true });
    await expect.poll(() => versions.locator('option').allInnerTexts()).toHaveLength(2);
    expect(await versions.inputValue()).toBe('1');
    expect(await versions.locator('option').last().innerText()).toContain('(latest)');
    await versions.selectOption('0');
    await expect
      .poll(() => report.getByLabel('Content of report.txt').innerText())
      .toBe(REPORT_TEXT);
    expect(await versions.inputValue()).toBe('0');
    await inspector(page).getByRole('img', { name: 'chart.png, version 1', exact: true }).waitFor();
  });
});
