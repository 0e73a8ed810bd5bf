import { afterEach, describe, expect, it } from 'vitest';
import { startAuthMcpServer, type AuthMcpServer } from '../../../test/mcp/auth-server.js';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { AuthCredential } from '../../auth/auth-credential.js';
import type { AuthScheme } from '../../auth/auth-schemes.js';
import { InMemoryCredentialService } from '../../context/in-memory-credential-service.js';
import type { Event } from '../../events/event.js';
import { InMemoryArtifactService } from '../../artifacts/in-memory-artifact-service.js';
import { InMemorySessionService } from '../../sessions/in-memory-session-service.js';
import { Runner } from '../../runner/runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import type { Content, FunctionCall } from '../../types/index.js';
import { McpToolset } from './mcp-toolset.js';

/*
 * McpToolset and McpTool authentication (Python McpToolset auth_scheme /
 * auth_credential, toolset auth before listing) against a real
 * streamable-HTTP MCP server that refuses requests without the credential.
 */

const servers: AuthMcpServer[] = [];
const runners: Runner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function serve(header: string, ...accepted: string[]): Promise<AuthMcpServer> {
  const server = await startAuthMcpServer(header, ...accepted);
  servers.push(server);
  return server;
}

const API_KEY_SCHEME: AuthScheme = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };

/** A Runner whose agent calls `whoami` once per turn, then answers "done". */
async function whoamiRunner(
  toolset: McpToolset,
  { credentialService = false }: { credentialService?: boolean } = {},
) {
  // Answers after the tool's result, else calls the tool: concurrent users each get both.
  const model = new ScriptedLlm({
    responses: (request) =>
      request.contents.at(-1)?.parts?.some((part) => part.functionResponse)
        ? textResponse('done')
        : functionCallResponse('whoami', {}),
  });
  const agent = new LlmAgent({ name: 'agent', model, tools: [toolset] });
  const runner = new Runner({
    appName: 'app',
    agent,
    sessionService: new InMemorySessionService(),
    artifactService: new InMemoryArtifactService(),
    ...(credentialService ? { credentialService: new InMemoryCredentialService() } : {}),
  });
  runners.push(runner);
  for (const userId of ['ada', 'bob']) {
    await runner.sessionService.createSession({ appName: 'app', userId, sessionId: 's' });
  }
  return { model, runner };
}

async function turn(runner: Runner, userId: string, newMessage: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId, sessionId: 's', newMessage })) {
    events.push(event);
  }
  return events;
}

const say = (text: string): Content => ({ role: 'user', parts: [{ text }] });

function whoamiResults(events: readonly Event[]): unknown[] {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .filter((part) => part.functionResponse?.name === 'whoami')
    .map((part) => part.functionResponse?.response);
}

function credentialCalls(events: readonly Event[]): FunctionCall[] {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .map((part) => part.functionCall)
    .filter((call): call is FunctionCall => call?.name === 'adk_request_credential');
}

function answer(call: FunctionCall, exchanged: AuthCredential): Content {
  const args = call.args as { authConfig: Record<string, unknown> };
  return {
    role: 'user',
    parts: [
      {
        functionResponse: {
          id: call.id!,
          name: 'adk_request_credential',
          response: { ...args.authConfig, exchangedAuthCredential: exchanged },
        },
      },
    ],
  };
}

const said = (value: string) => ({ content: [{ type: 'text', text: value }], isError: false });

describe('McpToolset with a configured credential', () => {
  it('sends an HTTP bearer token on the listing and on every call', async () => {
    const server = await serve('authorization', 'Bearer t0k3n');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: { type: 'http', scheme: 'bearer' },
      authCredential: {
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: 't0k3n' } },
      },
    });
    const { model, runner } = await whoamiRunner(toolset);

    const events = await turn(runner, 'ada', say('who am I?'));

    expect(credentialCalls(events)).toEqual([]);
    expect(model.requests[0]?.toolNames).toEqual(['whoami']);
    expect(whoamiResults(events)).toEqual([said('Bearer t0k3n')]);
    expect(server.refused()).toBe(0);
    expect(server.requests.every((headers) => headers.authorization === 'Bearer t0k3n')).toBe(true);
  });

  it('sends an API key in the header the scheme names', async () => {
    const server = await serve('x-api-key', 'k-123');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: API_KEY_SCHEME,
      authCredential: { authType: 'apiKey', apiKey: 'k-123' },
    });
    const { runner } = await whoamiRunner(toolset);

    const events = await turn(runner, 'ada', say('who am I?'));

    expect(whoamiResults(events)).toEqual([said('k-123')]);
    expect(server.refused()).toBe(0);
  });

  it('lists with a configured key outside a run too (getTools without a context)', async () => {
    const server = await serve('x-api-key', 'k-9');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: API_KEY_SCHEME,
      authCredential: { authType: 'apiKey', apiKey: 'k-9' },
    });
    try {
      expect((await toolset.getTools()).map((tool) => tool.name)).toEqual(['whoami']);
      expect(server.refused()).toBe(0);
    } finally {
      await toolset.close();
    }
  });

  it('sends HTTP basic credentials base64-encoded', async () => {
    const encoded = Buffer.from('ada:secret').toString('base64');
    const server = await serve('authorization', `Basic ${encoded}`);
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: { type: 'http', scheme: 'basic' },
      authCredential: {
        authType: 'http',
        http: { scheme: 'basic', credentials: { username: 'ada', password: 'secret' } },
      },
    });
    const { runner } = await whoamiRunner(toolset);

    expect(whoamiResults(await turn(runner, 'ada', say('who am I?')))).toEqual([
      said(`Basic ${encoded}`),
    ]);
  });
});

describe('toolset auth: the credential asked for before the tools are listed', () => {
  it('asks the client first, then lists and calls with the answer', async () => {
    const server = await serve('x-api-key', 'ada-key');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: API_KEY_SCHEME,
      authCredential: { authType: 'apiKey' },
    });
    const key = toolset.getAuthConfig()!.credentialKey!;
    const { model, runner } = await whoamiRunner(toolset, { credentialService: true });

    const first = await turn(runner, 'ada', say('who am I?'));

    // One event: the request, long-running; no model call, the server never reached.
    expect(first).toHaveLength(1);
    const [request] = credentialCalls(first);
    expect(first[0]!.longRunningToolIds).toEqual([request!.id]);
    expect(request!.args).toEqual({
      functionCallId: `_adk_toolset_auth_${key}`,
      authConfig: { ...toolset.getAuthConfig(), credentialKey: key },
    });
    expect(model.requests).toHaveLength(0);
    expect(server.requests).toHaveLength(0);

    const second = await turn(
      runner,
      'ada',
      answer(request!, { authType: 'apiKey', apiKey: 'ada-key' }),
    );

    expect(credentialCalls(second)).toEqual([]);
    expect(model.requests[0]?.toolNames).toEqual(['whoami']);
    expect(whoamiResults(second)).toEqual([said('ada-key')]);
    expect(server.refused()).toBe(0);
    // The shared toolset's config was never written.
    expect(toolset.getAuthConfig()?.exchangedAuthCredential).toBeUndefined();

    // The credential service keeps it: the next turn asks nothing.
    const third = await turn(runner, 'ada', say('again'));
    expect(credentialCalls(third)).toEqual([]);
    expect(whoamiResults(third)).toEqual([said('ada-key')]);
  });

  it("keeps each user's credential to that user's invocations", async () => {
    const server = await serve('x-api-key', 'ada-key', 'bob-key');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: API_KEY_SCHEME,
      authCredential: { authType: 'apiKey' },
    });
    const { runner } = await whoamiRunner(toolset, { credentialService: true });
    const [adaAsk] = credentialCalls(await turn(runner, 'ada', say('hi')));
    const [bobAsk] = credentialCalls(await turn(runner, 'bob', say('hi')));

    const [ada, bob] = await Promise.all([
      turn(runner, 'ada', answer(adaAsk!, { authType: 'apiKey', apiKey: 'ada-key' })),
      turn(runner, 'bob', answer(bobAsk!, { authType: 'apiKey', apiKey: 'bob-key' })),
    ]);

    expect(whoamiResults(ada)).toEqual([said('ada-key')]);
    expect(whoamiResults(bob)).toEqual([said('bob-key')]);
    expect(toolset.getAuthConfig()?.exchangedAuthCredential).toBeUndefined();
    // One MCP session per credential: the headers key the session pool.
    expect(toolset.sessionManager.activeSessions).toHaveLength(2);
  });

  it('asks again in the next invocation when nothing keeps the answer', async () => {
    const server = await serve('x-api-key', 'ada-key');
    const toolset = new McpToolset({
      connectionParams: { type: 'StreamableHTTPConnectionParams', url: server.url },
      authScheme: API_KEY_SCHEME,
      authCredential: { authType: 'apiKey' },
    });
    const { runner } = await whoamiRunner(toolset);
    const [ask] = credentialCalls(await turn(runner, 'ada', say('hi')));
    const answered = await turn(
      runner,
      'ada',
      answer(ask!, { authType: 'apiKey', apiKey: 'ada-key' }),
    );
    expect(whoamiResults(answered)).toEqual([said('ada-key')]);

    // Without a credential service the answer lived in `temp:` state for one invocation only.
    expect(credentialCalls(await turn(runner, 'ada', say('again')))).toHaveLength(1);
  });
});
