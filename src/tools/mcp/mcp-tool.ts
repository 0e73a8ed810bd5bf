import { parseAuthConfig, type AuthConfig } from '../../auth/auth-config.js';
import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import type { Context } from '../../context/context.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import { AuthProviderError } from '../../errors/auth-provider-error.js';
import { MissingDependencyError } from '../../errors/missing-dependency-error.js';
import type { FunctionDeclaration } from '../../types/index.js';
import { deepClone } from '../../utils/deep-clone.js';
import { logger } from '../../utils/logger.js';
import {
  BaseAuthenticatedTool,
  type RunAuthenticatedArguments,
} from '../base-authenticated-tool.js';
import type { RunToolArguments } from '../base-tool.js';
import { callToolResultToResponse } from './call-tool-result.js';
import { mcpAuthHeaders } from './mcp-auth-headers.js';
import { toGeminiSchema } from '../gemini-schema-util.js';
import type { McpCallToolResult, McpToolDescription } from './mcp-client.js';
import { errorMessage, type McpSession } from './mcp-session.js';
import type { McpSessionManager } from './mcp-session-manager.js';

const mcpToolMarker = Symbol.for('adk-ts.tool.McpTool');

/**
 * Headers for the MCP session of a call or listing, computed from the
 * running invocation (Python's `header_provider`); SSE and streamable HTTP
 * only. Each distinct set of headers gets its own session.
 */
export type McpHeaderProvider = (
  context: ReadonlyContext,
) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;

/**
 * Whether a call of an MCP tool needs a human's confirmation first: always,
 * never, or as a predicate over the call's arguments and the tool context.
 */
export type McpRequireConfirmation =
  boolean | ((args: Record<string, unknown>, context: Context) => boolean | Promise<boolean>);

/** Options of `new McpTool(...)`. */
export interface McpToolOptions {
  /** The tool as the server listed it. */
  mcpTool: McpToolDescription;
  /** Where the tool's session comes from (shared with its toolset). */
  sessionManager: McpSessionManager;
  /** Whether calls need confirmation (default false). */
  requireConfirmation?: McpRequireConfirmation;
  /** Headers for the session of each call. */
  headerProvider?: McpHeaderProvider;
  /** How the server authenticates callers; with it, each call carries a credential (see the class comment). */
  authScheme?: AuthScheme | undefined;
  /** The credential the tool is configured with (an API key, a token, an OAuth2 client). */
  authCredential?: AuthCredential | undefined;
  /** The key the credential is stored and looked up under; derived from the scheme and credential when not given. */
  credentialKey?: string | undefined;
}

/**
 * A tool served by an MCP server (Python `McpTool`).
 *
 * Declaration: `{description, name, parameters}` with the server's
 * description (`""` when it has none) and its `inputSchema` converted by
 * `toGeminiSchema` (Python's `_to_gemini_schema`). Built once.
 *
 * Running: with `requireConfirmation`, an unconfirmed call asks for a
 * confirmation (Python's hint) and returns `{error: "This tool call requires
 * confirmation, please approve or reject."}`; a rejected one returns
 * `{error: "This tool call is rejected."}`. Otherwise the tool is called on
 * the shared session (opened on first use) under its server-side name, so
 * a toolset's name prefix never reaches the server, and the result is
 * returned as `callToolResultToResponse` writes it: a server-side failure
 * arrives as `isError: true` and goes to the model as it is. When the
 * connection has dropped, the call is retried once on a new session. Other
 * failures become results the model sees, as in Python 2.x: an MCP
 * (JSON-RPC) error or a timeout gives `{error: "MCP tool execution failed:
 * <message>"}`, anything else `{error: "Unexpected error during MCP tool
 * execution: <message>"}`. Only an abort of the invocation and a missing
 * `@modelcontextprotocol/sdk` (`MissingDependencyError`) propagate.
 *
 * Authentication (Python's `McpTool` is a `BaseAuthenticatedTool`): with an
 * `authScheme`, each call first gets its credential: the one its toolset
 * resolved for this invocation (`ReadonlyContext.getCredential`), else
 * through a `CredentialManager` (auth provider, the configured credential,
 * the credential service, the client's answer). When none has it, the tool
 * asks the client (`adk_request_credential`) and returns
 * `'Pending User Authorization.'`. The credential goes to the server as
 * headers (`mcpAuthHeaders`: bearer, basic, API key header), and the header
 * provider's headers are laid over them. An API key in a query or cookie
 * gives `{error: "Unexpected error during MCP tool execution: ..."}`; a
 * failing auth provider propagates (`AuthProviderError`).
 */
export class McpTool extends BaseAuthenticatedTool {
  private readonly [mcpToolMarker] = true;
  /** The tool as the server listed it. */
  readonly rawMcpTool: McpToolDescription;
  private readonly sessionManager: McpSessionManager;
  private readonly requireConfirmation: McpRequireConfirmation;
  private readonly headerProvider: McpHeaderProvider | undefined;
  private readonly declaration: FunctionDeclaration;
  // The parsed auth config (its credential key set), when the tool has one.
  private readonly mcpAuthConfig: AuthConfig | undefined;

  constructor({
    mcpTool,
    sessionManager,
    requireConfirmation,
    headerProvider,
    authScheme,
    authCredential,
    credentialKey,
  }: McpToolOptions) {
    const authConfig = authScheme
      ? parseAuthConfig({
          authScheme,
          ...(authCredential ? { rawAuthCredential: authCredential } : {}),
          ...(credentialKey ? { credentialKey } : {}),
        })
      : undefined;
    super({ name: mcpTool.name, description: mcpTool.description || '', authConfig });
    this.mcpAuthConfig = authConfig;
    this.rawMcpTool = mcpTool;
    this.sessionManager = sessionManager;
    this.requireConfirmation = requireConfirmation ?? false;
    this.headerProvider = headerProvider;
    const parameters = toGeminiSchema(mcpTool.inputSchema);
    this.declaration = {
      description: this.description,
      name: this.name,
      ...(parameters === undefined ? {} : { parameters }),
    };
  }

  /** True for any McpTool, including one from another copy of this package. */
  static isInstance(value: unknown): value is McpTool {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[mcpToolMarker] === true
    );
  }

  /** The function declaration sent to the model (a fresh copy each call). */
  override getDeclaration(): FunctionDeclaration {
    // `name` may be a toolset prefix's; the declaration follows it.
    return { ...deepClone(this.declaration), name: this.name };
  }

  /** Calls the tool on the server (see the class comment). */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    if (await this.needsConfirmation(args, context)) {
      if (!context.toolConfirmation) {
        context.requestConfirmation({
          hint:
            `Please approve or reject the tool call ${this.name}() by` +
            ' responding with a FunctionResponse with an expected' +
            ' ToolConfirmation payload.',
        });
        return { error: 'This tool call requires confirmation, please approve or reject.' };
      }
      if (!context.toolConfirmation.confirmed) return { error: 'This tool call is rejected.' };
    }
    const key = this.mcpAuthConfig?.credentialKey;
    const resolved = key === undefined ? undefined : context.getCredential(key);
    // The toolset's credential for this invocation; otherwise the credential manager's lookup.
    if (resolved) return this.runAuthenticated({ args, context, credential: resolved });
    return super.runAsync({ args, context });
  }

  /** Calls the tool on the server with the credential's headers (see the class comment). */
  protected override async runAuthenticated({
    args,
    context,
    credential,
  }: RunAuthenticatedArguments): Promise<unknown> {
    const signal = context.invocation.abortSignal;
    let session: McpSession | undefined;
    try {
      const headers = {
        ...mcpAuthHeaders(credential, this.mcpAuthConfig?.authScheme),
        ...(await this.headerProvider?.(context)),
      };
      const options = Object.keys(headers).length > 0 ? { headers } : {};
      session = await this.sessionManager.createSession(options);
      let result: McpCallToolResult;
      try {
        result = await session.callTool(this.rawMcpTool.name, args, signal);
      } catch (error) {
        if (signal?.aborted || !isConnectionLoss(session, error)) throw error;
        logger.info(
          `Retrying MCP tool ${this.rawMcpTool.name} on a new session: ${errorMessage(error)}`,
        );
        await this.sessionManager.discardSession(session);
        session = await this.sessionManager.createSession(options);
        result = await session.callTool(this.rawMcpTool.name, args, signal);
      }
      return callToolResultToResponse(result);
    } catch (error) {
      if (
        signal?.aborted ||
        MissingDependencyError.isInstance(error) ||
        AuthProviderError.isInstance(error)
      ) {
        throw error;
      }
      if (session?.isMcpError(error)) {
        logger.warn(`MCP tool execution failed with McpError: ${errorMessage(error)}`);
        return { error: `MCP tool execution failed: ${mcpErrorMessage(error)}` };
      }
      logger.warn(`Unexpected error during MCP tool execution: ${errorMessage(error)}`);
      return { error: `Unexpected error during MCP tool execution: ${errorMessage(error)}` };
    }
  }

  private async needsConfirmation(
    args: Record<string, unknown>,
    context: Context,
  ): Promise<boolean> {
    const rule = this.requireConfirmation;
    return typeof rule === 'function' ? Boolean(await rule(args, context)) : rule;
  }
}

// The connection is gone (not merely a failing request): the transport
// closed, or the request failed below JSON-RPC (fetch errors, HTTP status
// errors such as an expired session). JSON-RPC errors and timeouts are the
// server's answer, and a tool call is not repeated for them.
function isConnectionLoss(session: McpSession, error: unknown): boolean {
  if (!session.isConnected) return true;
  if (session.isMcpError(error)) return error.code === CONNECTION_CLOSED;
  return true;
}

// JSON-RPC code the SDK uses when the connection closes under a request.
const CONNECTION_CLOSED = -32000;

// The SDK writes `MCP error <code>: <message>`; Python's McpError prints the
// message alone.
function mcpErrorMessage(error: Error & { code: number }): string {
  const prefix = `MCP error ${error.code}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/** `McpTool` under the name `@google/adk` exports it by. */
export const MCPTool = McpTool;
/** `McpTool` under the name `@google/adk` exports it by. */
export type MCPTool = McpTool;
