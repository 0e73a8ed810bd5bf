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
  LONG_RUNNING_NOTE,
  LongRunningFunctionTool,
  type LongRunningFunctionToolOptions,
} from './long-running-function-tool.js';
export { EXIT_LOOP_TOOL_NAME, ExitLoopTool, exitLoop } from './exit-loop-tool.js';
export {
  STOP_STREAMING_TOOL_NAME,
  StopStreamingTool,
  stopStreaming,
} from './stop-streaming-tool.js';
export type { StreamingToolInputs } from './streaming-tool-inputs.js';
export { GeminiBuiltInTool } from './gemini-built-in-tool.js';
export {
  GoogleSearchTool,
  googleSearch,
  type GoogleSearchToolOptions,
} from './google-search-tool.js';
export { UrlContextTool, urlContext } from './url-context-tool.js';
export { GoogleMapsGroundingTool, googleMapsGrounding } from './google-maps-grounding-tool.js';
export { EnterpriseWebSearchTool, enterpriseWebSearch } from './enterprise-web-search-tool.js';
export {
  isZodObjectSchema,
  isZodSchema,
  jsonSchemaToGenaiSchema,
  schemaKind,
  toGenaiSchema,
  zodToJsonSchema,
  type JsonSchema,
  type JsonSchemaDefinition,
  type JsonSchemaTypeName,
  type ToolSchema,
  type ToolSchemaKind,
  type ZodObjectSchema,
  type ZodSchemaSide,
} from './schema-conversion.js';
export {
  SET_MODEL_RESPONSE_TOOL_NAME,
  SetModelResponseTool,
  type ModelResponseSchema,
} from './set-model-response-tool.js';
export { TRANSFER_TO_AGENT_FUNCTION_NAME, TransferToAgentTool } from './transfer-to-agent-tool.js';
export {
  AGENT_TOOL_STRUCTURED_REQUEST_PREFIX,
  AgentTool,
  ForwardingArtifactService,
  type AgentToolAgent,
  type AgentToolOptions,
  type AgentToolSchema,
} from './agent-tool.js';
export {
  BaseExampleProvider,
  buildExampleSi,
  convertExamplesToText,
  ExampleTool,
  type Example,
  type ExampleProviderFunction,
  type ExampleSource,
} from './example-tool.js';
export {
  ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR,
  callToolResultToResponse,
  configStdioMcpServersAllowed,
  DEFAULT_MCP_SSE_READ_TIMEOUT_SECONDS,
  DEFAULT_MCP_TIMEOUT_SECONDS,
  MCP_SDK_PACKAGE,
  McpConnectionParams,
  McpSession,
  McpSessionManager,
  MCPTool,
  McpTool,
  MCPToolset,
  McpToolset,
  McpToolsetConfig,
  setAllowConfigStdioMcpServers,
  SseConnectionParams,
  StdioConnectionParams,
  StdioServerParameters,
  StreamableHTTPConnectionParams,
  type CreateMcpSessionOptions,
  type McpCallToolResult,
  type McpHeaderProvider,
  type McpRequireConfirmation,
  type McpToolDescription,
  type McpToolOptions,
  type McpToolsetOptions,
  type OpenMcpSessionOptions,
  type ResolvedMcpConnectionParams,
} from './mcp/index.js';
export {
  apiParameter,
  OpenAPIToolset,
  OperationParser,
  parseOpenApiSpec,
  prepareRequest,
  renamePythonKeywords,
  resolveReferences,
  RestApiTool,
  sanitizeSchemaTypes,
  type RestApiHeaderProvider,
  type ApiParameter,
  type ApiParameterInput,
  type ApiParameterLocation,
  type OpenApiOperation,
  type OpenAPIToolsetOptions,
  type OpenAPIToolsetSpec,
  type OperationEndpoint,
  type ParsedOperation,
  type PreparedRequest,
  type PrepareRequestArguments,
  type RestApiToolOptions,
  credentialToParam,
  INTERNAL_AUTH_PREFIX,
  PENDING_AUTH_RESPONSE,
  type AuthParam,
} from './openapi/index.js';
export {
  LOAD_MEMORY_INSTRUCTION,
  LOAD_MEMORY_TOOL_NAME,
  LoadMemoryTool,
  loadMemory,
  type LoadMemoryResponse,
} from './load-memory-tool.js';
export {
  PRELOAD_MEMORY_TOOL_NAME,
  PreloadMemoryTool,
  preloadMemory,
} from './preload-memory-tool.js';
export { memoryText } from './memory-entry-text.js';
export {
  LOAD_ARTIFACTS_TOOL_NAME,
  LoadArtifactsTool,
  loadArtifacts,
  loadArtifactsInstruction,
} from './load-artifacts-tool.js';
export { artifactPartForModel } from './artifact-part-for-model.js';
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
