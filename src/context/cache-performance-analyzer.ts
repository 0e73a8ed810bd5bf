import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import type { CacheMetadata } from '../events/cache-metadata.js';
import type { Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type {
  AgentCachePerformance,
  CacheInvocationBreakdown,
  CachePerformanceReport,
} from './cache-performance-report.js';

/** Which session (and agent) to analyse. */
export interface CacheHistoryRequest {
  appName: string;
  userId: string;
  sessionId: string;
  /** The agent (event author) whose cache use is read; every agent's when omitted. */
  agentName?: string;
}

/** Which session and agent `analyzeAgentCachePerformance` reports on. */
export interface AgentCachePerformanceRequest extends CacheHistoryRequest {
  agentName: string;
}

/** What the analyzer reads from a session. */
export interface CachePerformanceAnalyzerOptions {
  /** Any session service: the events are read with `getSession`. */
  sessionService: BaseSessionService;
}

/**
 * Context-cache performance of a session, read from its events (Python
 * `google.adk.utils.cache_performance_analyzer.CachePerformanceAnalyzer`,
 * spec 004 §6): `cacheMetadata` on the agent's events says which cache each
 * request used, `usageMetadata` (`promptTokenCount`,
 * `cachedContentTokenCount`) how many tokens it served. Works with any
 * session service. Fingerprint-only metadata (written before a cache
 * exists, or when the prefix is below `minTokens`) is history but not cache
 * use: the report counts only entries naming a cache (see decision
 * "cache performance analyzer").
 */
export class CachePerformanceAnalyzer {
  readonly sessionService: BaseSessionService;

  constructor({ sessionService }: CachePerformanceAnalyzerOptions) {
    this.sessionService = sessionService;
  }

  /**
   * The cache metadata of the session's events by `agentName` (every
   * author's when omitted), in session order, fingerprint-only entries
   * included. Throws `SessionNotFoundError` for a missing session.
   */
  async getAgentCacheHistory(request: CacheHistoryRequest): Promise<CacheMetadata[]> {
    const events = await this.loadEvents(request);
    return events.flatMap((event) =>
      event.cacheMetadata && (request.agentName === undefined || event.author === request.agentName)
        ? [event.cacheMetadata]
        : [],
    );
  }

  /**
   * The report for one agent of one session (`CachePerformanceReport`):
   * `{status: 'no_cache_data'}` when none of its events used a cache, else
   * the reference's metrics over its events and the per-invocation
   * breakdown. Throws `SessionNotFoundError` for a missing session.
   */
  async analyzeAgentCachePerformance(
    request: AgentCachePerformanceRequest,
  ): Promise<CachePerformanceReport> {
    return reportFromEvents(await this.loadEvents(request), request.agentName);
  }

  /**
   * The report of every agent whose events carry cache metadata, in the
   * order they first appear (what the dev UI and `adk cache_report` show
   * when no agent is named). Throws `SessionNotFoundError` for a missing session.
   */
  async analyzeSessionCachePerformance(
    request: Omit<CacheHistoryRequest, 'agentName'>,
  ): Promise<AgentCachePerformance[]> {
    const events = await this.loadEvents(request);
    const agents = new Set<string>();
    for (const event of events) if (event.cacheMetadata) agents.add(event.author);
    return [...agents].map((agentName) => ({
      agentName,
      report: reportFromEvents(events, agentName),
    }));
  }

  private async loadEvents(request: CacheHistoryRequest): Promise<readonly Event[]> {
    const { appName, userId, sessionId } = request;
    const session = await this.sessionService.getSession({ appName, userId, sessionId });
    if (!session) throw new SessionNotFoundError({ sessionId });
    return session.events;
  }
}

function percent(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

/** The report of `agentName` over `events` (the reference's arithmetic, in its order). */
function reportFromEvents(events: readonly Event[], agentName: string): CachePerformanceReport {
  const own = events.filter((event) => event.author === agentName);
  // Fingerprint-only metadata (no cache yet, or below minTokens) is not cache use.
  const history = own.flatMap((event) =>
    event.cacheMetadata?.cacheName === undefined ? [] : [event.cacheMetadata],
  );
  if (history.length === 0) return { status: 'no_cache_data' };

  const invocationBreakdown = breakdownByInvocation(own);
  let totalPromptTokens = 0;
  let totalCachedTokens = 0;
  let totalRequests = 0;
  let requestsWithCacheHits = 0;
  for (const invocation of invocationBreakdown) {
    totalPromptTokens += invocation.promptTokens;
    totalCachedTokens += invocation.cachedTokens;
    totalRequests += invocation.totalRequests;
    requestsWithCacheHits += invocation.requestsWithCacheHits;
  }
  const totalInvocations = history.reduce((sum, entry) => sum + (entry.invocationsUsed ?? 0), 0);
  return {
    status: 'active',
    requestsWithCache: history.length,
    avgInvocationsUsed: totalInvocations / history.length,
    latestCache: history.at(-1)!.cacheName ?? null,
    cacheRefreshes: new Set(history.map((entry) => entry.cacheName)).size,
    totalInvocations,
    totalPromptTokens,
    totalCachedTokens,
    cacheHitRatioPercent: percent(totalCachedTokens, totalPromptTokens),
    cacheUtilizationRatioPercent: percent(requestsWithCacheHits, totalRequests),
    avgCachedTokensPerRequest: totalRequests > 0 ? totalCachedTokens / totalRequests : 0,
    totalRequests,
    requestsWithCacheHits,
    invocationBreakdown,
  };
}

/** One entry per invocation of the agent's `events` that has model responses or cache metadata. */
function breakdownByInvocation(events: readonly Event[]): CacheInvocationBreakdown[] {
  const byInvocation = new Map<string, CacheInvocationBreakdown>();
  for (const event of events) {
    const usage = event.usageMetadata;
    if (!usage && !event.cacheMetadata) continue;
    let entry = byInvocation.get(event.invocationId);
    if (!entry) {
      entry = {
        invocationId: event.invocationId,
        totalRequests: 0,
        requestsWithCacheHits: 0,
        promptTokens: 0,
        cachedTokens: 0,
        cacheHitRatioPercent: 0,
        cacheName: null,
        invocationsUsed: null,
        newCache: false,
      };
      byInvocation.set(event.invocationId, entry);
    }
    if (usage) {
      entry.totalRequests += 1;
      entry.promptTokens += usage.promptTokenCount ?? 0;
      const cached = usage.cachedContentTokenCount ?? 0;
      entry.cachedTokens += cached;
      if (cached) entry.requestsWithCacheHits += 1;
    }
    const cacheName = event.cacheMetadata?.cacheName;
    if (cacheName !== undefined) {
      entry.cacheName = cacheName;
      entry.invocationsUsed = event.cacheMetadata?.invocationsUsed ?? null;
    }
  }
  let previous: string | null = null;
  const breakdown = [...byInvocation.values()];
  for (const entry of breakdown) {
    entry.cacheHitRatioPercent = percent(entry.cachedTokens, entry.promptTokens);
    entry.newCache = entry.cacheName !== null && entry.cacheName !== previous;
    if (entry.cacheName !== null) previous = entry.cacheName;
  }
  return breakdown;
}
