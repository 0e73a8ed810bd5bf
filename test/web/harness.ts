import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trace } from '@opentelemetry/api';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { BaseAgent } from '../../src/agents/base-agent.js';
import { serveApiServer, StaticAgentLoader, type ApiServerHandle } from '../../src/server/index.js';
import type { DevRoutesOptions } from '../../src/server/dev-routes.js';
import { InMemorySpanStore, registerSpanStore } from '../../src/telemetry/span-store.js';
import { createDevUiApp, type DevUiApp } from './dev-ui-app.js';

/*
 * The browser-test harness: the REAL API server (port 0) serving a fresh
 * build of the dev UI and the scripted `dev_ui_app` (dev-ui-app.ts), and a
 * real headless chromium.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The app the harness serves. */
export const APP_NAME = 'dev_ui_app';

/** Where screenshots go (gitignored). */
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'web');

let builtUi: Promise<string> | undefined;
let openServers = 0;

/**
 * Builds web/ with vite into a temporary directory, once per test file, so
 * the tests always run the current sources (never a stale dist/dev-ui).
 */
export function buildDevUi(): Promise<string> {
  builtUi ??= (async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'adk-dev-ui-'));
    const { build } = await import('vite');
    await build({
      configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return builtUi;
}

/** A running dev server and the app behind it. */
export interface DevServer extends DevUiApp {
  /** The base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly handle: ApiServerHandle;
  close(): Promise<void>;
}

let sharedSpanStore: InMemorySpanStore | undefined;

/**
 * The span store the servers of this test file record into (as `adk web`
 * registers one), one per file: ADK takes its tracer once, so a second
 * store registered later would never see a span. Another file of the same
 * worker may have registered a provider: the harness takes over, as a
 * fresh `adk web` process would own it.
 */
function spanStore(): InMemorySpanStore {
  if (sharedSpanStore) return sharedSpanStore;
  const store = new InMemorySpanStore();
  if (!registerSpanStore(store)) {
    trace.disable();
    registerSpanStore(store);
  }
  sharedSpanStore = store;
  return store;
}

/** Server settings a test file adds: the dev routes' agents directory (eval sets, results). */
export interface DevServerSettings {
  dev?: Omit<DevRoutesOptions, 'spanStore'>;
}

/**
 * Starts the real server with the dev UI and dev routes and `dev_ui_app`
 * (plus `extraApps`, by name) on a free loopback port.
 */
export async function startDevServer(
  extraApps: Readonly<Record<string, BaseAgent>> = {},
  settings: DevServerSettings = {},
): Promise<DevServer> {
  const assetsDirectory = await buildDevUi();
  const app = createDevUiApp();
  const handle = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { ...extraApps, [APP_NAME]: app.rootAgent } }),
    sessionService: app.sessionService,
    artifactService: app.artifactService,
    devUi: { assetsDirectory, logoText: 'ADK dev UI (test)' },
    dev: { ...settings.dev, spanStore: spanStore() },
    // As `adk web` serves it: error frames carry the error's own message.
    exposeErrorMessages: true,
    shutdownGraceMs: 500,
  });
  openServers += 1;
  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    await handle.close();
    openServers -= 1;
    // The last server of this test file removes the build it served.
    if (openServers === 0 && builtUi) {
      const built = builtUi;
      builtUi = undefined;
      await rm(await built, { recursive: true, force: true });
    }
  };
  return { ...app, url: handle.url, handle, close: () => (closed ??= close()) };
}

/**
 * Launches headless chromium from `/usr/bin/chromium`, with `extraArgs`
 * after the harness's own (e.g. a fake microphone). A launch failure
 * throws with a hint (CI installs chromium; tests never skip silently).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        ...extraArgs,
      ],
    });
  } catch (error) {
    throw new Error(
      `Could not launch chromium for the dev UI browser tests (install it: ` +
        `apt-get install -y --no-install-recommends chromium): ${String(error)}`,
      { cause: error },
    );
  }
}

/** Opens the dev UI and picks `appName` in the app picker; waits until the message box is enabled. */
export async function openApp(page: Page, url: string, appName: string = APP_NAME): Promise<void> {
  await page.goto(`${url}/dev-ui/`);
  const picker = page.getByLabel('App', { exact: true });
  await expect.poll(() => picker.locator('option').allTextContents()).toContain(appName);
  await picker.selectOption(appName);
  await expect.poll(() => page.getByLabel('Message', { exact: true }).isEnabled()).toBe(true);
}

/**
 * Creates a session from the sidebar (with `initialState` typed into the
 * state editor when given) and waits until it is the current one; returns its id.
 */
export async function createSession(
  page: Page,
  initialState?: Record<string, unknown>,
): Promise<string> {
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New session', exact: true });
  if (initialState !== undefined) {
    await dialog
      .getByLabel('Initial state (JSON)', { exact: true })
      .fill(JSON.stringify(initialState, null, 2));
  }
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const current = page.locator('[data-testid="session-item"][aria-current="true"]');
  await current.waitFor({ state: 'attached' });
  const id = await current.getAttribute('data-session-id');
  if (!id) throw new Error('The new session has no id in the sidebar.');
  return id;
}

/** Types `text` into the chat box and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Enter');
}

/** Waits until no run is streaming (the Stop button is gone). */
export async function waitForIdle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached' });
}

/** Saves a full-page screenshot as `test-results/web/<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** What `useDevUiBrowser` keeps live for the tests of a file. */
export interface DevUiBrowser {
  /** The server of this file (started once). */
  readonly server: DevServer;
  readonly browser: Browser;
  /** A fresh browser context per test. */
  readonly context: BrowserContext;
  /** A fresh page per test (10 s default timeout). */
  readonly page: Page;
}

/**
 * Registers the hooks every browser-test file needs: one server (serving
 * `extraApps` too, with `settings`) and one chromium for the file, a fresh context and page
 * per test with the given viewport. Read the fields inside tests or hooks
 * (they change per test).
 */
export function useDevUiBrowser(
  viewport: { width: number; height: number },
  extraApps: Readonly<Record<string, BaseAgent>> = {},
  settings: DevServerSettings = {},
): DevUiBrowser {
  const live: { server?: DevServer; browser?: Browser; context?: BrowserContext; page?: Page } = {};
  beforeAll(async () => {
    live.server = await startDevServer(extraApps, settings);
    live.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.close();
  });
  beforeEach(async () => {
    live.context = await live.browser!.newContext({ viewport });
    live.page = await live.context.newPage();
    live.page.setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    await live.context?.close();
  });
  return {
    get server() {
      return live.server!;
    },
    get browser() {
      return live.browser!;
    },
    get context() {
      return live.context!;
    },
    get page() {
      return live.page!;
    },
  };
}

/** The inspector region (Events, State, Artifacts, Trace, Cache, Graph tabs). */
export function inspector(page: Page): Locator {
  return page.getByRole('region', { name: 'Inspector', exact: true });
}

/** Opens one inspector tab by its name. */
export async function openTab(page: Page, name: string): Promise<void> {
  await inspector(page).getByRole('tab', { name, exact: true }).click();
}

/** Sends a message and waits until the run is over; returns how many model calls it made. */
export async function sendAndCountModelCalls(
  page: Page,
  server: DevServer,
  text: string,
): Promise<number> {
  const before = server.llm.requests.length;
  await sendMessage(page, text);
  await waitForIdle(page);
  return server.llm.requests.length - before;
}
