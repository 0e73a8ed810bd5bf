import { afterEach, describe, expect, it } from 'vitest';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { createEvent } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { getSessionServiceFromUri } from '../sessions/session-service-from-uri.js';
import { CachePerformanceAnalyzer } from './cache-performance-analyzer.js';
import { CachePerformanceReport } from './cache-performance-report.js';
import {
  CACHE_NAMES,
  CACHED_AGENT,
  EXPECTED_CACHED_AGENT_REPORT,
  HELPER_AGENT,
  createCacheSession,
} from './cache-performance-test-fixtures.js';

/*
 * Spec 004 §6 and adk-python utils/cache_performance_analyzer.py: the report's
 * figures over events carrying cache metadata as gemini_context_cache_manager.py
 * writes it, checked against figures computed by hand
 * (cache-performance-test-fixtures.ts).
 */

const KEY = { appName: 'cache_app', userId: 'u1', sessionId: 's1' };
const opened: DatabaseSessionService[] = [];

afterEach(async () => {
  for (const service of opened.splice(0)) await service.close();
});

const services: [string, () => BaseSessionService][] = [
  ['in memory', () => new InMemorySessionService()],
  [
    'SQLite (stored as Python JSON and read back)',
    () => {
      const service = getSessionServiceFromUri('sqlite://:memory:') as DatabaseSessionService;
      opened.push(service);
      return service;
    },
  ],
];

describe('CachePerformanceAnalyzer (spec 004 §6, adk-python cache_performance_analyzer.py)', () => {
  it.each(services)(
    'reports the reference metrics and the per-invocation breakdown: %s',
    async (_name, makeService) => {
      const sessionService = makeService();
      await createCacheSession(sessionService, KEY);
      const analyzer = new CachePerformanceAnalyzer({ sessionService });
      const report = await analyzer.analyzeAgentCachePerformance({
        ...KEY,
        agentName: CACHED_AGENT,
      });
      expect(report).toStrictEqual(EXPECTED_CACHED_AGENT_REPORT);
      expect(CachePerformanceReport.parse(report)).toStrictEqual(report);
    },
  );

  it('the 13 metrics are the reference keys camelCased', async () => {
    const sessionService = new InMemorySessionService();
    await createCacheSession(sessionService, KEY);
    const report = await new CachePerformanceAnalyzer({
      sessionService,
    }).analyzeAgentCachePerformance({ ...KEY, agentName: CACHED_AGENT });
    const pythonKeys = [
      'status',
      'requests_with_cache',
      'avg_invocations_used',
      'latest_cache',
      'cache_refreshes',
      'total_invocations',
      'total_prompt_tokens',
      'total_cached_tokens',
      'cache_hit_ratio_percent',
      'cache_utilization_ratio_percent',
      'avg_cached_tokens_per_request',
      'total_requests',
      'requests_with_cache_hits',
    ];
    const camel = pythonKeys.map((key) =>
      key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
    );
    expect(Object.keys(report)).toEqual([...camel, 'invocationBreakdown']);
  });

  it("another agent's events never count: helper_agent has its own report", async () => {
    const sessionService = new InMemorySessionService();
    await createCacheSession(sessionService, KEY);
    const analyzer = new CachePerformanceAnalyzer({ sessionService });
    const helper = await analyzer.analyzeAgentCachePerformance({ ...KEY, agentName: HELPER_AGENT });
    expect(helper).toMatchObject({
      status: 'active',
      requestsWithCache: 1,
      latestCache: CACHE_NAMES.c9,
      totalPromptTokens: 1000,
      totalCachedTokens: 900,
      cacheHitRatioPercent: 90,
      cacheUtilizationRatioPercent: 100,
      totalRequests: 1,
    });
    const all = await analyzer.analyzeSessionCachePerformance(KEY);
    expect(all.map((entry) => entry.agentName)).toEqual([CACHED_AGENT, HELPER_AGENT]);
    expect(all[0]!.report).toStrictEqual(EXPECTED_CACHED_AGENT_REPORT);
    expect(all[1]!.report).toStrictEqual(helper);
  });

  it('the cache history keeps every entry, fingerprint-only ones included, by agent or for all', async () => {
    const sessionService = new InMemorySessionService();
    await createCacheSession(sessionService, KEY);
    const analyzer = new CachePerformanceAnalyzer({ sessionService });
    const own = await analyzer.getAgentCacheHistory({ ...KEY, agentName: CACHED_AGENT });
    expect(own.map((entry) => [entry.cacheName, entry.invocationsUsed])).toEqual([
      [undefined, undefined],
      [CACHE_NAMES.c1, 1],
      [CACHE_NAMES.c1, 1],
      [CACHE_NAMES.c1, 2],
      [CACHE_NAMES.c2, 1],
    ]);
    expect(await analyzer.getAgentCacheHistory(KEY)).toHaveLength(6);
  });

  it('no_cache_data: no cache metadata, or only fingerprint-only metadata (below minTokens)', async () => {
    const sessionService = new InMemorySessionService();
    const session = await sessionService.createSession(KEY);
    const analyzer = new CachePerformanceAnalyzer({ sessionService });
    const request = { ...KEY, agentName: CACHED_AGENT };
    expect(await analyzer.analyzeAgentCachePerformance(request)).toStrictEqual({
      status: 'no_cache_data',
    });
    for (const invocationId of ['e-1', 'e-2']) {
      await sessionService.appendEvent({
        session,
        event: createEvent({
          invocationId,
          author: CACHED_AGENT,
          cacheMetadata: { fingerprint: 'abcdabcdabcdabcd', contentsCount: 1 },
          usageMetadata: { promptTokenCount: 300 },
        }),
      });
    }
    expect(await analyzer.analyzeAgentCachePerformance(request)).toStrictEqual({
      status: 'no_cache_data',
    });
    expect(await analyzer.analyzeSessionCachePerformance(KEY)).toStrictEqual([
      { agentName: CACHED_AGENT, report: { status: 'no_cache_data' } },
    ]);
  });

  it('a missing session is SessionNotFoundError', async () => {
    const analyzer = new CachePerformanceAnalyzer({ sessionService: new InMemorySessionService() });
    const failure = analyzer.analyzeAgentCachePerformance({ ...KEY, agentName: CACHED_AGENT });
    await expect(failure).rejects.toSatisfy((error) => SessionNotFoundError.isInstance(error));
  });
});
