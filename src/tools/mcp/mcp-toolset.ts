import { parseAuthConfig, type AuthConfig } from '../../auth/auth-config.js';
import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import { McpConnectionError } from '../../errors/mcp-connection-error.js';
import { MissingDependencyError } from '../../errors/missing-dependency-error.js';
import { logger } from '../../utils/logger.js';
import type { BaseTool } from '../base-tool.js';
import { BaseToolset, type BaseToolsetOptions } from '../base-toolset.js';
import { SET_MODEL_RESPONSE_TOOL_NAME } from '../set-model-response-tool.js';
import { TRANSFER_TO_AGENT_FUNCTION_NAME } from '../transfer-to-agent-tool.js';
import type { McpToolDescription } from './mcp-client.js';
import type {
  McpConnectionParams,
  ResolvedMcpConnectionParams,
  StdioServerParameters,
} from './mcp-connection-params.js';
import { mcpAuthHeaders } from './mcp-auth-headers.js';
import { errorMessage } from './mcp-session.js';
import { McpSessionManager } from './mcp-session-manager.js';
import { McpTool, type McpHeaderProvider, type McpRequireConfirmation } from './mcp-tool.js';
import { mcpToolsetOptionsFromConfig } from './mcp-toolset-config.js';

// Names the framework answers itself; a server tool by one of these names
// would hijack them, so it is skipped (Python's `_RESERVED_TOOL_NAMES`).
const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([
  'adk_request_credential',
  'adk_request_confirmation',
  TRANSFER_TO_AGENT_FUNCTION_NAME,
  SET_MODEL_RESPONSE_TOOL_NAME,
]);

/** Options of `new McpToolset(...)`. */
export interface McpToolsetOptions extends BaseToolsetOptions {
  /**
   * How to reach the server: stdio, SSE or streamable HTTP parameters, or a
   * bare `StdioServerParameters` (stdio with the default 5-second timeout).
   */
  connectionParams: McpConnectionParams | StdioServerParameters;
  /** Whether calls of this toolset's tools need confirmation (default false). */
  requireConfirmation?: McpRequireConfirmation;
  /** Headers for each listing and call, from the running invocation (SSE and HTTP only). */
  headerProvider?: McpHeaderProvider;
  /**
   * How the server authenticates callers (an OpenAPI security scheme). With
   * it the toolset needs a credential before it lists its tools, and every
   * call carries one (see the class comment).
   */
  authScheme?: AuthScheme | undefined;
  /** The credential configured for the scheme: an API key or token, or an OAuth2 client the user authorizes. */
  authCredential?: AuthCredential | undefined;
  /** The key the credential is stored and looked up under (default: derived from scheme and credential). */
  credentialKey?: string | undefined;
}

/**
 * The tools of one MCP server (Python `McpToolset`): a stdio child process,
 * an SSE endpoint or a streamable HTTP endpoint.
 *
 * Nothing connects until the tools are first needed: `getTools` opens the
 * session (the process starts, the MCP handshake runs), lists the server's
 * tools (all pages) and wraps each in an `McpTool`. Later listings and every
 * call reuse that session; one that has dropped is replaced. Tools named
 * like the framework's own (`transfer_to_agent`, `set_model_response`,
 * `adk_request_credential`, `adk_request_confirmation`) are skipped with a
 * warning; `toolFilter` (names or a predicate over the tool and the
 * context) selects among the rest, and the tools are sorted by name, as
 * Python 2.x sorts them for a stable request. `toolNamePrefix` (applied by
 * `getToolsWithPrefix`) renames them `<prefix>_<name>` for the model only.
 *
 * A failed listing is retried once (on a new session when the connection
 * dropped); then `getTools` throws `McpConnectionError` (`Failed to get
 * tools from MCP server: …`). Without `@modelcontextprotocol/sdk` installed
 * it throws `MissingDependencyError`. `close` ends every session (stopping the
 * child process, terminating the HTTP session) and never throws; the
 * runner's `close` calls it, or call it yourself when you own the toolset.
 *
 * With an `authScheme` (Python `auth_scheme`/`auth_credential`), the toolset
 * declares its auth config (`getAuthConfig`); the flow resolves the
 * credential for each invocation before the tools are listed, or asks the
 * client for it and stops. The listing carries the credential as headers
 * (`mcpAuthHeaders`) over the header provider's, and each tool gets the
 * same scheme, credential and key, so its calls carry it too. The
 * credential is kept per invocation, never on the toolset, which may serve
 * many users at once.
 */
export class McpToolset extends BaseToolset {
  /** The sessions this toolset's tools share. */
  readonly sessionManager: McpSessionManager;
  private readonly requireConfirmation: McpRequireConfirmation;
  private readonly headerProvider: McpHeaderProvider | undefined;
  private readonly authConfig: AuthConfig | undefined;

  /**
   * Throws `InvalidArgumentError` for invalid connection parameters, and
   * zod's error for an invalid auth scheme or credential.
   */
  constructor({
    connectionParams,
    requireConfirmation,
    headerProvider,
    authScheme,
    authCredential,
    credentialKey,
    ...base
  }: McpToolsetOptions) {
    super(base);
    this.sessionManager = new McpSessionManager(connectionParams);
    this.requireConfirmation = requireConfirmation ?? false;
    this.headerProvider = headerProvider;
    this.authConfig = authScheme
      ? parseAuthConfig({
          authScheme,
          ...(authCredential ? { rawAuthCredential: authCredential } : {}),
          ...(credentialKey ? { credentialKey } : {}),
        })
      : undefined;
  }

  /** The toolset's auth config (scheme, configured credential, key), or undefined without `authScheme`. */
  override getAuthConfig(): AuthConfig | undefined {
    return this.authConfig;
  }

  /**
   * Builds a toolset from the `args` of a YAML `McpToolset` entry (Python's
   * `McpToolsetConfig`, snake_case); see `mcpToolsetOptionsFromConfig` for
   * the keys and the errors. Stdio servers are refused unless
   * `ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS` is set (or allowed in code).
   */
  static fromConfig(
    args: Readonly<Record<string, unknown>>,
    { configPath }: { configPath: string },
  ): McpToolset {
    return new McpToolset(mcpToolsetOptionsFromConfig(args, configPath));
  }

  /** The connection parameters, defaults filled in. */
  get connectionParams(): ResolvedMcpConnectionParams {
    return this.sessionManager.connectionParams;
  }

  /** The server's tools, filtered and sorted (see the class comment). */
  override async getTools(context?: ReadonlyContext): Promise<BaseTool[]> {
    const listed = await this.listTools(context);
    const tools: BaseTool[] = [];
    for (const description of listed) {
      if (RESERVED_TOOL_NAMES.has(description.name)) {
        logger.warn(
          `Skipping MCP tool '${description.name}' because it collides with a reserved ADK framework tool name.`,
        );
        continue;
      }
      const tool = new McpTool({
        mcpTool: description,
        sessionManager: this.sessionManager,
        requireConfirmation: this.requireConfirmation,
        ...(this.headerProvider ? { headerProvider: this.headerProvider } : {}),
        ...(this.authConfig
          ? {
              authScheme: this.authConfig.authScheme,
              authCredential: this.authConfig.rawAuthCredential,
              credentialKey: this.authConfig.credentialKey,
            }
          : {}),
      });
      if (this.isToolSelected(tool, context)) tools.push(tool);
    }
    return tools.sort((left, right) =>
      left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
    );
  }

  /** Ends every session of this toolset; errors are logged, never thrown. */
  override async close(): Promise<void> {
    try {
      await this.sessionManager.close();
    } catch (error) {
      logger.warn(`Error during McpToolset cleanup: ${errorMessage(error)}`);
    }
  }

  // The header provider's headers, and over them the credential's (Python
  // `_build_headers`): the one resolved for this invocation, else a
  // configured one that already holds its secret (so `getTools()` outside a
  // run lists with a configured key too).
  private async listingHeaders(
    context: ReadonlyContext | undefined,
  ): Promise<Record<string, string> | undefined> {
    const provided =
      context && this.headerProvider ? await this.headerProvider(context) : undefined;
    const config = this.authConfig;
    if (!config) return provided;
    const credential =
      (context && config.credentialKey ? context.getCredential(config.credentialKey) : undefined) ??
      config.exchangedAuthCredential ??
      withSecret(config.rawAuthCredential);
    const auth = mcpAuthHeaders(credential, config.authScheme);
    return auth ? { ...provided, ...auth } : provided;
  }

  private async listTools(context: ReadonlyContext | undefined): Promise<McpToolDescription[]> {
    const signal = context?.invocation.abortSignal;
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const headers = await this.listingHeaders(context);
        const session = await this.sessionManager.createSession(headers ? { headers } : {});
        try {
          return await session.listTools(signal);
        } catch (error) {
          if (!session.isConnected || !session.isMcpError(error)) {
            await this.sessionManager.discardSession(session);
          }
          throw error;
        }
      } catch (error) {
        if (signal?.aborted || MissingDependencyError.isInstance(error)) throw error;
        lastError = error;
        logger.info(`Listing MCP tools failed (attempt ${attempt + 1}): ${errorMessage(error)}`);
      }
    }
    throw new McpConnectionError({
      message: `Failed to get tools from MCP server: ${errorMessage(lastError)}`,
      cause: lastError,
    });
  }
}

// A configured credential that can be sent as it is (a key, a token, a user name).
function withSecret(credential: AuthCredential | undefined): AuthCredential | undefined {
  if (!credential) return undefined;
  const http = credential.http?.credentials;
  const ready =
    credential.apiKey !== undefined ||
    http?.token !== undefined ||
    http?.username !== undefined ||
    credential.oauth2?.accessToken !== undefined;
  return ready ? credential : undefined;
}

/** `McpToolset` under the name `@google/adk` exports it by. */
export const MCPToolset = McpToolset;
/** `McpToolset` under the name `@google/adk` exports it by. */
export type MCPToolset = McpToolset;
