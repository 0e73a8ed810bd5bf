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
 * A folder whose `index.ts` is that folder's public list (auth, context,
 * errors, evaluation, models, tools, workflow) is re-exported whole with
 * `export *`; the other sections name their exports here. Code inside the
 * package imports the defining files, not these lists (`npm run layering`
 * checks it).
 *
 * @module
 */

// Agents (Python `google.adk.agents`).
export type { AgentCallback, AgentCallbacks } from './agents/agent-callbacks.js';
export type { LoopAgentState, SequentialAgentState } from './agents/agent-state.js';
export { BaseAgent, type BaseAgentConfig } from './agents/base-agent.js';
export { Agent, LlmAgent, type LlmAgentConfig } from './agents/llm-agent.js';
export { LoopAgent, type LoopAgentConfig } from './agents/loop-agent.js';
export { ParallelAgent, type ParallelAgentConfig } from './agents/parallel-agent.js';
export type { OutputSchemaInput } from './agents/resolve-output-schema.js';
export { SequentialAgent, type SequentialAgentConfig } from './agents/sequential-agent.js';
export type { AgentMode } from './flows/agent-mode.js';
export {
  AudioTranscriber,
  type AudioTranscriberOptions,
  type SpeechToText,
} from './flows/audio-transcriber.js';
export {
  isLlmAgent,
  type AfterModelCallback,
  type AfterToolCallback,
  type BeforeModelCallback,
  type BeforeToolCallback,
  type IncludeContents,
  type InstructionProvider,
  type OnModelErrorCallback,
  type OnToolErrorCallback,
  type OutputSchema,
  type StaticInstruction,
  type ToolUnion,
} from './flows/llm-agent-contract.js';

// Agents from YAML config files and agent directories (Python `config_agent_utils`, `AgentLoader`).
export type { AgentClassName, AgentYamlConfig } from './config/agent-config.js';
export {
  AgentsDirectoryLoader,
  type AgentsDirectoryLoaderOptions,
  type AppDetails,
  type AppLanguage,
  type AppSource,
} from './config/agents-directory.js';
export type {
  AgentClass,
  AgentClassContext,
  ConfigCallback,
  ConfigReferences,
  ConfigReferenceUse,
  ConfigRegistry,
  ConfigRegistryEntry,
  ConfigResolver,
  FunctionToolSpec,
  ToolClass,
  ToolFactory,
  ToolFactoryContext,
} from './config/config-registry.js';
export {
  loadAgentFromYamlFile,
  loadAppRootAgent,
  readAgentYamlConfig,
  ROOT_AGENT_CONFIG_FILE,
  type LoadAgentOptions,
} from './config/load-agent-config.js';

// Artifacts (Python `google.adk.artifacts`).
export {
  getArtifactUri,
  isArtifactRef,
  parseArtifactUri,
  type ParsedArtifactUri,
} from './artifacts/artifact-uri.js';
export { getArtifactServiceFromUri } from './artifacts/artifact-service-from-uri.js';
export type {
  ArtifactKey,
  ArtifactVersion,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from './artifacts/base-artifact-service.js';
export { FileArtifactService } from './artifacts/file-artifact-service.js';
export { InMemoryArtifactService } from './artifacts/in-memory-artifact-service.js';

// Auth (Python `google.adk.auth`): credential models, auth schemes, auth providers, OAuth2
// exchangers and refreshers. The credential services are listed with the contexts, the
// authenticated tools and `CredentialManager` with the tools.
export * from './auth/index.js';

// Code executors (Python `google.adk.code_executors`).
export {
  BaseCodeExecutor,
  type BaseCodeExecutorOptions,
  type ExecuteCodeArguments,
} from './code-executors/base-code-executor.js';
export { BuiltInCodeExecutor } from './code-executors/built-in-code-executor.js';
export type {
  CodeExecutionInput,
  CodeExecutorResult,
  File,
} from './code-executors/code-execution-utils.js';
export {
  CodeExecutorContext,
  type RecordedCodeExecution,
} from './code-executors/code-executor-context.js';
export {
  UnsafeLocalCodeExecutor,
  type UnsafeLocalCodeExecutorOptions,
} from './code-executors/unsafe-local-code-executor.js';

// Contexts, run configuration, hook arguments, app configs, credential services.
export * from './context/index.js';
// The context cache's metadata and the default events summarizer (they live in events/ and flows/).
export { CacheMetadata } from './events/cache-metadata.js';
export {
  DEFAULT_SUMMARIZER_PROMPT_TEMPLATE,
  LlmEventSummarizer,
  type LlmEventSummarizerOptions,
} from './flows/compaction/llm-event-summarizer.js';

// Evaluation (Python `google.adk.evaluation`): eval sets, metrics, judges, stores, running evals.
export * from './evaluation/index.js';

// Errors: every error ADK throws, each with its `isInstance` check.
export * from './errors/index.js';

// Events (Python `google.adk.events`).
export { createEvent, Event, type EventInit, type NodeInfo } from './events/event.js';
export {
  createEventActions,
  EventActions,
  type EventCompaction,
  type RouteValue,
} from './events/event-actions.js';
export {
  eventFromCamelCaseJson,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
} from './events/event-json.js';
export {
  getFunctionCalls,
  getFunctionResponses,
  hasFunctionCalls,
  hasFunctionResponses,
  hasTrailingCodeExecutionResult,
  isFinalResponse,
  stringifyContent,
} from './events/event-predicates.js';
export { findMatchingFunctionCall } from './events/find-matching-function-call.js';
export { LlmResponse } from './events/llm-response.js';
export { ToolConfirmation } from './events/tool-confirmation.js';
export {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_EUC_FUNCTION_CALL_NAME,
} from './flows/functions.js';

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
