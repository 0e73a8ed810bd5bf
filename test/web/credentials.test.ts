import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BaseAgent } from '../../src/agents/base-agent.js';
import {
  AUTH_APP_NAME,
  TOOL_RAN_PREFIX,
  WAITING_TEXT,
  createAuthApp,
  type AuthApp,
} from './auth-app.js';
import {
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

// The dev UI answering adk_request_credential in a real chromium against the
// real server: the user types a secret (or signs in), the tool runs with it,
// and the secret is shown nowhere afterwards.

const authApp: AuthApp = createAuthApp();
const apps: Record<string, BaseAgent> = { [AUTH_APP_NAME]: authApp.rootAgent };
const ui = useDevUiBrowser({ width: 1400, height: 900 }, apps);
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

function conversation() {
  return page.getByRole('log', { name: 'Conversation' });
}

function credentialCard() {
  return conversation().getByRole('region', { name: 'Credential request', exact: true });
}

async function storedEvents(sessionId: string): Promise<unknown[]> {
  const response = await fetch(
    `${server.url}/apps/${AUTH_APP_NAME}/users/user/sessions/${sessionId}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: unknown[] }).events;
}

describe('credential requests in the dev UI', () => {
  it('asks for an API key, runs the tool with it, and never shows the key again', async () => {
    const apiKey = 'k-browser-7f3a91';
    await openApp(page, server.url, AUTH_APP_NAME);
    const sessionId = await createSession(page);
    await sendMessage(page, 'Get the uptime report');
    await waitForIdle(page);
    await conversation().getByText(WAITING_TEXT).waitFor();
    const card = credentialCard();
    expect(await card.getAttribute('data-state')).toBe('awaiting-user');
    expect(await card.getAttribute('data-prompt')).toBe('apiKey');
    expect(await card.innerText()).toContain('an API key (header X-Api-Key)');
    await screenshot(page, 'credentials-01-api-key-prompt');

    const field = card.getByLabel('API key', { exact: true });
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(apiKey);
    await card.getByRole('button', { name: 'Send credential', exact: true }).click();

    await conversation().getByText(`${TOOL_RAN_PREFIX}`, { exact: false }).waitFor();
    await waitForIdle(page);
    expect(authApp.apiKeys).toEqual([apiKey]);
    await expect.poll(() => card.getAttribute('data-state')).toBe('answered');
    expect(await card.getByTestId('credential-answered').innerText()).toBe('Credential sent.');
    expect(await conversation().innerText()).toContain('all systems nominal');
    await screenshot(page, 'credentials-02-api-key-answered');

    // The answer is stored with the session (as in Python) but shown nowhere.
    expect(JSON.stringify(await storedEvents(sessionId))).toContain(apiKey);
    expect(await page.locator('body').innerText()).not.toContain(apiKey);
    await openTab(page, 'Events');
    const events = page.getByRole('tabpanel', { name: 'Events' });
    await events.getByRole('button', { name: /response adk_request_credential/ }).click();
    const detail = page.getByTestId('event-detail');
    await detail.getByText('Raw JSON').click();
    const shown = await inspector(page).innerText();
    expect(shown).toContain('adk_request_credential');
    expect(shown).toContain('(hidden)');
    expect(shown).not.toContain(apiKey);
    expect(await page.content()).not.toContain(apiKey);
    await screenshot(page, 'credentials-03-event-detail-hidden');
  });

  it('asks for a bearer token and sends it as an HTTP credential', async () => {
    await openApp(page, server.url, AUTH_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'What is my token balance?');
    await waitForIdle(page);
    const card = credentialCard();
    expect(await card.getAttribute('data-prompt')).toBe('bearer');
    // Nothing is sent without a value.
    const send = card.getByRole('button', { name: 'Send credential', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await card.getByLabel('Bearer token', { exact: true }).fill('t-bearer-55');
    await send.click();
    await conversation().getByText('"balance":42', { exact: false }).waitFor();
    await waitForIdle(page);
    expect(authApp.bearerTokens).toEqual(['t-bearer-55']);
    expect(await page.content()).not.toContain('t-bearer-55');
  });
});
