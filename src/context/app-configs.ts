/** Whether paused invocations (long-running tools, confirmations, HITL) can be resumed. */
export interface ResumabilityConfig {
  isResumable: boolean;
}

/** Context caching settings of an app (Python `ContextCacheConfig`). */
export interface ContextCacheConfig {
  /** Invocations a cache is reused for before it is refreshed. Default 10. */
  cacheIntervals?: number;
  /** Cache lifetime in seconds. Default 1800. */
  ttlSeconds?: number;
  /** Smallest prompt, in tokens, worth caching. Default 0. */
  minTokens?: number;
}
