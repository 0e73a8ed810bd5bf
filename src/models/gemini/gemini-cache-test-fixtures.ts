import { afterEach, vi } from 'vitest';
import {
  FakeGeminiCacheServer,
  type FakeGeminiCacheServerOptions,
} from '../../../test/providers/gemini-cache-server.js';
import { LlmAgent, type LlmAgentConfig } from '../../agents/llm-agent.js';
import type { ContextCacheConfigInput } from '../../context/app-configs.js';
import type { Event } from '../../events/event.js';
import { App } from '../../runner/app.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { Gemini } from './gemini.js';

/*
 * Context caching end to end (issue 19 §3): an App with a ContextCacheConfig
 * whose LlmAgent runs Gemini through the official @google/genai client
 * against FakeGeminiCacheServer (cachedContents + generateContent with
 * deterministic token counts). Shared by the gemini-context-cache-*.test.ts
 * files, and meant for other tests of caching (the cache analyzer): start a
 * server, build a runner, run turns, read the events and the server's
 * `cacheOperations` / `requests`.
 */

/** The model of the tests: a Gemini id without a documented cache floor. */
export const CACHE_TEST_MODEL = 'gemini-2.0-flash';
/** The instruction of `cachingRunner`'s agent. */
export const CACHE_TEST_INSTRUCTION = 'You answer questions about the travel guide below.';

let server: FakeGeminiCacheServer | undefined;

/**
 * Registers a hook that, after each test of the calling file, closes the
 * server `startCacheServer` opened and restores the real clock.
 */
export function useGeminiCacheTestEnvironment(): void {
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
  });
}

/** Starts a fake Gemini cache server, closed after the current test. */
export async function startCacheServer(
  options: FakeGeminiCacheServerOptions = {},
): Promise<FakeGeminiCacheServer> {
  server = await FakeGeminiCacheServer.start(options);
  return server;
}

/** A Gemini for `model` talking to `target`, without retries. */
export function cachingGemini(target: FakeGeminiCacheServer, model = CACHE_TEST_MODEL): Gemini {
  return new Gemini({ model, apiKey: target.apiKey, baseUrl: target.url, maxRetries: 0 });
}

/** What `cachingRunner` builds. */
export interface CachingRunnerOptions {
  /** The app's context cache config (`{}` for the defaults); none disables caching. */
  contextCacheConfig?: ContextCacheConfigInput;
  /** The model id (default `CACHE_TEST_MODEL`). */
  model?: string;
  /** More fields of the agent (its name is `guide`). */
  agent?: Partial<LlmAgentConfig>;
}

/**
 * An InMemoryRunner of the app `cache_app` whose agent `guide` (instruction
 * `CACHE_TEST_INSTRUCTION`) runs Gemini against `target`.
 */
export function cachingRunner(
  target: FakeGeminiCacheServer,
  { contextCacheConfig, model, agent }: CachingRunnerOptions = {},
): InMemoryRunner {
  const rootAgent = new LlmAgent({
    name: 'guide',
    model: cachingGemini(target, model),
    instruction: CACHE_TEST_INSTRUCTION,
    ...agent,
  });
  const app = new App({
    name: 'cache_app',
    rootAgent,
    ...(contextCacheConfig === undefined ? {} : { contextCacheConfig }),
  });
  return new InMemoryRunner({ app });
}

/** Runs one user turn of `text` in the session `sessionId` of user `u`; its events. */
export async function runTurn(
  runner: InMemoryRunner,
  sessionId: string,
  text: string,
): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event);
  }
  return events;
}

/** Creates the session `sessionId` of user `u` in `runner`'s app. */
export async function createSession(runner: InMemoryRunner, sessionId = 's1'): Promise<string> {
  await runner.sessionService.createSession({ appName: runner.appName, userId: 'u', sessionId });
  return sessionId;
}

/** The last event of `events` carrying cache metadata (the model's final response). */
export function cacheEvent(events: readonly Event[]): Event {
  const event = events.findLast((candidate) => candidate.cacheMetadata !== undefined);
  if (!event) throw new Error('No event carries cacheMetadata.');
  return event;
}
