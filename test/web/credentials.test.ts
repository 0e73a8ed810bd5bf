import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaseAgent } from '../../src/agents/base-agent.js';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  startOAuth2Server,
  type OAuth2Server,
} from '../oauth/oauth2-server.js';
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
import { PROFILE, startProfileServer, type ProfileServer } from './profile-server.js';

// The dev UI answering adk_request_credential in a real chromium against the
// real server: the user types a secret (or signs in), the tool runs with it,
// and the secret is shown nowhere afterwards.

let oauth: OAuth2Server;
let profiles: ProfileServer;
let authApp: AuthApp;
// Filled before the harness starts the server (hooks run in registration order).
const apps: Record<string, BaseAgent> = {};

beforeAll(async () => {
  oauth = await startOAuth2Server();
  profiles = await startProfileServer((token) => oauth.accessTokenIsValid(token));
  authApp = createAuthApp({
    authorizationEndpoint: oauth.authorizationEndpoint,
    tokenEndpoint: oauth.tokenEndpoint,
    clientId: OAUTH2_CLIENT_ID,
    clientSecret: OAUTH2_CLIENT_SECRET,
    profileUrl: profiles.profileUrl,
  });
  apps[AUTH_APP_NAME] = authApp.rootAgent;
});

afterAll(async () => {
  await profiles?.close();
  await oauth?.close();
});

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

/** Waits until the pop-up closed itself (it may have before we look). */
async function closed(popup: Page): Promise<void> {
  if (!popup.isClosed()) await popup.waitForEvent('close');
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
    expect(await card.innerText()).toContain('get_report needs an API key (header X-Api-Key)');
    await screenshot(page, 'credentials-01-api-key-prompt');

    const field = card.getByLabel('API key', { exact: true });
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(apiKey);
    await card.getByRole('button', { name: 'Send credential', exact: true }).click();

    await conversation().getByText(`${TOOL_RAN_PREFIX}`, { exact: false }).waitFor();
    await waitForIdle(page);
    expect(authApp.apiKeys.at(-1)).toBe(apiKey);
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
    expect(authApp.bearerTokens.at(-1)).toBe('t-bearer-55');
    expect(await page.content()).not.toContain('t-bearer-55');
  });

  it('signs in with OAuth2 in a pop-up: the callback hands the code back, the server exchanges it, the tool calls the API', async () => {
    await openApp(page, server.url, AUTH_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'Show my profile');
    await waitForIdle(page);
    const card = credentialCard();
    expect(await card.getAttribute('data-prompt')).toBe('oauth2');
    expect(await card.innerText()).toContain('get_profile needs you to sign in');
    await screenshot(page, 'credentials-04-oauth-prompt');

    const authorizeRequests = () =>
      oauth.requests.filter((request) => request.url.startsWith('/authorize'));
    const before = authorizeRequests().length;
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    const popup = await popupOpened;
    // The authorization server approves at once and redirects to the callback page, which closes.
    await closed(popup);
    const authorize = new URL(authorizeRequests()[before]!.url, oauth.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/dev-ui/`);
    expect(authorize.searchParams.get('client_id')).toBe(OAUTH2_CLIENT_ID);

    await conversation()
      .getByTestId('message-text')
      .filter({ hasText: `${TOOL_RAN_PREFIX}${JSON.stringify({ status: 200, profile: PROFILE })}` })
      .waitFor();
    await waitForIdle(page);
    await expect.poll(() => card.getAttribute('data-state')).toBe('answered');
    const token = authApp.accessTokens.at(-1);
    expect(oauth.accessTokenIsValid(token)).toBe(true);
    expect(profiles.tokensSeen).toContain(token);
    expect(await conversation().innerText()).toContain(JSON.stringify(PROFILE));
    // Neither the code nor the token is shown; the code went to the server only.
    const exchange = oauth.requests.filter((request) => request.url === '/token').at(-1)!;
    expect(exchange.form['grant_type']).toBe('authorization_code');
    expect(exchange.form['redirect_uri']).toBe(`${server.url}/dev-ui/`);
    const html = await page.content();
    expect(html).not.toContain(exchange.form['code']!);
    expect(html).not.toContain(token!);
    await screenshot(page, 'credentials-05-oauth-answered');
  });

  it('reports a refused sign-in on the card and sends nothing', async () => {
    await openApp(page, server.url, AUTH_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'Show my profile');
    await waitForIdle(page);
    const card = credentialCard();
    const runsBefore = authApp.accessTokens.length;
    // The user denies access: the authorization server sends the pop-up back with an error.
    await ui.context.route(`${oauth.issuer}/authorize**`, (route) => {
      const state = new URL(route.request().url()).searchParams.get('state') ?? '';
      return route.fulfill({
        status: 302,
        headers: {
          location: `${server.url}/dev-ui/?error=access_denied&error_description=Denied&state=${state}`,
        },
      });
    });
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    await closed(await popupOpened);
    expect(await card.getByRole('alert').innerText()).toBe('Sign-in failed: access_denied: Denied');
    expect(await card.getAttribute('data-state')).toBe('awaiting-user');
    expect(await card.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    expect(authApp.accessTokens.length).toBe(runsBefore);
  });

  it('the app hands a sign-in back itself when served without the callback page (vite)', async () => {
    await openApp(page, server.url, AUTH_APP_NAME);
    // index.html by name is the app's file, not the server's callback page.
    const back = `${server.url}/dev-ui/index.html?code=c-9&state=s-9`;
    const popupOpened = page.waitForEvent('popup');
    const received = page.evaluate(
      (address) =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.origin === window.location.origin) resolve(event.data);
          });
          window.open(address, 'adk-oauth-sign-in', 'popup');
        }),
      back,
    );
    await closed(await popupOpened);
    expect(await received).toEqual({ authResponseUrl: back });
  });

  it('ignores an answer to another sign-in (another state) and takes its own', async () => {
    await openApp(page, server.url, AUTH_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'Show my profile');
    await waitForIdle(page);
    const card = credentialCard();
    const tokensBefore = authApp.accessTokens.length;
    let forged!: () => void;
    const forgedSent = new Promise<void>((resolve) => (forged = resolve));
    // The authorization server waits until the forged answers are out.
    await ui.context.route(`${oauth.issuer}/authorize**`, async (route) => {
      await forgedSent;
      await route.continue();
    });
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The pop-up's first navigation is held: it is "opened" for Playwright once that goes on.
    await card.getByText('Waiting for the sign-in window…').waitFor();
    await page.evaluate(() => {
      const message = {
        authResponseUrl: `${window.location.origin}/dev-ui/?code=forged&state=another`,
      };
      window.postMessage(message, window.location.origin);
      const channel = new BroadcastChannel('adk-oauth-callback');
      channel.postMessage(message);
      channel.close();
    });
    forged();
    await closed(await popupOpened);
    await conversation()
      .getByTestId('message-text')
      .filter({ hasText: `${TOOL_RAN_PREFIX}${JSON.stringify({ status: 200, profile: PROFILE })}` })
      .waitFor();
    await waitForIdle(page);
    const exchange = oauth.requests.filter((request) => request.url === '/token').at(-1)!;
    expect(exchange.form['code']).not.toBe('forged');
    expect(authApp.accessTokens.length).toBe(tokensBefore + 1);
    expect(await page.getByTestId('run-error').count()).toBe(0);
  });
});
