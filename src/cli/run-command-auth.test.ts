import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { ADK_SOURCE_URL, createAgentsDir, runCli } from '../../test/cli/cli-process.js';

const AUTH_SERVER_URL = pathToFileURL(
  path.join(import.meta.dirname, '..', '..', 'test', 'mcp', 'auth-server.ts'),
).href;

/*
 * Issue 20 §3: `adk run` answers `adk_request_credential` in the chat. The
 * CLI runs in a child process; the echo model's "weather <city>" calls the
 * app's `get_weather`, which needs a credential.
 */

// An authenticated tool that wants an API key in the X-Api-Key header.
const API_KEY_AGENT = `import { AuthenticatedFunctionTool, LlmAgent } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

export const rootAgent = new LlmAgent({
  name: 'keyed_agent',
  model: new EchoLlm(),
  tools: [
    new AuthenticatedFunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
      authConfig: {
        authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        rawAuthCredential: { authType: 'apiKey' },
      },
      execute: ({ city }, _context, credential) => ({ city, keyLength: credential.apiKey.length }),
    }),
  ],
});
`;

// A tool that asks for OAuth2 authorization with an authorization URI it built itself.
const OAUTH2_AGENT = `import { FunctionTool, LlmAgent } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

const config = {
  authScheme: {
    type: 'oauth2',
    flows: { authorizationCode: { authorizationUrl: 'https://idp.test/auth', tokenUrl: 'https://idp.test/token', scopes: {} } },
  },
  rawAuthCredential: {
    authType: 'oauth2',
    oauth2: { clientId: 'cid', clientSecret: 'client-secret-9', authUri: 'https://idp.test/auth?client_id=cid&state=st1', state: 'st1' },
  },
};

export const rootAgent = new LlmAgent({
  name: 'oauth_agent',
  model: new EchoLlm(),
  tools: [
    new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
      execute: ({ city }, context) => {
        const credential = context.getAuthResponse(config);
        if (!credential) {
          context.requestCredential(config);
          return { status: 'waiting' };
        }
        const { authResponseUri, redirectUri } = credential.oauth2;
        return { city, redirectUri, code: new URL(authResponseUri).searchParams.get('code') };
      },
    }),
  ],
});
`;

// An MCP toolset whose server wants an API key it is not configured with: toolset auth asks first.
const MCP_AGENT = `import { BaseLlm, LlmAgent, McpToolset } from '${ADK_SOURCE_URL}';
import { startAuthMcpServer } from '${AUTH_SERVER_URL}';

const server = await startAuthMcpServer('x-api-key', 'mcp-key-777');
server.unref();

class WhoamiLlm extends BaseLlm {
  constructor() { super({ model: 'whoami' }); }
  async *generateContentAsync(request) {
    const response = request.contents.at(-1)?.parts?.find((part) => part.functionResponse);
    yield response
      ? { content: { role: 'model', parts: [{ text: 'server saw ' + response.functionResponse.response.content[0].text.length + ' chars' }] } }
      : { content: { role: 'model', parts: [{ functionCall: { name: 'whoami', args: {} } }] } };
  }
}

export const rootAgent = new LlmAgent({
  name: 'mcp_agent',
  model: new WhoamiLlm(),
  tools: [
    new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      authCredential: { authType: 'apiKey' },
    }),
  ],
});
`;

let agentsDir: string;

beforeAll(async () => {
  agentsDir = await createAgentsDir({
    keyed_app: API_KEY_AGENT,
    oauth_app: OAUTH2_AGENT,
    mcp_app: MCP_AGENT,
  });
});

afterAll(async () => {
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

describe('adk run: credential requests', () => {
  it('prompts for an API key, sends it, and the tool runs with it; the key is never printed', async () => {
    const result = await runCli(['run', 'keyed_app', '--in_memory'], {
      cwd: agentsDir,
      input: 'weather Paris\nsekret-12345\nexit\n',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The pending result, the prompt, then the resumed call's result (the prompt `[user]: ` before it).
    expect(result.stdout).toContain(
      '[keyed_agent]: tool get_weather returned {"result":"Pending User Authorization."}\n' +
        '[keyed_agent]: tool said {"result":"Pending User Authorization."}\n' +
        'Enter the API key (header "X-Api-Key"):\n' +
        '[user]: [keyed_agent]: tool get_weather returned {"city":"Paris","keyLength":12}\n',
    );
    expect(result.stdout).not.toContain('sekret-12345');
  });

  it("answers an MCP toolset's request before its tools are listed, then calls the tool with the key", async () => {
    const result = await runCli(['run', 'mcp_app', '--in_memory'], {
      cwd: agentsDir,
      input: 'who am I?\nmcp-key-777\nagain\nexit\n',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /\[mcp_agent\]: called tool adk_request_credential\(\{"functionCallId":"_adk_toolset_auth_adk_apiKey_[0-9a-f]+_apiKey_[0-9a-f]+"/,
    );
    expect(result.stdout).toContain(
      'Enter the API key (header "X-Api-Key"):\n' +
        '[user]: [mcp_agent]: called tool whoami({})\n' +
        '[mcp_agent]: tool whoami returned {"content":[{"type":"text","text":"mcp-key-777"}],"isError":false}\n' +
        '[mcp_agent]: server saw 11 chars\n',
    );
    // The run's credential service keeps the key: the next line is not asked for it again.
    expect(result.stdout.match(/Enter the API key/g)).toHaveLength(1);
    expect(result.stdout.match(/called tool whoami/g)).toHaveLength(2);
  });

  it('prints the OAuth2 authorization URI with redirect_uri and sends back the redirected URL', async () => {
    const redirected = 'http://localhost:8000/callback?code=abc123&state=st1';
    const result = await runCli(['run', 'oauth_app', '--in_memory'], {
      cwd: agentsDir,
      input: `weather Oslo\n${redirected}\nexit\n`,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const prompt = lines.indexOf(
      'Authorize at this URL, then paste the full URL your browser was redirected to:',
    );
    expect(prompt).toBeGreaterThan(-1);
    expect(lines[prompt + 1]).toBe(
      'https://idp.test/auth?client_id=cid&state=st1&redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Fcallback',
    );
    expect(result.stdout).toContain(
      '[oauth_agent]: tool get_weather returned {"city":"Oslo","redirectUri":"http://localhost:8000/callback","code":"abc123"}\n',
    );
    expect(result.stdout).not.toContain('client-secret-9');
  });

  it('--oauth_redirect_uri changes the redirect URI sent to the provider and back to the tool', async () => {
    const result = await runCli(
      ['run', 'oauth_app', '--in_memory', '--oauth_redirect_uri', 'http://127.0.0.1:9999/cb'],
      { cwd: agentsDir, input: 'weather Rome\nhttp://127.0.0.1:9999/cb?code=x9&state=st1\nexit\n' },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb\n');
    expect(result.stdout).toContain('"redirectUri":"http://127.0.0.1:9999/cb","code":"x9"');
  });
});
