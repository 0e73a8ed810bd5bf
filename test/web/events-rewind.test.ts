import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APP_NAME,
  createSession,
  inspector,
  openApp,
  openTab,
  screenshot,
  sendAndCountModelCalls,
  type DevServer,
  useDevUiBrowser,
} from './harness.js';

// "Rewind to here" in the Events tab, in a real chromium against the real
// server: POST …/sessions/{id}/rewind (Runner.rewindAsync) restores the state
// and the list marks the rewound events.

const ui = useDevUiBrowser({ width: 1400, height: 900 });
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

const stored = async (sessionId: string) =>
  (await server.sessionService.getSession({ appName: APP_NAME, userId: 'user', sessionId }))!;

describe('dev UI Events tab: Rewind to here', () => {
  it('rewinds the session to before the chosen invocation and marks what was undone', async () => {
    await openApp(page, server.url);
    const sessionId = await createSession(page, { visits: 1 });
    await sendAndCountModelCalls(page, server, 'What is the weather in Paris?');
    await sendAndCountModelCalls(page, server, 'And the weather again?');
    expect((await stored(sessionId)).state['weather_checks']).toBe(2);
    const secondInvocation = (await stored(sessionId)).events.at(-1)!.invocationId;

    await openTab(page, 'Events');
    const rewindButtons = inspector(page).getByRole('button', {
      name: /^Rewind to before invocation /,
    });
    await expect.poll(() => rewindButtons.count()).toBe(2);
    await inspector(page)
      .getByRole('button', { name: `Rewind to before invocation ${secondInvocation}`, exact: true })
      .click();

    await expect.poll(async () => (await stored(sessionId)).state['weather_checks']).toBe(1);
    const rows = inspector(page).getByTestId('event-row');
    await expect.poll(() => rows.last().innerText()).toContain('rewind before');
    const rewoundRows = inspector(page).locator('li.rewound');
    const secondTurnEvents = (await stored(sessionId)).events.filter(
      (event) => event.invocationId === secondInvocation,
    ).length;
    // The second turn's events and the rewind event itself.
    await expect.poll(() => rewoundRows.count()).toBe(secondTurnEvents + 1);
    expect(await rewoundRows.first().innerText()).toContain('rewound');
    await screenshot(page, 'events-rewind');

    // The chat shows the conversation the model now sees: the second turn is gone.
    const chatRegion = page.getByRole('main');
    await expect.poll(() => chatRegion.innerText()).not.toContain('And the weather again?');
    expect(await chatRegion.innerText()).toContain('What is the weather in Paris?');

    await openTab(page, 'State');
    await expect
      .poll(() => inspector(page).locator('li[data-key="weather_checks"]').innerText())
      .toMatch(/weather_checks\s*:\s*1/);
  });
});
