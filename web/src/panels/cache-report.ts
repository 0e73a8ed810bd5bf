/*
 * The context-cache report the dev server answers at
 * `GET /dev/apps/{app}/users/{user}/sessions/{sid}/cache_performance`
 * (CachePerformanceAnalyzer, camelCase), checked and formatted for the Cache tab.
 */

/** One invocation of an agent: its requests, tokens and cache. */
export interface CacheInvocation {
  invocationId: string;
  totalRequests: number;
  requestsWithCacheHits: number;
  promptTokens: number;
  cachedTokens: number;
  cacheHitRatioPercent: number;
  cacheName: string | null;
  invocationsUsed: number | null;
  newCache: boolean;
}

/** The metrics of an agent that used a cache (Python's 13 keys camelCased, and the breakdown). */
export interface ActiveCacheReport {
  status: 'active';
  requestsWithCache: number;
  avgInvocationsUsed: number;
  latestCache: string | null;
  cacheRefreshes: number;
  totalInvocations: number;
  totalPromptTokens: number;
  totalCachedTokens: number;
  cacheHitRatioPercent: number;
  cacheUtilizationRatioPercent: number;
  avgCachedTokensPerRequest: number;
  totalRequests: number;
  requestsWithCacheHits: number;
  invocationBreakdown: CacheInvocation[];
}

/** One agent's entry of the route's answer. */
export interface AgentCacheReport {
  agentName: string;
  report: { status: 'no_cache_data' } | ActiveCacheReport;
}

const NUMBER_FIELDS = [
  'requestsWithCache',
  'avgInvocationsUsed',
  'cacheRefreshes',
  'totalInvocations',
  'totalPromptTokens',
  'totalCachedTokens',
  'cacheHitRatioPercent',
  'cacheUtilizationRatioPercent',
  'avgCachedTokensPerRequest',
  'totalRequests',
  'requestsWithCacheHits',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInvocation(value: unknown): value is CacheInvocation {
  return (
    isRecord(value) &&
    typeof value['invocationId'] === 'string' &&
    typeof value['promptTokens'] === 'number' &&
    typeof value['cachedTokens'] === 'number' &&
    typeof value['totalRequests'] === 'number' &&
    typeof value['cacheHitRatioPercent'] === 'number' &&
    (value['cacheName'] === null || typeof value['cacheName'] === 'string')
  );
}

function isReport(value: unknown): value is AgentCacheReport['report'] {
  if (!isRecord(value)) return false;
  if (value['status'] === 'no_cache_data') return true;
  return (
    value['status'] === 'active' &&
    NUMBER_FIELDS.every((field) => typeof value[field] === 'number') &&
    Array.isArray(value['invocationBreakdown']) &&
    value['invocationBreakdown'].every(isInvocation)
  );
}

/** The route's JSON as reports; entries of another shape are dropped (the server may be newer). */
export function toAgentCacheReports(json: unknown): AgentCacheReport[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (entry): entry is AgentCacheReport =>
      isRecord(entry) && typeof entry['agentName'] === 'string' && isReport(entry['report']),
  );
}

/** "73.5%". */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** The last segment of a cache resource name (`…/cachedContents/abc` → `abc`). */
export function shortCacheName(name: string): string {
  return name.split('/').at(-1) ?? name;
}

/** The metrics of an active report as label/value rows, in the reference's order. */
export function metricRows(report: ActiveCacheReport): [string, string][] {
  return [
    ['Cache hit ratio', formatPercent(report.cacheHitRatioPercent)],
    ['Cache utilization ratio', formatPercent(report.cacheUtilizationRatioPercent)],
    ['Cached / prompt tokens', `${report.totalCachedTokens} / ${report.totalPromptTokens}`],
    ['Avg cached tokens per request', report.avgCachedTokensPerRequest.toFixed(1)],
    ['Requests with cache hits', `${report.requestsWithCacheHits} / ${report.totalRequests}`],
    ['Requests with cache', String(report.requestsWithCache)],
    ['Cache refreshes', String(report.cacheRefreshes)],
    ['Total invocations', String(report.totalInvocations)],
    ['Avg invocations used', report.avgInvocationsUsed.toFixed(2)],
    ['Latest cache', report.latestCache ?? '—'],
  ];
}
