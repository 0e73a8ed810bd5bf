import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StreamingMode } from '../../context/run-config.js';
import type { Event } from '../../events/event.js';
import { FunctionTool } from '../../tools/function-tool.js';
import { setLogger } from '../../utils/logger.js';
import {
  cacheEvent,
  cachingRunner,
  createSession,
  runTurn,
  startCacheServer,
  useGeminiCacheTestEnvironment,
} from './gemini-cache-test-fixtures.js';

/*
 * Context caching with tools, streaming and a failing creation (issue 19 §3;
 * adk-python google_llm.py: metadata on the final aggregated response only;
 * gemini_context_cache_manager.py: tools live in the cache, a failed create
 * leaves the request uncached with fingerprint-only metadata).
 */

useGeminiCacheTestEnvironment();
afterEach(() => setLogger());

const lookup = new FunctionTool({
  name: 'lookup_chapter',
  description: 'Returns a chapter of the guide.',
  parameters: z.object({ chapter: z.number() }),
  execute: ({ chapter }) => ({ text: `Chapter ${chapter} is about Lisbon.` }),
});

describe('context caching with tools and streaming', () => {
  it('the second model call of a tool-calling invocation caches the prefix with the tools; only the final streamed response carries cacheMetadata', async () => {
    const server = await startCacheServer();
    server.enqueue(
      server.reply([{ functionCall: { name: 'lookup_chapter', args: { chapter: 2 } } }]),
    );
    const runner = cachingRunner(server, { contextCacheConfig: {}, agent: { tools: [lookup] } });
    const session = await createSession(runner);
    const events: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session,
      newMessage: { role: 'user', parts: [{ text: 'What is chapter two about?' }] },
      runConfig: { streamingMode: StreamingMode.SSE },
    })) {
      events.push(event);
    }
    expect(server.cacheOperations).toEqual([
      { op: 'create', name: 'cachedContents/cache-1', status: 200 },
    ]);
    const [cache] = server.liveCaches();
    expect(JSON.stringify(cache!.tools)).toContain('lookup_chapter');
    expect(cache!.contents).toHaveLength(2);
    const second = server.requests[1]!.body;
    expect(second['cachedContent']).toBe('cachedContents/cache-1');
    expect(second['tools']).toBeUndefined();
    expect(second['contents']).toHaveLength(1);

    const partials = events.filter((event) => event.partial === true);
    expect(partials.length).toBeGreaterThan(0);
    expect(partials.every((event) => event.cacheMetadata === undefined)).toBe(true);
    const finals = events.filter((event) => event.partial !== true && event.author === 'guide');
    expect(finals.map((event) => event.cacheMetadata?.cacheName)).toEqual([
      undefined, // the function call's response: fingerprint only
      undefined, // the tool's function response event carries none
      'cachedContents/cache-1',
    ]);
    expect(finals[0]!.cacheMetadata).toEqual({ fingerprint: expect.any(String), contentsCount: 0 });
    expect(cacheEvent(events).usageMetadata?.cachedContentTokenCount).toBe(cache!.totalTokenCount);
  });

  it('createHttpOptions apply to the create call only', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, {
      contextCacheConfig: { createHttpOptions: { headers: { 'x-cache-create': 'yes' } } },
    });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    await runTurn(runner, session, 'two');
    expect(server.createHeaders.map((headers) => headers['x-cache-create'])).toEqual(['yes']);
    expect(server.requests.map((request) => request.headers['x-cache-create'])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('a cache the server refuses is logged and the request goes out uncached with fingerprint-only metadata', async () => {
    const warnings: string[] = [];
    setLogger({
      debug: () => {},
      info: () => {},
      error: () => {},
      warn: (message) => warnings.push(message),
    });
    const server = await startCacheServer({ minCacheTokens: 1_000_000 });
    const runner = cachingRunner(server, { contextCacheConfig: {} });
    const session = await createSession(runner);
    await runTurn(runner, session, 'one');
    const second = cacheEvent(await runTurn(runner, session, 'two'));
    expect(server.cacheOperations).toEqual([{ op: 'create', status: 400 }]);
    expect(warnings).toEqual(['Failed to create a context cache.']);
    expect(second.cacheMetadata).toEqual({ fingerprint: expect.any(String), contentsCount: 2 });
    expect(server.requests[1]!.body['cachedContent']).toBeUndefined();
    expect(second.content?.parts?.[0]?.text).toBe('Reply 2.');
  });
});
