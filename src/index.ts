/**
 * Agent Development Kit for TypeScript: the public API. Behaviour follows
 * Python ADK 2.x; names follow `@google/adk` where it has them.
 *
 * This list is curated: it holds what users write code against (agents,
 * tools, models, runners, services, plugins, planners, code executors,
 * events, errors and the types of their options and callbacks). The flow's
 * processors and helpers, storage helpers and conversion utilities stay
 * inside the package. `test/packaging/public-surface.test.ts` pins the list,
 * so adding a name is a visible decision.
 *
 * A folder whose `index.ts` is that folder's public list (agents, artifacts,
 * auth, code-executors, config, context, errors, evaluation, events, flows,
 * models, tools, workflow) is re-exported whole with `export *`; the other
 * sections name their exports here. Code inside the package imports the
 * defining files, not these lists.
 *
 * @module
 */

// Agents (Python `google.adk.agents`). The LLM agent's contract (its callbacks, instructions,
// output schema and mode) and the audio transcriber live in flows/, whose list also holds the
// confirmation and credential request function names (events) and the default events
// summarizer (contexts).
export * from './agents/index.js';
export * from './flows/index.js';

// Agents from YAML config files and agent directories (Python `config_agent_utils`, `AgentLoader`).
export * from './config/index.js';

// Artifacts (Python `google.adk.artifacts`).
export * from './artifacts/index.js';

// Auth (Python `google.adk.auth`): credential models, auth schemes, auth providers, OAuth2
// exchangers and refreshers. The credential services are listed with the contexts, the
// authenticated tools and `CredentialManager` with the tools.
export * from './auth/index.js';

// Code executors (Python `google.adk.code_executors`).
export * from './code-executors/index.js';

// Contexts, run configuration, hook arguments, app configs, credential services. The context
// cache's metadata is listed with the events, the default events summarizer with the flow.
export * from './context/index.js';

// Evaluation (Python `google.adk.evaluation`): eval sets, metrics, judges, stores, running evals.
export * from './evaluation/index.js';

// Errors: every error ADK throws, each with its `isInstance` check.
export * from './errors/index.js';

// Events (Python `google.adk.events`). The function names of confirmation and credential
// requests are listed with the flow.
export * from './events/index.js';

// Memory (Python `google.adk.memory`).
export type {
  AddEventsToMemoryRequest,
  BaseMemoryService,
  MemoryEntry,
  SearchMemoryRequest,
  SearchMemoryResponse,
} from './memory/base-memory-service.js';
export {
  DatabaseMemoryService,
  type DatabaseMemoryServiceOptions,
} from './memory/database/database-memory-service.js';
export { InMemoryMemoryService } from './memory/in-memory-memory-service.js';
export { getMemoryServiceFromUri } from './memory/memory-service-from-uri.js';

// Models (Python `google.adk.models`).
export * from './models/index.js';

// Planners (Python `google.adk.planners`).
export { BasePlanner } from './planners/base-planner.js';
export { BuiltInPlanner } from './planners/built-in-planner.js';
export { PlanReActPlanner } from './planners/plan-re-act-planner.js';

// Plugins (Python `google.adk.plugins`).
export { BasePlugin, type PluginHookName } from './plugins/base-plugin.js';
export {
  ContextFilterPlugin,
  type ContextFilterPluginOptions,
} from './plugins/context-filter-plugin.js';
export {
  DebugLoggingPlugin,
  type DebugLoggingPluginOptions,
} from './plugins/debug-logging-plugin.js';
export {
  GlobalInstructionPlugin,
  type GlobalInstructionPluginOptions,
  type GlobalInstructionProvider,
} from './plugins/global-instruction-plugin.js';
export { LoggingPlugin, type LoggingPluginOptions } from './plugins/logging-plugin.js';
export {
  MultimodalToolResultsPlugin,
  PARTS_RETURNED_BY_TOOLS_ID,
  type MultimodalRetention,
  type MultimodalToolResultsPluginOptions,
} from './plugins/multimodal-tool-results-plugin.js';
export { PluginManager, type PluginManagerOptions } from './plugins/plugin-manager.js';
export {
  ReflectAndRetryToolPlugin,
  TrackingScope,
  type ReflectAndRetryToolPluginOptions,
  type ToolFailureResponse,
} from './plugins/reflect-and-retry-tool-plugin.js';
export {
  SaveFilesAsArtifactsPlugin,
  type SaveFilesAsArtifactsPluginOptions,
} from './plugins/save-files-as-artifacts-plugin.js';

// Runners and apps (Python `google.adk.runners`, `google.adk.apps`).
export { App, validateAppName, type AppConfig } from './runner/app.js';
export { InMemoryRunner, type InMemoryRunnerConfig } from './runner/in-memory-runner.js';
export { Runner } from './runner/runner.js';
export type { RunAsyncRequest, RunLiveRequest, RunnerConfig } from './runner/runner-requests.js';
export type { RewindRequest } from './runner/rewind.js';

// Sessions (Python `google.adk.sessions`).
export {
  BaseSessionService,
  MAX_STALE_RELOADS,
  type AppendEventRequest,
  type AppendEventWithReloadRequest,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionConfig,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
  type StoreReload,
} from './sessions/base-session-service.js';
export {
  DatabaseSessionService,
  type DatabaseSessionServiceOptions,
} from './sessions/database/database-session-service.js';
export { InMemorySessionService } from './sessions/in-memory-session-service.js';
export { refreshSessionInPlace, type StoredSessionView } from './sessions/refresh-session.js';
export { getSessionServiceFromUri } from './sessions/session-service-from-uri.js';
export { Session } from './sessions/session.js';
export { State } from './sessions/state.js';
export { assertSessionKey, assertStorableState } from './sessions/storable-values.js';

// Tracing: the in-process span store the dev UI reads.
export type { StoredSpan } from './telemetry/recording-span.js';
export {
  InMemorySpanStore,
  registerSpanStore,
  type InMemorySpanStoreOptions,
} from './telemetry/span-store.js';

// Tools (Python `google.adk.tools`).
export * from './tools/index.js';

// Workflows: graphs of nodes run as an agent (Python 2.x `google.adk.workflow`).
export * from './workflow/index.js';

// The message model: `@google/genai` content types, used as they are (types/ lists them).
export type * from './types/index.js';

// Logging.
export { logger, setLogger, setLogLevel, type Logger, type LogLevel } from './utils/logger.js';
