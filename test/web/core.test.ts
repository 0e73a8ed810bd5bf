import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APPROVAL_ANSWER_PREFIX,
  INVENTORY_FAILURE,
  THOUGHT_TEXT,
  WEATHER_ANSWER,
  WEATHER_CHUNKS,
  WEATHER_TEXT,
} from './dev-ui-app.js';
import {
  APP_NAME,
  createSession,
  inspector,
  openApp,
  screenshot,
  sendMessage,
  waitForIdle,
  type DevServer,
  useDevUiBrowser,
} from './harness.js';

// The dev UI's core flows in a real chromium against the real server.

const ui = useDevUiBrowser({ width: 1280, height: 800 });
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

/** The conversation (the chat log). */
function conversation() {
  return page.getByRole('log', { name: 'Conversation' });
}

/** How many times `text` occurs in the conversation's visible text. */
async function occurrences(text: string): Promise<number> {
  const body = await conversation().innerText();
  return body.split(text).length - 1;
}

async function storedSession(
  sessionId: string,
): Promise<{ state: Record<string, unknown>; events: unknown[] }> {
  const response = await fetch(`${server.url}/apps/${APP_NAME}/users/user/sessions/${sessionId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { state: Record<string, unknown>; events: unknown[] };
}

describe('dev UI core', () => {
  it('creates a session with an initial state, streams the weather answer once, shows the tool card and the state', async () => {
    await openApp(page, server.url);
    await screenshot(page, 'core-01-app-open');
    const sessionId = await createSession(page, { visits: 1, plan: 'pro' });
    expect((await storedSession(sessionId)).state).toEqual({ visits: 1, plan: 'pro' });

    server.gate.hold();
    await sendMessage(page, 'What is the weather in Paris?');
    const streaming = page.locator('[data-testid="message"][data-streaming="true"]');
    await expect.poll(() => streaming.innerText()).toContain(WEATHER_TEXT);
    expect(await streaming.getAttribute('data-author')).toBe('dev_ui_agent');
    expect(await occurrences(WEATHER_CHUNKS[0])).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: 'Stop', exact: true }).count())
      .toBe(1);
    await screenshot(page, 'core-02-streaming');
    server.gate.release();

    await conversation().getByText(WEATHER_ANSWER).waitFor();
    await waitForIdle(page);
    expect(await streaming.count()).toBe(0);
    expect(await occurrences(WEATHER_TEXT)).toBe(1);
    expect(await occurrences(WEATHER_ANSWER)).toBe(1);
    expect(await conversation().getByText('What is the weather in Paris?').count()).toBe(1);

    const card = page.getByRole('region', { name: 'Function call get_weather', exact: true });
    expect(await card.getByLabel('Arguments of get_weather').innerText()).toContain(
      '"city": "Paris"',
    );
    const response = await card.getByLabel('Response of get_weather').innerText();
    expect(response).toContain('"condition": "sunny"');
    expect(response).toContain('"temperature_c": 21');
    await screenshot(page, 'core-03-weather-answered');

    // The tool's state write, seen in the Events detail of the response event.
    const stored = await storedSession(sessionId);
    expect(stored.state).toMatchObject({
      visits: 1,
      plan: 'pro',
      last_city: 'Paris',
      weather_checks: 1,
    });
    const events = page.getByRole('tabpanel', { name: 'Events' });
    await events.getByRole('button', { name: /state: last_city, weather_checks/ }).click();
    const detail = page.getByTestId('event-detail');
    expect(await detail.getByLabel('State delta').innerText()).toContain('"last_city": "Paris"');
    expect(await detail.getByLabel('Content parts').innerText()).toContain('"functionResponse"');
    await screenshot(page, 'core-04-event-detail');
    await detail.getByRole('button', { name: '← All events' }).click();
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(stored.events.length);

    // The State panel shows the initial state and what the tool set.
    await page.getByRole('tab', { name: 'State' }).click();
    const statePanel = page.getByRole('tabpanel', { name: 'State' });
    await expect.poll(() => statePanel.innerText()).toContain('last_city');
    const stateText = await statePanel.innerText();
    expect(stateText).toContain('Paris');
    expect(stateText).toContain('weather_checks');
    expect(stateText).toContain('plan');
    await screenshot(page, 'core-04b-state-panel');
  });

  it('answers the long-running ask_approval call from the UI and shows the reply', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'Please approve the deployment');
    const card = page.getByRole('region', { name: 'Function call ask_approval', exact: true });
    const editor = card.getByLabel('Response for ask_approval (JSON)', { exact: true });
    await editor.waitFor();
    await waitForIdle(page);
    await screenshot(page, 'core-05-awaiting-approval');

    await editor.fill('{"approved": tru');
    await card.getByRole('button', { name: 'Send response' }).click();
    await card.getByRole('alert').waitFor();
    expect(await card.getByRole('alert').innerText()).toContain('Not valid JSON');

    await editor.fill('{"approved": true, "note": "ship it"}');
    await card.getByRole('button', { name: 'Send response' }).click();
    const reply = conversation().getByText(APPROVAL_ANSWER_PREFIX);
    await reply.waitFor();
    expect(await reply.innerText()).toBe(
      `${APPROVAL_ANSWER_PREFIX}{"approved":true,"note":"ship it"}`,
    );
    await waitForIdle(page);
    // The answer is attached to the call; the form is gone.
    expect(await card.getByLabel('Response of ask_approval').innerText()).toContain(
      '"note": "ship it"',
    );
    expect(await editor.count()).toBe(0);
    await screenshot(page, 'core-06-approval-answered');
  });

  it('confirms a tool call that needs confirmation', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'delete the temp files');
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await confirm.waitFor();
    await waitForIdle(page);
    await screenshot(page, 'core-07-confirmation');
    await confirm.click();
    await conversation().getByText('Deletion result: {"deleted":3,"pattern":"*.tmp"}').waitFor();
    await waitForIdle(page);
    expect(await confirm.count()).toBe(0);
  });

  it('shows agent transfers and the new author', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'transfer me please');
    await page.getByTestId('transfer').waitFor();
    expect(await page.getByTestId('transfer').innerText()).toBe(
      'dev_ui_agent transferred to helper_agent',
    );
    await page.locator('[data-testid="message"][data-author="helper_agent"]').waitFor();
    await waitForIdle(page);
  });

  it('imports a session from a JSON file and deletes sessions after confirming', async () => {
    await openApp(page, server.url);
    const exported = {
      id: 'exported',
      state: { imported: true },
      events: [
        {
          id: 'imp-1',
          invocationId: 'inv-imp',
          author: 'user',
          timestamp: 1_700_000_000,
          content: { role: 'user', parts: [{ text: 'An imported question' }] },
        },
        {
          id: 'imp-2',
          invocationId: 'inv-imp',
          author: 'dev_ui_agent',
          timestamp: 1_700_000_001,
          content: { role: 'model', parts: [{ text: 'An imported answer' }] },
        },
      ],
    };
    const directory = await mkdtemp(path.join(tmpdir(), 'dev-ui-import-'));
    const file = path.join(directory, 'session.json');
    await writeFile(file, JSON.stringify(exported));
    const broken = path.join(directory, 'broken.json');
    await writeFile(broken, '{"events": 3}');

    await page.getByLabel('Import session', { exact: true }).setInputFiles(broken);
    await page.getByText('Could not import broken.json: "events" must be an array.').waitFor();

    await page.getByLabel('Import session', { exact: true }).setInputFiles(file);
    await conversation().getByText('An imported answer').waitFor();
    const current = page.locator('[data-testid="session-item"][aria-current="true"]');
    const importedId = await current.getAttribute('data-session-id');
    expect(importedId).toBeTruthy();
    const stored = await storedSession(importedId!);
    expect(stored.state).toEqual({ imported: true });
    expect(stored.events).toHaveLength(2);
    await screenshot(page, 'core-08-imported');

    // Export writes the stored session; importing the export gives the same events and state.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export session', exact: true }).click(),
    ]);
    const exportedFile = path.join(directory, 'exported.json');
    await download.saveAs(exportedFile);
    const roundTrip = JSON.parse(await readFile(exportedFile, 'utf8')) as typeof stored & {
      id: string;
    };
    expect(roundTrip.id).toBe(importedId);
    expect(roundTrip.events).toEqual(stored.events);
    await page.getByLabel('Import session', { exact: true }).setInputFiles(exportedFile);
    await expect.poll(() => current.getAttribute('data-session-id')).not.toBe(importedId);
    const reimportedId = (await current.getAttribute('data-session-id'))!;
    const reimported = await storedSession(reimportedId);
    expect(reimported.state).toEqual({ imported: true });
    expect(reimported.events).toEqual(stored.events);

    const before = await page.getByTestId('session-item').count();
    await page.getByRole('button', { name: `Delete session ${reimportedId}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete session?' });
    await dialog.waitFor();
    await screenshot(page, 'core-09-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('session-item').count()).toBe(before);

    await page.getByRole('button', { name: `Delete session ${reimportedId}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByTestId('session-item').count()).toBe(before - 1);
    const gone = await fetch(`${server.url}/apps/${APP_NAME}/users/user/sessions/${reimportedId}`);
    expect(gone.status).toBe(404);
    await expect.poll(() => conversation().getByText('An imported answer').count()).toBe(0);
  });

  it('rejects an initial state that is not a JSON object before sending', async () => {
    await openApp(page, server.url);
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New session', exact: true });
    const editor = dialog.getByLabel('Initial state (JSON)', { exact: true });
    await editor.fill('[1, 2]');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toContain('Expected a JSON object');
    await editor.fill('{oops');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Not valid JSON');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('stops a streaming run with the Stop button', async () => {
    await openApp(page, server.url);
    await createSession(page);
    server.gate.hold();
    try {
      await sendMessage(page, 'weather again');
      await page.locator('[data-testid="message"][data-streaming="true"]').waitFor();
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByText('Stopped.').waitFor();
      await waitForIdle(page);
    } finally {
      server.gate.release();
    }
    expect(await page.getByRole('button', { name: 'Send', exact: true }).count()).toBe(1);
  });

  it('collapses thoughts', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'think about it');
    await conversation().getByText('Thought it through.').waitFor();
    await waitForIdle(page);
    const thought = conversation().getByText(THOUGHT_TEXT);
    expect(await thought.isVisible()).toBe(false);
    await conversation().getByText('Thought', { exact: true }).click();
    await expect.poll(() => thought.isVisible()).toBe(true);
  });

  it('shows error frames and event errors plainly', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'fail now');
    const error = page.getByTestId('run-error');
    await error.waitFor();
    // The harness serves as `adk web` does: the error's own message.
    expect(await error.innerText()).toBe('Error: The scripted model failed on purpose.');
    await waitForIdle(page);

    await sendMessage(page, 'this gets blocked');
    const blocked = conversation().getByText('SAFETY: The response was blocked.');
    await blocked.waitFor();
    await waitForIdle(page);
    expect(await page.getByTestId('run-error').count()).toBe(0);
    await screenshot(page, 'core-13-errors');
  });

  it('marks the call of a tool that throws as failed, with the tool name and its message', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'check the inventory');
    const card = page.getByRole('region', { name: 'Function call check_inventory', exact: true });
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-state')).toBe('failed');
    const failure = card.getByTestId('function-failure');
    // `check_inventory failed: …`, or the server's `Tool "check_inventory" failed: …`.
    expect(await failure.innerText()).toMatch(/check_inventory"? failed: /);
    expect(await failure.innerText()).toContain(INVENTORY_FAILURE);
    expect(await card.getByText('Waiting for the response…').count()).toBe(0);
    expect(await page.getByTestId('run-error').innerText()).toContain(INVENTORY_FAILURE);
    await waitForIdle(page);
    // The stored session is reloaded after the run; the card stays failed.
    await expect.poll(() => card.getAttribute('data-state')).toBe('failed');
    await screenshot(page, 'core-14-tool-failure');
    // Opened again later, the failure is not stored, but the card does not wait forever.
    await page.reload();
    const reopened = page.getByRole('region', {
      name: 'Function call check_inventory',
      exact: true,
    });
    await reopened.waitFor();
    await expect.poll(() => reopened.getAttribute('data-state')).toBe('no-response');
    expect(await reopened.innerText()).toContain('No response was recorded for this call.');
  });

  it('shows HTTP errors of a run plainly', async () => {
    await openApp(page, server.url);
    const sessionId = await createSession(page);
    // The session disappears behind the UI's back: /run_sse answers 404.
    await fetch(`${server.url}/apps/${APP_NAME}/users/user/sessions/${sessionId}`, {
      method: 'DELETE',
    });
    await sendMessage(page, 'hello');
    const error = page.getByTestId('run-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^HTTP 404: /);
  });

  it('works in a narrow window: one region at a time, switched from the header', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openApp(page, server.url);
    const view = page.getByRole('navigation', { name: 'View' });
    await view.getByRole('button', { name: 'Sessions' }).click();
    await createSession(page, { narrow: true });
    // Creating a session shows the chat; the sessions list is hidden.
    expect(await page.getByRole('button', { name: 'New session', exact: true }).isVisible()).toBe(
      false,
    );
    await sendMessage(page, 'hello narrow');
    await conversation().getByText('Echo: hello narrow').waitFor();
    await waitForIdle(page);
    await screenshot(page, 'core-10-narrow-chat');
    const box = await page.getByTestId('message').first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await view.getByRole('button', { name: 'Inspect' }).click();
    await expect.poll(() => page.getByLabel('Message', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    expect(await page.getByTestId('event-row').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'core-11-narrow-inspect');
  });

  it('lays out a small laptop (820 px): one line of tabs, room for the inspector, a short sessions pane', async () => {
    await page.setViewportSize({ width: 820, height: 800 });
    await openApp(page, server.url);
    await createSession(page);
    await sendMessage(page, 'weather here');
    await conversation().getByText(WEATHER_ANSWER).waitFor();
    await waitForIdle(page);
    const box = async (locator: ReturnType<Page['locator']>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not laid out');
      return found;
    };
    const tabs = inspector(page).getByRole('tab');
    expect(await tabs.count()).toBe(7);
    const tops = await tabs.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    // Every tab is visible without scrolling the bar.
    const bar = inspector(page).getByRole('tablist');
    expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const inspectorBox = await box(page.locator('.region-inspect'));
    const sessionsBox = await box(page.locator('.region-sessions'));
    const chatBox = await box(page.locator('.region-chat'));
    expect(inspectorBox.width).toBeGreaterThanOrEqual(380);
    expect(chatBox.width).toBeGreaterThanOrEqual(380);
    expect(inspectorBox.height).toBeGreaterThanOrEqual(2 * sessionsBox.height);
    // The chat's head (session id, Export) stays one line.
    const head = page.locator('.chat > .section-head');
    const exportBox = await box(head.getByRole('button', { name: 'Export session' }));
    const titleBox = await box(head.getByRole('heading', { name: 'Chat' }));
    expect(
      Math.abs(exportBox.y + exportBox.height / 2 - (titleBox.y + titleBox.height / 2)),
    ).toBeLessThan(8);
    await screenshot(page, 'core-15-820px');
  });

  it('toggles the dark theme and remembers it', async () => {
    await openApp(page, server.url);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    const themed = () => page.evaluate(() => document.documentElement.dataset['theme']);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Each click re-renders asynchronously: wait for the state it leads to, never read it at once.
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    await expect.poll(themed).toBe('light');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    const light = await background();
    await toggle.click();
    await expect.poll(themed).toBe('dark');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(background).not.toBe(light);
    await screenshot(page, 'core-12-dark');
    await page.reload();
    await page.getByRole('button', { name: 'Dark theme' }).waitFor();
    await expect.poll(themed).toBe('dark');
  });

  it('is keyboard accessible: tabs move with arrow keys, controls are reachable with Tab', async () => {
    await openApp(page, server.url);
    await createSession(page);
    const eventsTab = page.getByRole('tab', { name: 'Events' });
    await eventsTab.focus();
    const tabs = await page.getByRole('tab').count();
    await page.keyboard.press('End');
    const last = page.getByRole('tab').nth(tabs - 1);
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => last.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => eventsTab.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => eventsTab.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // Tab from the top reaches the message box and the theme toggle.
    // Start from the top: a click on the (not focusable) brand sets the navigation start point.
    await page.locator('.brand').click();
    const reached = new Set<string>();
    for (let step = 0; step < 80; step++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return (
            active?.getAttribute('aria-label') || active?.id || active?.textContent?.trim() || ''
          );
        }),
      );
    }
    expect(reached).toContain('message-input');
    expect(reached).toContain('Dark theme');
    expect(reached).toContain('New session');
  });
});
