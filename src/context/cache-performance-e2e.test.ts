import { describe, expect, it } from 'vitest';
import {
  cachingRunner,
  createSession,
  runTurn,
  startCacheServer,
  useGeminiCacheTestEnvironment,
} from '../models/gemini/gemini-cache-test-fixtures.js';
import { CachePerformanceAnalyzer } from './cache-performance-analyzer.js';

/*
 * Issue 19 §3 "the analyzer's report on the fake cache server matches
 * hand-computed figures": a Gemini agent with a ContextCacheConfig runs four
 * turns through the official client against the local cachedContents server,
 * then CachePerformanceAnalyzer (spec 004 §6) reads the session.
 *
 * The server counts a text part as its words (test/providers/gemini-cache-tokens.ts).
 * System instruction: "You answer questions about the travel guide below." (8)
 * + "You are an agent. Your internal name is "guide"." (9) = S = 17; the agent
 * has no tools; the model answers "Reply <n>." (2). cacheIntervals = 2.
 *
 *   turn  user text (words)        cache                     prompt             cached
 *   1     Where should I go … (6)  none (fingerprint only)   17 + 6 = 23        0
 *   2     And in June? (3)         cache-1 = S + u1 + m1     25 + 3 = 28        25
 *                                  = 17 + 6 + 2 = 25, used 1
 *   3     And in July? (3)         cache-1, used 2           25 + u2 m2 u3 = 33  25
 *   4     What about August? (3)   used 3 > 2: cache-2 =     35 + 3 = 38        35
 *                                  25 + 3 + 2 + 3 + 2 = 35
 */

useGeminiCacheTestEnvironment();

const TURNS = ['Where should I go in May?', 'And in June?', 'And in July?', 'What about August?'];

describe('CachePerformanceAnalyzer on a session cached through the fake Gemini cache server', () => {
  it('reports the figures computed by hand from the server token rules', async () => {
    const server = await startCacheServer();
    const runner = cachingRunner(server, { contextCacheConfig: { cacheIntervals: 2 } });
    const sessionId = await createSession(runner);
    const invocationIds: string[] = [];
    for (const text of TURNS) {
      const events = await runTurn(runner, sessionId, text);
      invocationIds.push(events[0]!.invocationId);
    }
    // The system instruction S counted above is the one sent.
    expect(server.requests[0]!.body['systemInstruction']).toEqual({
      role: 'user',
      parts: [
        {
          text: 'You answer questions about the travel guide below.\n\nYou are an agent. Your internal name is "guide".',
        },
      ],
    });
    expect(server.cacheOperations.map(({ op, name }) => `${op} ${name ?? ''}`)).toEqual([
      'create cachedContents/cache-1',
      'delete cachedContents/cache-1',
      'create cachedContents/cache-2',
    ]);

    const analyzer = new CachePerformanceAnalyzer({ sessionService: runner.sessionService });
    const report = await analyzer.analyzeAgentCachePerformance({
      appName: runner.appName,
      userId: 'u',
      sessionId,
      agentName: 'guide',
    });
    const invocation = (
      index: number,
      promptTokens: number,
      cachedTokens: number,
      cacheName: string | null,
      invocationsUsed: number | null,
      newCache: boolean,
    ) => ({
      invocationId: invocationIds[index],
      totalRequests: 1,
      requestsWithCacheHits: cachedTokens > 0 ? 1 : 0,
      promptTokens,
      cachedTokens,
      cacheHitRatioPercent: cachedTokens === 0 ? 0 : (cachedTokens / promptTokens) * 100,
      cacheName,
      invocationsUsed,
      newCache,
    });
    expect(report).toStrictEqual({
      status: 'active',
      requestsWithCache: 3,
      avgInvocationsUsed: 4 / 3,
      latestCache: 'cachedContents/cache-2',
      cacheRefreshes: 2,
      totalInvocations: 4,
      // 23 + 28 + 33 + 38
      totalPromptTokens: 122,
      // 25 + 25 + 35
      totalCachedTokens: 85,
      // 85 / 122 = 0.6967…
      cacheHitRatioPercent: (85 / 122) * 100,
      cacheUtilizationRatioPercent: 75,
      avgCachedTokensPerRequest: 21.25,
      totalRequests: 4,
      requestsWithCacheHits: 3,
      invocationBreakdown: [
        invocation(0, 23, 0, null, null, false),
        invocation(1, 28, 25, 'cachedContents/cache-1', 1, true),
        invocation(2, 33, 25, 'cachedContents/cache-1', 2, false),
        invocation(3, 38, 35, 'cachedContents/cache-2', 1, true),
      ],
    });
    expect(report.status === 'active' && report.cacheHitRatioPercent).toBeCloseTo(69.67, 2);
  });
});
