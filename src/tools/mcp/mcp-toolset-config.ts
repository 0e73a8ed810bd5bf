import { z } from 'zod';
import { parseAuthConfig, type AuthConfig } from '../../auth/auth-config.js';
import { InvalidAgentConfigError } from '../../errors/invalid-agent-config-error.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import type { McpConnectionParams } from './mcp-connection-params.js';
import type { McpToolsetOptions } from './mcp-toolset.js';

/** The environment variable that lets YAML agent configs start stdio MCP servers. */
export const ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR = 'ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS';

let allowStdioOverride: boolean | undefined;

/**
 * Whether YAML agent configs may declare stdio MCP servers, decided in code:
 * true allows, false denies, undefined defers to
 * `ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS` (Python's
 * `_set_allow_config_stdio_servers`). For applications that load only
 * configs they trust.
 */
export function setAllowConfigStdioMcpServers(value: boolean | undefined): void {
  allowStdioOverride = value;
}

/** True when configs may declare stdio MCP servers (see `setAllowConfigStdioMcpServers`). */
export function configStdioMcpServersAllowed(): boolean {
  if (allowStdioOverride !== undefined) return allowStdioOverride;
  const value = process.env[ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR];
  return value !== undefined && ['1', 'true'].includes(value.trim().toLowerCase());
}

const seconds = z.number().positive().finite();
const StdioServerParamsYaml = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).nullish(),
  env: z.record(z.string(), z.string()).nullish(),
  cwd: z.string().nullish(),
});
const HttpParamsYaml = {
  url: z.url(),
  headers: z.record(z.string(), z.string()).nullish(),
  timeout: seconds.nullish(),
  sse_read_timeout: seconds.nullish(),
};

/**
 * The `args` of a YAML `McpToolset` entry (Python `McpToolsetConfig`, in
 * snake_case): exactly one of `stdio_server_params`,
 * `stdio_connection_params`, `sse_connection_params` and
 * `streamable_http_connection_params`, plus optional `tool_filter` (a list
 * of names) and `tool_name_prefix`, and authentication: `auth_scheme` (an
 * OpenAPI security scheme), `auth_credential` (an `AuthCredential`, its
 * fields snake_case or camelCase) and `credential_key`. Times are in seconds.
 */
export const McpToolsetConfig = z
  .strictObject({
    stdio_server_params: StdioServerParamsYaml.nullish(),
    stdio_connection_params: z
      .strictObject({ server_params: StdioServerParamsYaml, timeout: seconds.nullish() })
      .nullish(),
    sse_connection_params: z.strictObject(HttpParamsYaml).nullish(),
    streamable_http_connection_params: z
      .strictObject({ ...HttpParamsYaml, terminate_on_close: z.boolean().nullish() })
      .nullish(),
    tool_filter: z.array(z.string()).nullish(),
    tool_name_prefix: z.string().nullish(),
    // Checked as an auth config below (snake_case or camelCase, as Python accepts them).
    auth_scheme: z.record(z.string(), z.unknown()).nullish(),
    auth_credential: z.record(z.string(), z.unknown()).nullish(),
    credential_key: z.string().min(1).nullish(),
  })
  .refine(
    (config) =>
      [
        config.stdio_server_params,
        config.stdio_connection_params,
        config.sse_connection_params,
        config.streamable_http_connection_params,
      ].filter((params) => params !== undefined && params !== null).length === 1,
    {
      message:
        'Exactly one of stdio_server_params, stdio_connection_params, sse_connection_params, streamable_http_connection_params must be set.',
    },
  );
/** The parsed `args` of a YAML `McpToolset` entry. */
export type McpToolsetConfig = z.output<typeof McpToolsetConfig>;

// Python fields this toolset does not offer yet: refused by name rather than
// as unknown keys.
const UNSUPPORTED_FIELDS = ['use_mcp_resources', 'tool_list_cache_ttl_seconds'];

/**
 * The `McpToolset` options a YAML entry's `args` describe. Throws
 * `InvalidAgentConfigError` (naming `configPath`) for invalid args or a
 * stdio server while those are not allowed (see
 * `setAllowConfigStdioMcpServers`: a config's `command` would run as a local
 * process), an invalid auth scheme or credential, or `auth_credential`
 * without `auth_scheme`; `NotSupportedError` for Python fields not offered
 * here (MCP resources, the tool-list cache).
 */
export function mcpToolsetOptionsFromConfig(
  args: Readonly<Record<string, unknown>>,
  configPath: string,
): McpToolsetOptions {
  const unsupported = UNSUPPORTED_FIELDS.filter(
    (field) => Object.hasOwn(args, field) && args[field] !== null && args[field] !== undefined,
  );
  if (unsupported.length > 0) {
    throw new NotSupportedError({
      message: `McpToolset in ${configPath}: ${unsupported.join(', ')} ${unsupported.length === 1 ? 'is' : 'are'} not supported yet.`,
    });
  }
  const parsed = McpToolsetConfig.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map(
        (issue) => `  ${issue.path.length > 0 ? issue.path.join('.') : '(args)'}: ${issue.message}`,
      )
      .join('\n');
    throw new InvalidAgentConfigError({
      message: `Invalid args of McpToolset in ${configPath}:\n${issues}`,
      cause: parsed.error,
    });
  }
  const config = parsed.data;
  const stdio = config.stdio_server_params ?? config.stdio_connection_params?.server_params;
  if (stdio && !configStdioMcpServersAllowed()) {
    throw new InvalidAgentConfigError({
      message:
        `Stdio MCP servers are not allowed in agent configs (${configPath}): the ` +
        "config-supplied 'command' is launched as a local process when the agent starts, " +
        'so an untrusted config would be able to run arbitrary code. Construct the ' +
        'McpToolset in code instead, use a remote transport (sse_connection_params or ' +
        `streamable_http_connection_params), or set ${ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR}=1 ` +
        'if this application only loads agent configs it trusts.',
    });
  }
  const auth = authOptions(config, configPath);
  return {
    connectionParams: connectionParams(config),
    ...(config.tool_filter ? { toolFilter: config.tool_filter } : {}),
    ...(config.tool_name_prefix ? { toolNamePrefix: config.tool_name_prefix } : {}),
    ...(auth
      ? {
          authScheme: auth.authScheme,
          ...(auth.rawAuthCredential ? { authCredential: auth.rawAuthCredential } : {}),
          ...(config.credential_key ? { credentialKey: config.credential_key } : {}),
        }
      : {}),
  };
}

// The scheme and credential read as an auth config would be (Python builds one from them).
function authOptions(config: McpToolsetConfig, configPath: string): AuthConfig | undefined {
  if (!config.auth_scheme) {
    if (config.auth_credential || config.credential_key) {
      throw new InvalidAgentConfigError({
        message: `Invalid args of McpToolset in ${configPath}: auth_credential and credential_key need auth_scheme.`,
      });
    }
    return undefined;
  }
  try {
    return parseAuthConfig({
      authScheme: config.auth_scheme,
      ...(config.auth_credential ? { rawAuthCredential: config.auth_credential } : {}),
    });
  } catch (error) {
    const detail =
      error instanceof z.ZodError
        ? error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')
        : String(error);
    throw new InvalidAgentConfigError({
      message: `Invalid auth of McpToolset in ${configPath}:\n${detail}`,
      cause: error,
    });
  }
}

function connectionParams(config: McpToolsetConfig): McpConnectionParams {
  const stdio = config.stdio_server_params ?? config.stdio_connection_params?.server_params;
  if (stdio) {
    const timeout = config.stdio_connection_params?.timeout;
    return {
      type: 'StdioConnectionParams',
      serverParams: {
        command: stdio.command,
        ...(stdio.args ? { args: stdio.args } : {}),
        ...(stdio.env ? { env: stdio.env } : {}),
        ...(stdio.cwd ? { cwd: stdio.cwd } : {}),
      },
      ...(timeout ? { timeout } : {}),
    };
  }
  const sse = config.sse_connection_params;
  if (sse) return { type: 'SseConnectionParams', ...httpParams(sse) };
  const http = config.streamable_http_connection_params ?? { url: '' };
  const terminate = http.terminate_on_close;
  return {
    type: 'StreamableHTTPConnectionParams',
    ...httpParams(http),
    ...(terminate === undefined || terminate === null ? {} : { terminateOnClose: terminate }),
  };
}

function httpParams(params: {
  url: string;
  headers?: Record<string, string> | null;
  timeout?: number | null;
  sse_read_timeout?: number | null;
}): { url: string; headers?: Record<string, string>; timeout?: number; sseReadTimeout?: number } {
  return {
    url: params.url,
    ...(params.headers ? { headers: params.headers } : {}),
    ...(params.timeout ? { timeout: params.timeout } : {}),
    ...(params.sse_read_timeout ? { sseReadTimeout: params.sse_read_timeout } : {}),
  };
}
