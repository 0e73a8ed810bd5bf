import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_EVERYTHING } from '../../../test/mcp/server-everything.js';
import type { LlmAgent } from '../../agents/llm-agent.js';
import { loadAgentFromYamlFile } from '../../config/load-agent-config.js';
import { InvalidAgentConfigError } from '../../errors/invalid-agent-config-error.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import { resolveConnectionParams } from './mcp-connection-params.js';
import {
  ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR,
  mcpToolsetOptionsFromConfig,
  setAllowConfigStdioMcpServers,
} from './mcp-toolset-config.js';
import { McpToolset } from './mcp-toolset.js';

/*
 * YAML `McpToolset` entries (Python `McpToolsetConfig` and
 * `McpToolset.from_config`) and the connection parameters' checks.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcp-config-'));
  vi.stubEnv(ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR, undefined);
});
afterEach(async () => {
  setAllowConfigStdioMcpServers(undefined);
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const CONFIG = '/agents/demo/root_agent.yaml';

// The entry of corpus agent tools_agent_006.
const corpusArgs = {
  stdio_connection_params: {
    timeout: 30,
    server_params: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
  },
  tool_filter: ['get-sum', 'echo', 'trigger-long-running-operation'],
};

describe('McpToolset from YAML args (Python McpToolsetConfig)', () => {
  it('refuses stdio servers unless the application allows them (Python ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS)', () => {
    expect(() => mcpToolsetOptionsFromConfig(corpusArgs, CONFIG)).toThrow(
      /Stdio MCP servers are not allowed in agent configs \(\/agents\/demo\/root_agent\.yaml\).*ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS=1/s,
    );
    vi.stubEnv(ALLOW_CONFIG_STDIO_SERVERS_ENV_VAR, 'true');
    expect(() => mcpToolsetOptionsFromConfig(corpusArgs, CONFIG)).not.toThrow();
    setAllowConfigStdioMcpServers(false);
    expect(() => mcpToolsetOptionsFromConfig(corpusArgs, CONFIG)).toThrow(InvalidAgentConfigError);
  });

  it('maps the corpus entry to stdio parameters with its timeout and filter', () => {
    setAllowConfigStdioMcpServers(true);
    const toolset = McpToolset.fromConfig(corpusArgs, { configPath: CONFIG });
    expect(toolset.connectionParams).toEqual({
      type: 'StdioConnectionParams',
      serverParams: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
      timeout: 30,
    });
    expect(toolset.toolFilter).toEqual(['get-sum', 'echo', 'trigger-long-running-operation']);
    expect(toolset.toolNamePrefix).toBeUndefined();
    const bare = McpToolset.fromConfig(
      { stdio_server_params: { command: 'mcp-server', env: { A: 'b' } } },
      { configPath: CONFIG },
    );
    expect(bare.connectionParams).toEqual({
      type: 'StdioConnectionParams',
      serverParams: { command: 'mcp-server', env: { A: 'b' } },
      timeout: 5,
    });
  });

  it('maps SSE and streamable HTTP parameters, with Python defaults', () => {
    const sse = McpToolset.fromConfig(
      {
        sse_connection_params: { url: 'http://127.0.0.1:3001/sse', headers: { a: 'b' } },
        tool_name_prefix: 'demo',
      },
      { configPath: CONFIG },
    );
    expect(sse.connectionParams).toEqual({
      type: 'SseConnectionParams',
      url: 'http://127.0.0.1:3001/sse',
      headers: { a: 'b' },
      timeout: 5,
      sseReadTimeout: 300,
    });
    expect(sse.toolNamePrefix).toBe('demo');
    const http = McpToolset.fromConfig(
      {
        streamable_http_connection_params: {
          url: 'http://127.0.0.1:3001/mcp',
          timeout: 2,
          sse_read_timeout: 60,
          terminate_on_close: false,
        },
      },
      { configPath: CONFIG },
    );
    expect(http.connectionParams).toEqual({
      type: 'StreamableHTTPConnectionParams',
      url: 'http://127.0.0.1:3001/mcp',
      timeout: 2,
      sseReadTimeout: 60,
      terminateOnClose: false,
    });
  });

  it('rejects zero or two connections, unknown keys and bad values with the file named', () => {
    for (const args of [
      { tool_filter: ['echo'] },
      {
        sse_connection_params: { url: 'http://a/sse' },
        streamable_http_connection_params: { url: 'http://a/mcp' },
      },
      { sse_connection_params: { url: 'http://a/sse' }, tool_filtr: ['echo'] },
      { sse_connection_params: { url: 'not a url' } },
      { sse_connection_params: { url: 'http://a/sse', timeout: -1 } },
    ]) {
      expect(() => mcpToolsetOptionsFromConfig(args, CONFIG)).toThrow(
        /^Invalid args of McpToolset in \/agents\/demo\/root_agent\.yaml:/,
      );
    }
  });

  it('refuses Python fields not offered yet by name', () => {
    expect(() =>
      mcpToolsetOptionsFromConfig(
        { sse_connection_params: { url: 'http://a/sse' }, use_mcp_resources: true },
        CONFIG,
      ),
    ).toThrow(NotSupportedError);
  });

  it('reads auth_scheme, auth_credential (snake_case or camelCase) and credential_key', () => {
    const options = mcpToolsetOptionsFromConfig(
      {
        streamable_http_connection_params: { url: 'http://a/mcp' },
        auth_scheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        auth_credential: { auth_type: 'apiKey', api_key: 'k' },
        credential_key: 'demo_key',
      },
      CONFIG,
    );
    expect(options).toMatchObject({
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      authCredential: { authType: 'apiKey', apiKey: 'k' },
      credentialKey: 'demo_key',
    });
    expect(new McpToolset(options).getAuthConfig()).toMatchObject({
      credentialKey: 'demo_key',
      rawAuthCredential: { apiKey: 'k' },
    });
    const bearer = mcpToolsetOptionsFromConfig(
      {
        sse_connection_params: { url: 'http://a/sse' },
        auth_scheme: { type: 'http', scheme: 'bearer' },
        auth_credential: {
          authType: 'http',
          http: { scheme: 'bearer', credentials: { token: 't' } },
        },
      },
      CONFIG,
    );
    expect(bearer.authCredential?.http?.credentials.token).toBe('t');
  });

  it('refuses an invalid auth scheme, and a credential without a scheme', () => {
    for (const args of [
      { sse_connection_params: { url: 'http://a/sse' }, auth_scheme: { type: 'http' } },
      {
        sse_connection_params: { url: 'http://a/sse' },
        auth_credential: { auth_type: 'apiKey', api_key: 'k' },
      },
    ]) {
      expect(() => mcpToolsetOptionsFromConfig(args, CONFIG)).toThrow(InvalidAgentConfigError);
    }
  });

  it('loads a YAML agent whose McpToolset serves real tools', async () => {
    setAllowConfigStdioMcpServers(true);
    const file = path.join(dir, 'root_agent.yaml');
    await writeFile(
      file,
      [
        'name: mcp_demo',
        'instruction: Use the tools.',
        'tools:',
        '  - name: McpToolset',
        '    args:',
        '      stdio_connection_params:',
        '        timeout: 10',
        '        server_params:',
        `          command: ${JSON.stringify(process.execPath)}`,
        `          args: [${JSON.stringify(SERVER_EVERYTHING)}, stdio]`,
        '      tool_filter: [get-sum]',
        '      tool_name_prefix: everything',
        '',
      ].join('\n'),
    );
    const agent = (await loadAgentFromYamlFile(file)) as LlmAgent;
    const toolset = agent.tools[0] as McpToolset;
    try {
      const tools = await toolset.getToolsWithPrefix();
      expect(tools.map((tool) => tool.name)).toEqual(['everything_get-sum']);
    } finally {
      await toolset.close();
    }
  });
});

describe('MCP connection parameters (Python StdioConnectionParams, SseConnectionParams, StreamableHTTPConnectionParams)', () => {
  it('wraps bare StdioServerParameters with the 5-second timeout, as Python does', () => {
    expect(resolveConnectionParams({ command: 'server', args: ['--stdio'] })).toEqual({
      type: 'StdioConnectionParams',
      serverParams: { command: 'server', args: ['--stdio'] },
      timeout: 5,
    });
  });

  it('rejects invalid parameters with InvalidArgumentError naming the field', () => {
    expect(() =>
      resolveConnectionParams({ type: 'StreamableHTTPConnectionParams', url: 'nope' }),
    ).toThrow(/Invalid MCP connection params: url: /);
    expect(() =>
      resolveConnectionParams({
        type: 'StdioConnectionParams',
        serverParams: { command: '' },
      }),
    ).toThrow(InvalidArgumentError);
    expect(
      () =>
        new McpToolset({
          connectionParams: { type: 'SseConnectionParams', url: 'http://a/sse', timeout: 0 },
        }),
    ).toThrow(/timeout/);
  });
});
