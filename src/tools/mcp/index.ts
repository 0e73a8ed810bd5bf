/*
 * An internal barrel, not a public list: the MCP files' names for the tests
 * that load them as one module (test/conformance, mcp-client.test.ts runs it
 * in a child process). The public MCP names (the toolset, the tool, the
 * connection params) are in tools/index.ts; package code imports the
 * defining files.
 */
export { callToolResultToResponse } from './call-tool-result.js';
export { MCP_SDK_PACKAGE, type McpCallToolResult, type McpToolDescription } from './mcp-client.js';
export {
  DEFAULT_MCP_SSE_READ_TIMEOUT_SECONDS,
  DEFAULT_MCP_TIMEOUT_SECONDS,
  McpConnectionParams,
  SseConnectionParams,
  StdioConnectionParams,
  StdioServerParameters,
  StreamableHTTPConnectionParams,
  type ResolvedMcpConnectionParams,
} from './mcp-connection-params.js';
export { McpSession, type OpenMcpSessionOptions } from './mcp-session.js';
export { McpSessionManager, type CreateMcpSessionOptions } from './mcp-session-manager.js';
export {
  MCPTool,
  McpTool,
  type McpHeaderProvider,
  type McpRequireConfirmation,
  type McpToolOptions,
} from './mcp-tool.js';
export { MCPToolset, McpToolset, type McpToolsetOptions } from './mcp-toolset.js';
export {
  ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR,
  configStdioMcpServersAllowed,
  McpToolsetConfig,
  setAllowConfigStdioMcpServers,
} from './mcp-toolset-config.js';
