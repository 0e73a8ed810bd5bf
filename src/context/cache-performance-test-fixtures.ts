import type { CacheMetadata } from '../events/cache-metadata.js';
import { createEvent, type Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';

/*
 * A session whose events carry cache metadata as adk-python's
 * GeminiContextCacheManager writes it (models/gemini_context_cache_manager.py:
 * fingerprint-only metadata before a cache exists, then the active cache
 * with `invocations_used` counted by the context-cache processor), shared
 * by the analyzer's tests over the library, HTTP, the CLI and the dev UI.
 *
 * Agent `cached_agent`, four invocations:
 *   e-1  fingerprint only                  prompt 5000, cached    0
 *   e-2  cache c1 created (used 1), a tool call, so two model responses:
 *                                          prompt 5200, cached 4800
 *                                          prompt 5300, cached 4800
 *   e-3  c1 reused (used 2)                prompt 5400, cached 4800
 *   e-4  c1 past its intervals: c2 (used 1) prompt 5500, cached 5000
 * and agent `helper_agent` (cache c9, prompt 1000, cached 900) in e-3,
 * which must never count for `cached_agent`.
 */

/** The resource names of the caches in the fixture session. */
export const CACHE_NAMES = {
  c1: 'projects/p/locations/us-central1/cachedContents/c1',
  c2: 'projects/p/locations/us-central1/cachedContents/c2',
  c9: 'projects/p/locations/us-central1/cachedContents/c9',
} as const;

/** The agent whose cache use the fixture session records. */
export const CACHED_AGENT = 'cached_agent';
/** A second agent with a cache of its own in the same session. */
export const HELPER_AGENT = 'helper_agent';

function active(cacheName: string, invocationsUsed: number): CacheMetadata {
  return {
    cacheName,
    expireTime: 1_900_000_000,
    fingerprint: 'f1f2f3f4f5f6f7f8',
    invocationsUsed,
    contentsCount: 2,
    createdAt: 1_800_000_000,
  };
}

function modelEvent(
  invocationId: string,
  author: string,
  cacheMetadata: CacheMetadata,
  promptTokenCount: number,
  cachedContentTokenCount: number,
): Event {
  return createEvent({
    invocationId,
    author,
    content: { role: 'model', parts: [{ text: `answer of ${invocationId}` }] },
    cacheMetadata,
    usageMetadata: {
      promptTokenCount,
      candidatesTokenCount: 10,
      totalTokenCount: promptTokenCount + 10,
      ...(cachedContentTokenCount ? { cachedContentTokenCount } : {}),
    },
  });
}

function userEvent(invocationId: string, text: string): Event {
  return createEvent({
    invocationId,
    author: 'user',
    content: { role: 'user', parts: [{ text }] },
  });
}

/** The events of the fixture session, in order. */
export function cacheSessionEvents(): Event[] {
  return [
    userEvent('e-1', 'first'),
    modelEvent('e-1', CACHED_AGENT, { fingerprint: 'a0a1a2a3a4a5a6a7', contentsCount: 0 }, 5000, 0),
    userEvent('e-2', 'second'),
    modelEvent('e-2', CACHED_AGENT, active(CACHE_NAMES.c1, 1), 5200, 4800),
    modelEvent('e-2', CACHED_AGENT, active(CACHE_NAMES.c1, 1), 5300, 4800),
    userEvent('e-3', 'third'),
    modelEvent('e-3', HELPER_AGENT, active(CACHE_NAMES.c9, 1), 1000, 900),
    modelEvent('e-3', CACHED_AGENT, active(CACHE_NAMES.c1, 2), 5400, 4800),
    userEvent('e-4', 'fourth'),
    modelEvent('e-4', CACHED_AGENT, active(CACHE_NAMES.c2, 1), 5500, 5000),
  ];
}

/** Creates the fixture session in `sessionService` and appends its events. */
export async function createCacheSession(
  sessionService: BaseSessionService,
  key: { appName: string; userId: string; sessionId?: string },
): Promise<Session> {
  const session = await sessionService.createSession(key);
  for (const event of cacheSessionEvents()) await sessionService.appendEvent({ session, event });
  return session;
}

/** `cached_agent`'s report on the fixture session, computed by hand from the table above. */
export const EXPECTED_CACHED_AGENT_REPORT = {
  status: 'active',
  // e-2 twice, e-3, e-4: the fingerprint-only entry of e-1 names no cache.
  requestsWithCache: 4,
  // (1 + 1 + 2 + 1) / 4
  avgInvocationsUsed: 1.25,
  latestCache: CACHE_NAMES.c2,
  cacheRefreshes: 2,
  totalInvocations: 5,
  // 5000 + 5200 + 5300 + 5400 + 5500
  totalPromptTokens: 26400,
  // 4800 * 3 + 5000
  totalCachedTokens: 19400,
  // 19400 / 26400 = 0.734848…
  cacheHitRatioPercent: 73.48484848484848,
  // 4 of 5 responses had cached tokens
  cacheUtilizationRatioPercent: 80,
  // 19400 / 5
  avgCachedTokensPerRequest: 3880,
  totalRequests: 5,
  requestsWithCacheHits: 4,
  invocationBreakdown: [
    {
      invocationId: 'e-1',
      totalRequests: 1,
      requestsWithCacheHits: 0,
      promptTokens: 5000,
      cachedTokens: 0,
      cacheHitRatioPercent: 0,
      cacheName: null,
      invocationsUsed: null,
      newCache: false,
    },
    {
      invocationId: 'e-2',
      totalRequests: 2,
      requestsWithCacheHits: 2,
      promptTokens: 10500,
      cachedTokens: 9600,
      // 9600 / 10500 = 0.914285…
      cacheHitRatioPercent: 91.42857142857143,
      cacheName: CACHE_NAMES.c1,
      invocationsUsed: 1,
      newCache: true,
    },
    {
      invocationId: 'e-3',
      totalRequests: 1,
      requestsWithCacheHits: 1,
      promptTokens: 5400,
      cachedTokens: 4800,
      // 4800 / 5400 = 0.888…
      cacheHitRatioPercent: 88.88888888888889,
      cacheName: CACHE_NAMES.c1,
      invocationsUsed: 2,
      newCache: false,
    },
    {
      invocationId: 'e-4',
      totalRequests: 1,
      requestsWithCacheHits: 1,
      promptTokens: 5500,
      cachedTokens: 5000,
      // 5000 / 5500 = 0.9090…
      cacheHitRatioPercent: 90.9090909090909,
      cacheName: CACHE_NAMES.c2,
      invocationsUsed: 1,
      newCache: true,
    },
  ],
} as const;
