/*
 * The public tools API (Python `google.adk.tools`): what users write code
 * against (tool and toolset base classes, function tools, the built-in tools,
 * agent and example tools, the MCP and OpenAPI toolsets, the authenticated
 * tools, the JSON schema types a tool declares). src/index.ts re-exports all
 * of it, so a name added here is a public-API decision
 * (test/packaging/public-surface.test.ts pins the runtime names). Helpers the
 * flows, the config loader and the server use (tool-name constants,
 * instruction texts, schema conversion, MCP sessions, OpenAPI parsing) stay
 * out; they import their files directly.
 */

// Base classes and the JSON schema types a tool declares.
export {
  BaseTool,
  isBaseTool,
  type BaseToolOptions,
  type ProcessLlmRequestArguments,
  type RunToolArguments,
} from './base-tool.js';
export {
  BaseToolset,
  isBaseToolset,
  type BaseToolsetOptions,
  type ToolPredicate,
} from './base-toolset.js';
export type {
  JsonSchema,
  JsonSchemaDefinition,
  JsonSchemaTypeName,
  ToolSchema,
} from './schema-conversion.js';

// Function tools, long-running and streaming.
export {
  FunctionTool,
  isFunctionTool,
  type FunctionToolArguments,
  type FunctionToolExecute,
  type FunctionToolOptions,
  type StreamingStart,
  type FunctionToolParameters,
  type RequireConfirmation,
} from './function-tool.js';
export {
  LongRunningFunctionTool,
  type LongRunningFunctionToolOptions,
} from './long-running-function-tool.js';
export type { StreamingToolInputs } from './streaming-tool-inputs.js';
export { StopStreamingTool, stopStreaming } from './stop-streaming-tool.js';

// Tools that wrap agents, examples and tasks.
export {
  AgentTool,
  type AgentToolAgent,
  type AgentToolOptions,
  type AgentToolSchema,
} from './agent-tool.js';
export {
  BaseExampleProvider,
  ExampleTool,
  type Example,
  type ExampleProviderFunction,
  type ExampleSource,
} from './example-tool.js';
export { ExitLoopTool, exitLoop } from './exit-loop-tool.js';
export { FinishTaskTool } from './finish-task-tool.js';
export { TaskRequest, TaskResult } from './task-models.js';

// Gemini built-in tools.
export { GeminiBuiltInTool } from './gemini-built-in-tool.js';
export { EnterpriseWebSearchTool, enterpriseWebSearch } from './enterprise-web-search-tool.js';
export { GoogleMapsGroundingTool, googleMapsGrounding } from './google-maps-grounding-tool.js';
export {
  GoogleSearchTool,
  googleSearch,
  type GoogleSearchToolOptions,
} from './google-search-tool.js';
export { UrlContextTool, urlContext } from './url-context-tool.js';

// Artifacts and memory.
export { LoadArtifactsTool, loadArtifacts } from './load-artifacts-tool.js';
export { LoadMemoryTool, loadMemory, type LoadMemoryResponse } from './load-memory-tool.js';
export { PreloadMemoryTool, preloadMemory } from './preload-memory-tool.js';

// MCP (Python `google.adk.tools.mcp_tool`).
export {
  McpConnectionParams,
  SseConnectionParams,
  StdioConnectionParams,
  StdioServerParameters,
  StreamableHTTPConnectionParams,
} from './mcp/mcp-connection-params.js';
export { McpSessionManager } from './mcp/mcp-session-manager.js';
export {
  MCPTool,
  McpTool,
  type McpHeaderProvider,
  type McpRequireConfirmation,
  type McpToolOptions,
} from './mcp/mcp-tool.js';
export { MCPToolset, McpToolset, type McpToolsetOptions } from './mcp/mcp-toolset.js';
export { setAllowConfigStdioMcpServers } from './mcp/mcp-toolset-config.js';

// OpenAPI (Python `google.adk.tools.openapi_tool`).
export {
  OpenAPIToolset,
  type OpenAPIToolsetOptions,
  type OpenAPIToolsetSpec,
} from './openapi/openapi-toolset.js';
export {
  RestApiTool,
  type RestApiHeaderProvider,
  type RestApiToolOptions,
} from './openapi/rest-api-tool.js';

// Tools that get a credential before they run (Python `AuthenticatedFunctionTool`, `CredentialManager`).
export {
  AuthenticatedFunctionTool,
  type AuthenticatedFunctionToolExecute,
  type AuthenticatedFunctionToolOptions,
} from './authenticated-function-tool.js';
export {
  BaseAuthenticatedTool,
  PENDING_USER_AUTHORIZATION,
  type AuthenticatedToolOptions,
  type RunAuthenticatedArguments,
} from './base-authenticated-tool.js';
export { CredentialManager, type CredentialManagerOptions } from './credential-manager.js';
