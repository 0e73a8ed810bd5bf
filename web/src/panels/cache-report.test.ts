import { describe, expect, it } from 'vitest';
import { formatPercent, metricRows, shortCacheName, toAgentCacheReports } from './cache-report';

const ACTIVE = {
  status: 'active',
  requestsWithCache: 4,
  avgInvocationsUsed: 1.25,
  latestCache: 'projects/p/locations/l/cachedContents/c2',
  cacheRefreshes: 2,
  totalInvocations: 5,
  totalPromptTokens: 26400,
  totalCachedTokens: 19400,
  cacheHitRatioPercent: 73.48484848484848,
  cacheUtilizationRatioPercent: 80,
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
  ],
};

// The dev UI's reading of the cache_performance route (spec 004 §6 report, camelCase).

describe('cache report (dev UI)', () => {
  it('keeps well-formed entries and drops others', () => {
    const reports = toAgentCacheReports([
      { agentName: 'a', report: ACTIVE },
      { agentName: 'b', report: { status: 'no_cache_data' } },
      { agentName: 'c', report: { status: 'active' } },
      { report: { status: 'no_cache_data' } },
    ]);
    expect(reports.map((entry) => entry.agentName)).toEqual(['a', 'b']);
    expect(toAgentCacheReports({ detail: 'x' })).toEqual([]);
  });

  it('formats the metrics in the order the panel shows them', () => {
    const [entry] = toAgentCacheReports([{ agentName: 'a', report: ACTIVE }]);
    if (entry?.report.status !== 'active') throw new Error('expected an active report');
    expect(metricRows(entry.report).slice(0, 5)).toEqual([
      ['Cache hit ratio', '73.5%'],
      ['Cache utilization ratio', '80.0%'],
      ['Cached / prompt tokens', '19400 / 26400'],
      ['Avg cached tokens per request', '3880.0'],
      ['Requests with cache hits', '4 / 5'],
    ]);
    expect(formatPercent(0)).toBe('0.0%');
    expect(shortCacheName('projects/p/locations/l/cachedContents/c2')).toBe('c2');
  });
});
