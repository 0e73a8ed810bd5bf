import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedGeminiRequest } from '../../../test/providers/gemini-server.js';
import {
  cacheEvent,
  cachingRunner,
  createSession,
  runTurn,
  startCacheServer,
  useGeminiCacheTestEnvironment,
} from './gemini-cache-test-fixtures.js';
import { setLogger } from '../../utils/logger.js';

/*
 * Context caching through the Runner (issue 19 §3; adk-python
 * models/gemini_context_cache_manager.py, flows/llm_flows/context_cache_processor.py):
 * a Gemini agent of an App with a ContextCacheConfig, against a local server
 * speaking the cachedContents API, driven through the official client.
 */

useGeminiCacheTestEnvironment();
afterEach(() => setLogger());

const bodyOf = (request: RecordedGeminiRequest | undefined) => request!.body;
const textsOf = (body: Record<string, unknown>) =>
  (body['contents'] as { parts: { text?: string }[] }[]).map((content) => content.parts[0]!.text);

describe('context caching through the Runner (adk-python gemini_context_cache_manager)', () => {
  it('the first invocation only fingerprints, the second creates the cache and the third reuses it', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: {} });
    const session = await createSession(runner);

    const first = cacheEvent(await runTurn(runner, session, 'Where should I go in May?'));
    expect(server.cacheOperations).toEqual([]);
    expect(first.cacheMetadata).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      contentsCount: 0,
    });
    expect(bodyOf(server.requests[0])['cachedContent']).toBeUndefined();

    const second = cacheEvent(await runTurn(runner, session, 'And in June?'));
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
    ]);
    const [cache] = server.liveCaches();
    expect(textsOf({ contents: cache!.contents })).toEqual([
      'Where should I go in May?',
      'Reply 1.',
    ]);
    expect(cache!.model).toBe('models/gemini-2.0-flash');
    expect(JSON.stringify(cache!.systemInstruction)).toContain('travel guide');
    const request = bodyOf(server.requests[1]);
    expect(request['cachedContent']).toBe('cachedContents/cache-1');
    expect(request['systemInstruction']).toBeUndefined();
    expect(textsOf(request)).toEqual(['And in June?']);
    expect(second.cacheMetadata).toMatchObject({
      cacheName: 'cachedContents/cache-1',
      invocationsUsed: 1,
      contentsCount: 2,
    });
    expect(second.cacheMetadata!.fingerprint).not.toBe(first.cacheMetadata!.fingerprint);
    expect(second.cacheMetadata!.expireTime! - second.cacheMetadata!.createdAt!).toBeCloseTo(
      1800,
      0,
    );
    expect(second.usageMetadata).toMatchObject({
      cachedContentTokenCount: cache!.totalTokenCount,
      promptTokenCount: cache!.totalTokenCount + 3,
    });

    const third = cacheEvent(await runTurn(runner, session, 'And in July?'));
    expect(server.cacheOperations).toHaveLength(1);
    expect(bodyOf(server.requests[2])['cachedContent']).toBe('cachedContents/cache-1');
    expect(textsOf(bodyOf(server.requests[2]))).toEqual([
      'And in June?',
      'Reply 2.',
      'And in July?',
    ]);
    expect(third.cacheMetadata).toEqual({ ...second.cacheMetadata, invocationsUsed: 2 });
  });

  it('after cacheIntervals invocations the cache is deleted and a larger one created', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: { cacheIntervals: 1 } });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    await runTurn(runner, session, 'two');
    const third = cacheEvent(await runTurn(runner, session, 'three'));
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
      { op: 'delete', name: 'cachedContents/cache-1', status: 200 },
      { op: 'create', name: 'cachedContents/cache-2', status: 200 },
    ]);
    expect(server.liveCaches().map((cache) => cache.name)).toEqual(['cachedContents/cache-2']);
    expect(third.cacheMetadata).toMatchObject({
      cacheName: 'cachedContents/cache-2',
      invocationsUsed: 1,
      contentsCount: 4,
    });
    expect(textsOf(bodyOf(server.requests[2]))).toEqual(['three']);
  });

  it('an expired cache is replaced by a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const warnings: string[] = [];
    setLogger({
      debug: () => {},
      info: () => {},
      error: () => {},
      warn: (message) => warnings.push(message),
    });
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: { ttlSeconds: 60 } });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    const second = cacheEvent(await runTurn(runner, session, 'two'));
    vi.setSystemTime((second.cacheMetadata!.expireTime! + 1) * 1000);
    expect(server.liveCaches()).toEqual([]);
    const third = cacheEvent(await runTurn(runner, session, 'three'));
    // The server already dropped the expired cache: its delete answers 403, which is logged.
    expect(warnings).toEqual(['Failed to delete context cache cachedContents/cache-1.']);
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
      { op: 'delete', name: 'cachedContents/cache-1', status: 403 },
      { op: 'create', name: 'cachedContents/cache-2', status: 200 },
    ]);
    expect(third.cacheMetadata).toMatchObject({
      cacheName: 'cachedContents/cache-2',
      contentsCount: 4,
    });
    expect(bodyOf(server.requests[2])['cachedContent']).toBe('cachedContents/cache-2');
  });

  it('a changed prefix deletes the old cache, sends the request uncached, and caches again next time', async () => {
    const server = await startCacheServer();
    let instruction = 'You answer questions about the travel guide below.';
    const runner = cachingRunner(server, {
      contextCacheConfig: {},
      agent: { instruction: () => instruction },
    });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    const second = cacheEvent(await runTurn(runner, session, 'two'));
    instruction = 'You answer questions about the hotel guide below.';
    const third = cacheEvent(await runTurn(runner, session, 'three'));
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
      { op: 'delete', name: 'cachedContents/cache-1', status: 200 },
    ]);
    expect(third.cacheMetadata).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      contentsCount: 4,
    });
    expect(third.cacheMetadata!.fingerprint).not.toBe(second.cacheMetadata!.fingerprint);
    const uncached = bodyOf(server.requests[2]);
    expect(uncached['cachedContent']).toBeUndefined();
    expect(JSON.stringify(uncached['systemInstruction'])).toContain('hotel guide');

    const fourth = cacheEvent(await runTurn(runner, session, 'four'));
    expect(server.cacheOperations.at(-1)).toEqual({
      op: 'create',
      name: 'cachedContents/cache-2',
      status: 200,
    });
    expect(fourth.cacheMetadata).toMatchObject({
      cacheName: 'cachedContents/cache-2',
      contentsCount: 6,
    });
  });

  it('a previous prompt under minTokens makes no cache', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: { minTokens: 10_000 } });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    const second = cacheEvent(await runTurn(runner, session, 'two'));
    expect(server.cacheOperations).toEqual([]);
    expect(second.cacheMetadata).toEqual({ fingerprint: expect.any(String), contentsCount: 2 });
    expect(bodyOf(server.requests[1])['cachedContent']).toBeUndefined();
  });

  it('a prefix under the Gemini 2.5 floor (2048 tokens) makes no cache', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: {}, model: 'gemini-2.5-flash' });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    await runTurn(runner, session, 'two');
    expect(server.cacheOperations).toEqual([]);
  });

  it('an app without a ContextCacheConfig sends no cache and writes no cacheMetadata', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server);
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    const events = await runTurn(runner, session, 'two');
    expect(server.cacheOperations).toEqual([]);
    expect(events.some((event) => event.cacheMetadata !== undefined)).toBe(false);
  });
});
