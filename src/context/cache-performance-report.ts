import { z } from 'zod';

/**
 * The figures of one invocation of the analysed agent: its model responses
 * (events of the agent carrying `usageMetadata`) and the context cache they
 * used. A TypeScript addition to Python's report (issue 19 §3 asks for a
 * per-invocation breakdown); the totals of the report are the sums of these.
 */
export const CacheInvocationBreakdown = z.object({
  /** The invocation id (`e-<uuid4>`; '' for events stored without one). */
  invocationId: z.string(),
  /** Model responses of the agent in this invocation. */
  totalRequests: z.number().int().nonnegative(),
  /** Those with a non-zero `cachedContentTokenCount`. */
  requestsWithCacheHits: z.number().int().nonnegative(),
  /** Sum of `promptTokenCount`. */
  promptTokens: z.number().int().nonnegative(),
  /** Sum of `cachedContentTokenCount`. */
  cachedTokens: z.number().int().nonnegative(),
  /** `cachedTokens / promptTokens * 100`, 0 without prompt tokens. */
  cacheHitRatioPercent: z.number(),
  /** The cache resource the invocation's latest cache metadata names, null when none did. */
  cacheName: z.string().nullable(),
  /** That metadata's `invocations_used`, null with no active cache. */
  invocationsUsed: z.number().int().nullable(),
  /** True when `cacheName` differs from the previous invocation's: a cache was created or refreshed. */
  newCache: z.boolean(),
});
/** The figures of one invocation of the analysed agent. */
export type CacheInvocationBreakdown = z.infer<typeof CacheInvocationBreakdown>;

/**
 * The report of `CachePerformanceAnalyzer.analyzeAgentCachePerformance`:
 * Python's dict (`utils/cache_performance_analyzer.py`, spec 004 §6) with
 * its keys camelCased. `{status: 'no_cache_data'}` when no event of the
 * agent used a context cache; otherwise the 13 metrics of the reference
 * (`status` included) plus `invocationBreakdown`.
 */
export const CachePerformanceReport = z.discriminatedUnion('status', [
  z.object({ status: z.literal('no_cache_data') }),
  z.object({
    status: z.literal('active'),
    /** Events of the agent whose cache metadata names an active cache. */
    requestsWithCache: z.number().int().nonnegative(),
    /** Mean `invocations_used` over those entries. */
    avgInvocationsUsed: z.number(),
    /** The cache resource name of the latest entry. */
    latestCache: z.string().nullable(),
    /** Distinct cache resource names (each refresh creates a new one). */
    cacheRefreshes: z.number().int().nonnegative(),
    /** Sum of `invocations_used` over the entries. */
    totalInvocations: z.number().int().nonnegative(),
    /** Sum of `promptTokenCount` over the agent's model responses. */
    totalPromptTokens: z.number().int().nonnegative(),
    /** Sum of `cachedContentTokenCount` over them. */
    totalCachedTokens: z.number().int().nonnegative(),
    /** `totalCachedTokens / totalPromptTokens * 100`, 0 without prompt tokens. */
    cacheHitRatioPercent: z.number(),
    /** `requestsWithCacheHits / totalRequests * 100`, 0 without requests. */
    cacheUtilizationRatioPercent: z.number(),
    /** `totalCachedTokens / totalRequests`, 0 without requests. */
    avgCachedTokensPerRequest: z.number(),
    /** The agent's model responses (events with `usageMetadata`). */
    totalRequests: z.number().int().nonnegative(),
    /** Those with a non-zero `cachedContentTokenCount`. */
    requestsWithCacheHits: z.number().int().nonnegative(),
    /** One entry per invocation with model responses or cache metadata, in session order. */
    invocationBreakdown: z.array(CacheInvocationBreakdown),
  }),
]);
/** The report of `CachePerformanceAnalyzer.analyzeAgentCachePerformance`. */
export type CachePerformanceReport = z.infer<typeof CachePerformanceReport>;

/** One agent's report, as the dev route and `adk cache_report` list them. */
export const AgentCachePerformance = z.object({
  agentName: z.string(),
  report: CachePerformanceReport,
});
/** One agent's report, as the dev route and `adk cache_report` list them. */
export type AgentCachePerformance = z.infer<typeof AgentCachePerformance>;
