export { ActiveStreamingTool, type ActiveStreamingToolInit } from './active-streaming-tool.js';
export type { AgentContract } from './agent-contract.js';
export type { ChildRunner, ChildRunRequest } from './child-runner.js';
export type { ContextCacheConfig, ResumabilityConfig } from './app-configs.js';
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
export { Context, type CallbackContext, type ContextOptions, type ToolContext } from './context.js';
export type { CredentialRequest, CredentialService } from './credential-service.js';
export { InMemoryCredentialService } from './in-memory-credential-service.js';
export { SessionStateCredentialService } from './session-state-credential-service.js';
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
export { InvocationContext, type InvocationContextInit } from './invocation-context.js';
export { LiveRequestQueue, type LiveRequest } from './live-request-queue.js';
export type { PluginManagerContract } from './plugin-manager-contract.js';
export { ReadonlyContext, type ReadonlyState } from './readonly-context.js';
export {
  createRunConfig,
  DEFAULT_MAX_LLM_CALLS,
  StreamingMode,
  type RunConfig,
} from './run-config.js';
export type { ToolContract } from './tool-contract.js';
export type { TranscriptionEntry } from './transcription-entry.js';
