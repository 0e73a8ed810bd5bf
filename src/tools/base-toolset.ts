import type { AuthConfig } from '../auth/auth-config.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { BaseTool, ProcessLlmRequestArguments } from './base-tool.js';

/** Decides whether a toolset exposes a tool in the given context. */
export type ToolPredicate = (tool: BaseTool, context: ReadonlyContext | undefined) => boolean;

/** Fields every toolset accepts. */
export interface BaseToolsetOptions {
  /** Which tools to expose: a predicate or a list of tool names (an empty list exposes all). */
  toolFilter?: ToolPredicate | readonly string[];
  /** Prefix added to every tool name (`<prefix>_<name>`), to keep names unique. */
  toolNamePrefix?: string;
}

/**
 * A source of tools resolved per request (Python `BaseToolset`): MCP
 * servers, OpenAPI specs, skill folders. `getTools` lists them for the given
 * context; `close` releases connections.
 */
export abstract class BaseToolset {
  readonly toolFilter: ToolPredicate | readonly string[] | undefined;
  readonly toolNamePrefix: string | undefined;

  constructor({ toolFilter, toolNamePrefix }: BaseToolsetOptions = {}) {
    this.toolFilter = toolFilter;
    this.toolNamePrefix = toolNamePrefix;
  }

  /** The tools this toolset offers in the context (already filtered). */
  abstract getTools(context?: ReadonlyContext): Promise<BaseTool[]>;

  /** The tools with `toolNamePrefix` applied to their names and declarations. */
  async getToolsWithPrefix(context?: ReadonlyContext): Promise<BaseTool[]> {
    const tools = await this.getTools(context);
    if (!this.toolNamePrefix) return tools;
    const prefix = this.toolNamePrefix;
    return tools.map((tool) => withPrefix(tool, prefix));
  }

  /**
   * The credential the toolset needs before its tools can be listed
   * (Python `get_auth_config`); undefined (the default) when it needs none.
   * Before each model call the flow resolves it for the invocation: found,
   * it is available to `getTools` as `context.getCredential(credentialKey)`;
   * not found, the client is asked (`adk_request_credential` with call id
   * `_adk_toolset_auth_<credentialKey>`) and the invocation stops. The flow
   * never writes to the returned config, which may be shared by every user.
   */
  getAuthConfig(): AuthConfig | undefined {
    return undefined;
  }

  /** Releases what the toolset holds (connections, processes). */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Changes the request before its tools are added; nothing by default. */
  processLlmRequest(_args: ProcessLlmRequestArguments): Promise<void> {
    return Promise.resolve();
  }

  /** Whether the filter lets `tool` through (subclasses call it in `getTools`). */
  protected isToolSelected(tool: BaseTool, context: ReadonlyContext | undefined): boolean {
    const filter = this.toolFilter;
    if (filter === undefined) return true;
    if (typeof filter === 'function') return (filter as ToolPredicate)(tool, context);
    return filter.length === 0 || filter.includes(tool.name);
  }
}

function withPrefix(tool: BaseTool, prefix: string): BaseTool {
  const name = `${prefix}_${tool.name}`;
  const prefixed = Object.create(tool) as BaseTool;
  Object.defineProperty(prefixed, 'name', { value: name, enumerable: true });
  prefixed.getDeclaration = () => {
    const declaration = tool.getDeclaration();
    return declaration ? { ...declaration, name } : undefined;
  };
  return prefixed;
}

/** True for any BaseToolset instance. */
export function isBaseToolset(value: unknown): value is BaseToolset {
  return (
    value instanceof BaseToolset ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as BaseToolset).getTools === 'function' &&
      typeof (value as BaseToolset).getToolsWithPrefix === 'function')
  );
}
