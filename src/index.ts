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

// Auth (Python `google.adk.auth`): credential models, auth schemes, credential services.
export {
  AuthConfig,
  AuthToolArguments,
  parseAuthConfig,
  type AuthConfigInput,
} from './auth/auth-config.js';
export {
  AuthCredential,
  AuthCredentialTypes,
  HttpAuth,
  HttpCredentials,
  OAuth2Auth,
  ServiceAccount,
  ServiceAccountCredential,
  type AuthCredentialType,
} from './auth/auth-credential.js';
export { AuthScheme, OAuthFlows, type AuthSchemeType } from './auth/auth-schemes.js';
export { AuthProviderRegistry } from './auth/auth-provider-registry.js';
export { redactCredentials } from './auth/redact-credentials.js';
export {
  BaseAuthProvider,
  type AuthProviderContext,
  type GetAuthCredentialRequest,
} from './auth/base-auth-provider.js';
export {
  AuthenticatedFunctionTool,
  type AuthenticatedFunctionToolExecute,
  type AuthenticatedFunctionToolOptions,
} from './tools/authenticated-function-tool.js';
export {
  BaseAuthenticatedTool,
  PENDING_USER_AUTHORIZATION,
  type AuthenticatedToolOptions,
  type RunAuthenticatedArguments,
} from './tools/base-authenticated-tool.js';
export { CredentialManager, type CredentialManagerOptions } from './tools/credential-manager.js';
// OAuth2: exchangers and refreshers (Python `google.adk.auth.exchanger`, `.refresher`).
export {
  BaseCredentialExchanger,
  type ExchangeCredentialRequest,
  type ExchangeResult,
} from './auth/exchanger/base-credential-exchanger.js';
export { CredentialExchangerRegistry } from './auth/exchanger/credential-exchanger-registry.js';
export { OAuth2CredentialExchanger } from './auth/exchanger/oauth2-credential-exchanger.js';
export { ServiceAccountCredentialExchanger } from './auth/exchanger/service-account-credential-exchanger.js';
export {
  BaseCredentialRefresher,
  type RefreshCredentialRequest,
} from './auth/refresher/base-credential-refresher.js';
export { CredentialRefresherRegistry } from './auth/refresher/credential-refresher-registry.js';
export { OAuth2CredentialRefresher } from './auth/refresher/oauth2-credential-refresher.js';
export { OAuthGrantType } from './auth/oauth2/oauth2-scheme-info.js';
export type { CredentialRequest, CredentialService } from './context/credential-service.js';
export { InMemoryCredentialService } from './context/in-memory-credential-service.js';
export { SessionStateCredentialService } from './context/session-state-credential-service.js';

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

// Contexts, run configuration and hook arguments.
export type { ResumabilityConfig } from './context/app-configs.js';
export {
  ContextCacheConfig,
  createContextCacheConfig,
  type ContextCacheConfigInput,
} from './context/app-configs.js';
export { CacheMetadata } from './events/cache-metadata.js';
export {
  BaseEventsSummarizer,
  type SummarizeEventsRequest,
} from './context/base-events-summarizer.js';
export {
  EventsCompactionConfig,
  validateEventsCompactionConfig,
} from './context/events-compaction-config.js';
export {
  DEFAULT_SUMMARIZER_PROMPT_TEMPLATE,
  LlmEventSummarizer,
  type LlmEventSummarizerOptions,
} from './flows/compaction/llm-event-summarizer.js';
export {
  CachePerformanceAnalyzer,
  type AgentCachePerformanceRequest,
  type CacheHistoryRequest,
  type CachePerformanceAnalyzerOptions,
} from './context/cache-performance-analyzer.js';
export {
  CachePerformanceReport,
  type AgentCachePerformance,
  type CacheInvocationBreakdown,
} from './context/cache-performance-report.js';
export {
  Context,
  type CallbackContext,
  type ContextOptions,
  type ToolContext,
} from './context/context.js';
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
} from './context/hook-arguments.js';
export { InvocationContext, type InvocationContextInit } from './context/invocation-context.js';
export { LiveRequestQueue, type LiveRequest } from './context/live-request-queue.js';
export {
  ActiveStreamingTool,
  type ActiveStreamingToolInit,
} from './context/active-streaming-tool.js';
export type { TranscriptionEntry } from './context/transcription-entry.js';
export { ReadonlyContext, type ReadonlyState } from './context/readonly-context.js';
export { createRunConfig, StreamingMode, type RunConfig } from './context/run-config.js';

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
export { AnthropicLlm, type AnthropicLlmOptions } from './models/anthropic/anthropic-llm.js';
export type { BaseLlmConnection, RealtimeInput } from './models/base-llm-connection.js';
export { BaseLlm, type BaseLlmOptions } from './models/base-llm.js';
export { createLlmResponse } from './models/create-llm-response.js';
export { Gemini } from './models/gemini/gemini.js';
export type { GeminiClient } from './models/gemini/gemini-client.js';
export { GeminiContextCacheManager } from './models/gemini/gemini-context-cache-manager.js';
export type { CacheScope } from './models/gemini/cache-fingerprint.js';
export { GeminiLlmConnection } from './models/gemini/gemini-llm-connection.js';
export type { GeminiLiveClient } from './models/gemini/live-connect.js';
export { DEFAULT_GEMINI_MODEL, type GeminiOptions } from './models/gemini/gemini-options.js';
export {
  appendInstructions,
  appendTools,
  createLlmRequest,
  setOutputSchema,
  type LlmRequest,
  type LlmRequestTool,
} from './models/llm-request.js';
export { OpenAILlm, type OpenAILlmOptions } from './models/openai/openai-llm.js';
export type { RealtimeSocketOptions } from './models/openai/realtime-socket-options.js';
export { LLMRegistry, type BaseLlmClass } from './models/registry.js';

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
export {
  AgentTool,
  type AgentToolAgent,
  type AgentToolOptions,
  type AgentToolSchema,
} from './tools/agent-tool.js';
export {
  BaseTool,
  isBaseTool,
  type BaseToolOptions,
  type ProcessLlmRequestArguments,
  type RunToolArguments,
} from './tools/base-tool.js';
export {
  BaseToolset,
  isBaseToolset,
  type BaseToolsetOptions,
  type ToolPredicate,
} from './tools/base-toolset.js';
export {
  EnterpriseWebSearchTool,
  enterpriseWebSearch,
} from './tools/enterprise-web-search-tool.js';
export {
  BaseExampleProvider,
  ExampleTool,
  type Example,
  type ExampleProviderFunction,
  type ExampleSource,
} from './tools/example-tool.js';
export { ExitLoopTool, exitLoop } from './tools/exit-loop-tool.js';
export { StopStreamingTool, stopStreaming } from './tools/stop-streaming-tool.js';
export type { StreamingToolInputs } from './tools/streaming-tool-inputs.js';
export {
  FunctionTool,
  isFunctionTool,
  type FunctionToolArguments,
  type FunctionToolExecute,
  type FunctionToolOptions,
  type StreamingStart,
  type FunctionToolParameters,
  type RequireConfirmation,
} from './tools/function-tool.js';
export { FinishTaskTool } from './tools/finish-task-tool.js';
export { GeminiBuiltInTool } from './tools/gemini-built-in-tool.js';
export {
  GoogleMapsGroundingTool,
  googleMapsGrounding,
} from './tools/google-maps-grounding-tool.js';
export {
  GoogleSearchTool,
  googleSearch,
  type GoogleSearchToolOptions,
} from './tools/google-search-tool.js';
export { LoadArtifactsTool, loadArtifacts } from './tools/load-artifacts-tool.js';
export { LoadMemoryTool, loadMemory, type LoadMemoryResponse } from './tools/load-memory-tool.js';
export {
  LongRunningFunctionTool,
  type LongRunningFunctionToolOptions,
} from './tools/long-running-function-tool.js';
export {
  McpConnectionParams,
  SseConnectionParams,
  StdioConnectionParams,
  StdioServerParameters,
  StreamableHTTPConnectionParams,
} from './tools/mcp/mcp-connection-params.js';
export { McpSessionManager } from './tools/mcp/mcp-session-manager.js';
export {
  MCPTool,
  McpTool,
  type McpHeaderProvider,
  type McpRequireConfirmation,
  type McpToolOptions,
} from './tools/mcp/mcp-tool.js';
export { MCPToolset, McpToolset, type McpToolsetOptions } from './tools/mcp/mcp-toolset.js';
export { setAllowConfigStdioMcpServers } from './tools/mcp/mcp-toolset-config.js';
export {
  OpenAPIToolset,
  type OpenAPIToolsetOptions,
  type OpenAPIToolsetSpec,
} from './tools/openapi/openapi-toolset.js';
export {
  RestApiTool,
  type RestApiHeaderProvider,
  type RestApiToolOptions,
} from './tools/openapi/rest-api-tool.js';
export { PreloadMemoryTool, preloadMemory } from './tools/preload-memory-tool.js';
export { TaskRequest, TaskResult } from './tools/task-models.js';
export type {
  JsonSchema,
  JsonSchemaDefinition,
  JsonSchemaTypeName,
  ToolSchema,
} from './tools/schema-conversion.js';
export { UrlContextTool, urlContext } from './tools/url-context-tool.js';

// Workflows: graphs of nodes run as an agent (Python 2.x `google.adk.workflow`).
export { AgentNode, type AgentNodeConfig } from './workflow/agent-node.js';
export { BaseNode, isBaseNode, type BaseNodeConfig } from './workflow/base-node.js';
export { Edge, isEdge, type EdgeInit, type EdgeItem, type EdgeRoute } from './workflow/edge.js';
export {
  FunctionNode,
  type FunctionNodeConfig,
  type FunctionNodeHandler,
} from './workflow/function-node.js';
export type { StateParams } from './workflow/function-node-state-params.js';
export { Graph } from './workflow/graph.js';
export { JoinNode } from './workflow/join-node.js';
export { node, type NodeOptions } from './workflow/node-builder.js';
export type { NodeContext, RunNodeOptions } from './workflow/node-context.js';
export type { ChainElement, NodeFunction, NodeLike, RoutingMap } from './workflow/node-like.js';
export type { NodeSchema } from './workflow/node-schema.js';
export type { NodeState } from './workflow/node-state.js';
export { NodeStatus } from './workflow/node-status.js';
export { NodeTool } from './workflow/node-tool.js';
export {
  ParallelWorker,
  type ParallelWorkerConfig,
  type ParallelWorkerOptions,
} from './workflow/parallel-worker.js';
export { isRequestInput, RequestInput, type RequestInputParams } from './workflow/request-input.js';
export { createRequestInputResponse } from './workflow/request-input-event.js';
export type { ErrorClass, RetryConfig } from './workflow/retry-config.js';
export { DEFAULT_ROUTE, START } from './workflow/start.js';
export { ToolNode, type ToolNodeConfig } from './workflow/tool-node.js';
export type { WorkflowClock } from './workflow/workflow-clock.js';
export { Workflow, type WorkflowConfig } from './workflow/workflow.js';

// The message model: `@google/genai` content types, used as they are (types/ lists them).
export type * from './types/index.js';

// Logging.
export { logger, setLogger, setLogLevel, type Logger, type LogLevel } from './utils/logger.js';
