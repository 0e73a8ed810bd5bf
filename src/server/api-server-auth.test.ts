import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherAgent } from '../flows/processors/auth-test-fixtures.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The credential round trip as a client of the HTTP API sees it: the
// adk_request_credential args go out as Python writes them and the client's
// function response comes back in unchanged.
const { agent, keys } = weatherAgent();
let server: ApiServerHandle;

beforeAll(async () => {
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { weather: agent } }),
    sessionService: new InMemorySessionService(),
  });
});

afterAll(async () => {
  await server.close();
});

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

type WireEvent = {
  content?: {
    parts?: { functionCall?: { id: string; name: string; args: Record<string, unknown> } }[];
  };
  actions: { requestedAuthConfigs: Record<string, unknown> };
};

describe('adk_request_credential over the HTTP API', () => {
  it('the request goes out in Python JSON and the credential comes back in as the client wrote it', async () => {
    const session = (await post('/apps/weather/users/ada/sessions', {})) as { id: string };
    const run = (message: unknown) =>
      post('/run', {
        appName: 'weather',
        userId: 'ada',
        sessionId: session.id,
        newMessage: message,
      });

    const first = (await run({ role: 'user', parts: [{ text: 'weather?' }] })) as WireEvent[];
    const call = first
      .flatMap((event) => event.content?.parts ?? [])
      .find((part) => part.functionCall?.name === 'adk_request_credential')!.functionCall!;
    const authConfig = {
      authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      rawAuthCredential: { authType: 'apiKey' },
      credentialKey: 'adk_apiKey_12037b6b68d3604d_apiKey_0e0c64790d90ab22',
    };
    expect(call.args).toEqual({ functionCallId: expect.any(String), authConfig });
    const toolCallId = call.args['functionCallId'] as string;
    expect(first.find((event) => toolCallId in event.actions.requestedAuthConfigs)).toMatchObject({
      actions: { requestedAuthConfigs: { [toolCallId]: authConfig } },
    });

    const second = (await run({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: call.id,
            name: 'adk_request_credential',
            response: {
              ...authConfig,
              exchangedAuthCredential: { authType: 'apiKey', apiKey: 'over-http' },
            },
          },
        },
      ],
    })) as WireEvent[];
    expect(keys).toEqual(['over-http']);
    expect(second[0]).toMatchObject({
      content: {
        parts: [{ functionResponse: { id: toolCallId, response: { weather: 'sunny' } } }],
      },
    });
  });
});
