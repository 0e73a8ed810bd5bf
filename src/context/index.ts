/*
 * The public context API: the contexts agents, tools and callbacks receive,
 * the run configuration, the hook arguments of plugins, the app-level cache,
 * resumability and compaction configs, cache performance analysis, live
 * request queues, and the credential services (Python
 * `google.adk.auth.credential_service`; they live here because the layering
 * puts services the context reaches below it). src/index.ts re-exports all of
 * it, so a name added here is a public-API decision
 * (test/packaging/public-surface.test.ts pins the runtime names). The
 * contracts the context holds its agent, tools and plugins by stay out; the
 * folders that implement them import their files directly.
 */

// Contexts and the run configuration.
export { Context, type CallbackContext, type ContextOptions, type ToolContext } from './context.js';
export { ReadonlyContext, type ReadonlyState } from './readonly-context.js';
export { InvocationContext, type InvocationContextInit } from './invocation-context.js';
export { createRunConfig, StreamingMode, type RunConfig } from './run-config.js';

// Hook arguments of plugins and callbacks.
export type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  AgentHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
  MaybePromise,
  ModelErrorHookArguments,
  RunHookArguments,
  ToolErrorHookArguments,
  UserMessageHookArguments,
} from './hook-arguments.js';

// App configs: context cache, resumability, events compaction.
export type { ResumabilityConfig } from './app-configs.js';
export {
  ContextCacheConfig,
  createContextCacheConfig,
  type ContextCacheConfigInput,
} from './app-configs.js';
export {
  EventsCompactionConfig,
  validateEventsCompactionConfig,
} from './events-compaction-config.js';
export { BaseEventsSummarizer, type SummarizeEventsRequest } from './base-events-summarizer.js';

// Cache performance analysis.
export {
  CachePerformanceAnalyzer,
  type AgentCachePerformanceRequest,
  type CacheHistoryRequest,
  type CachePerformanceAnalyzerOptions,
} from './cache-performance-analyzer.js';
export {
  CachePerformanceReport,
  type AgentCachePerformance,
  type CacheInvocationBreakdown,
} from './cache-performance-report.js';

// Live (bidirectional streaming) runs.
export { LiveRequestQueue, type LiveRequest } from './live-request-queue.js';
export { ActiveStreamingTool, type ActiveStreamingToolInit } from './active-streaming-tool.js';
export type { TranscriptionEntry } from './transcription-entry.js';

// Credential services.
export type { CredentialRequest, CredentialService } from './credential-service.js';
export { InMemoryCredentialService } from './in-memory-credential-service.js';
export { SessionStateCredentialService } from './session-state-credential-service.js';
