import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADK_SOURCE_URL, createAgentsDir, runCli } from '../../test/cli/cli-process.js';

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

let agentsDir: string;

beforeAll(async () => {
  agentsDir = await createAgentsDir({ keyed_app: API_KEY_AGENT, oauth_app: OAUTH2_AGENT });
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
