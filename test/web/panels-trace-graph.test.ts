import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
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

// The Trace and Graph panels (over the span store and graph routes) in a real chromium against the real server.

const ui = useDevUiBrowser({ width: 1400, height: 900 });
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

describe('dev UI inspector panels: Trace and Graph', () => {
  it('Trace: one timeline per invocation with one bar per model and tool call; an LLM span shows its request', async () => {
    await openApp(page, server.url);
    await createSession(page);
    const echoCalls = await sendAndCountModelCalls(page, server, 'hello there');
    const weatherCalls = await sendAndCountModelCalls(
      page,
      server,
      'What is the weather in Paris?',
    );
    // The scripted model: a text-and-call turn, then the answer after get_weather.
    expect(weatherCalls).toBe(2);
    expect(echoCalls).toBe(1);
    await openTab(page, 'Trace');

    const invocations = inspector(page).locator('section.trace-invocation');
    await expect.poll(() => invocations.count()).toBe(2);
    // Newest first, and open.
    const newest = invocations.first();
    const toggle = newest.getByRole('button', { name: /^▾?\s*Invocation/ }).first();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      await invocations.nth(1).locator('.trace-invocation-toggle').getAttribute('aria-expanded'),
    ).toBe('false');

    const llmBars = newest.getByRole('button', { name: /^call_llm \d+(\.\d)? ms$/ });
    const toolBars = newest.getByRole('button', {
      name: /^execute_tool get_weather \d+(\.\d)? ms$/,
    });
    expect(await llmBars.count()).toBe(weatherCalls);
    expect(await toolBars.count()).toBe(1);
    expect(await newest.getByRole('button', { name: /^execute_tool / }).count()).toBe(1);
    expect(
      await newest.getByRole('button', { name: /^invoke_agent dev_ui_agent \d/ }).count(),
    ).toBe(1);

    // Bars sit in time order inside their track: the tool call after the first model call.
    const left = async (locator: ReturnType<Page['locator']>) =>
      locator
        .locator('.trace-bar')
        .evaluate((element: HTMLElement) => element.getBoundingClientRect().left);
    expect(await left(toolBars)).toBeGreaterThan(await left(llmBars.first()));
    expect(await left(llmBars.nth(1))).toBeGreaterThan(await left(toolBars));

    await llmBars.first().click();
    const details = newest.getByRole('region', { name: 'Span details', exact: true });
    await details.waitFor();
    expect(await details.getByLabel('System instruction', { exact: true }).innerText()).toContain(
      'Help the user.',
    );
    expect(await details.getByRole('list', { name: 'Request contents' }).innerText()).toContain(
      'What is the weather in Paris?',
    );
    const tools = await details.getByRole('list', { name: 'Tool declarations' }).innerText();
    for (const name of ['get_weather', 'save_report', 'ask_approval', 'delete_files'])
      expect(tools).toContain(name);
    expect(await details.getByLabel('LLM response', { exact: true }).innerText()).toContain(
      'get_weather',
    );
    await screenshot(page, 'panels-03-trace-llm');

    await toolBars.click();
    await expect
      .poll(() => details.getByLabel('Tool arguments', { exact: true }).innerText())
      .toContain('Paris');
    expect(await details.getByLabel('Tool response', { exact: true }).innerText()).toContain(
      'sunny',
    );

    // Selecting an event of the first invocation in the Events tab opens that invocation instead.
    await openTab(page, 'Events');
    await inspector(page).locator('[data-testid="event-row"]').first().click();
    await openTab(page, 'Trace');
    await expect
      .poll(() =>
        invocations.nth(1).locator('.trace-invocation-toggle').getAttribute('aria-expanded'),
      )
      .toBe('true');
    expect(
      await invocations.first().locator('.trace-invocation-toggle').getAttribute('aria-expanded'),
    ).toBe('false');
    expect(
      await invocations
        .nth(1)
        .getByRole('button', { name: /^call_llm / })
        .count(),
    ).toBe(echoCalls);
    expect(
      await invocations
        .nth(1)
        .getByRole('button', { name: /^execute_tool / })
        .count(),
    ).toBe(0);
  });

  it('Graph: draws the agent, its tools and its sub-agent, and refetches for the dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, server.url);
    await createSession(page);
    const lightRequest = page.waitForRequest((request) =>
      request.url().includes('/graph?dark_mode=false'),
    );
    await openTab(page, 'Graph');
    await lightRequest;
    const graph = inspector(page).getByRole('group', {
      name: 'Agent graph of dev_ui_app',
      exact: true,
    });
    await graph.waitFor();
    const nodes = graph.getByRole('listitem');
    await expect
      .poll(async () =>
        (
          await nodes.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
        ).sort(),
      )
      .toEqual([
        'Agent dev_ui_agent',
        'Agent helper_agent',
        'Tool ask_approval',
        'Tool check_inventory',
        'Tool delete_files',
        'Tool get_weather',
        'Tool save_report',
      ]);
    // Top-down: the root agent above everything it points to, drawn with its label.
    const top = async (name: string) =>
      graph
        .getByRole('listitem', { name, exact: true })
        .evaluate((element) => element.getBoundingClientRect().top);
    const rootTop = await top('Agent dev_ui_agent');
    for (const name of ['Agent helper_agent', 'Tool get_weather', 'Tool save_report']) {
      expect(await top(name)).toBeGreaterThan(rootTop);
    }
    expect(
      await graph.getByRole('listitem', { name: 'Tool get_weather', exact: true }).textContent(),
    ).toContain('get_weather');
    expect(await graph.locator('path.graph-edge').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, 'panels-04-graph');

    const darkRequest = page.waitForRequest((request) =>
      request.url().includes('/graph?dark_mode=true'),
    );
    const themeToggle = page.getByRole('button', { name: 'Dark theme', exact: true });
    await themeToggle.click();
    await darkRequest;
    await graph.getByRole('listitem', { name: 'Agent dev_ui_agent', exact: true }).waitFor();
    await screenshot(page, 'panels-05-graph-dark');
  });
});
