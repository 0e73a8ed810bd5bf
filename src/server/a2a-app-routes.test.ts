import { randomUUID } from 'node:crypto';
import type { Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

describe('api_server --a2a', () => {
  let server: ApiServerHandle;
  const sessionService = new InMemorySessionService();

  beforeAll(async () => {
    const agent = new LlmAgent({
      name: 'greeter',
      description: 'Greets.',
      model: new ScriptedLlm({ responses: () => textResponse('hello from greeter') }),
    });
    server = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({ apps: { greeter_app: agent } }),
      sessionService,
      a2a: true,
    });
  });
  afterAll(() => server.close());

  it('serves each app at /a2a/<app_name> with its card, on the server session service', async () => {
    const card = (await (
      await fetch(`${server.url}/a2a/greeter_app/.well-known/agent-card.json`, {
        headers: { 'A2A-Version': '1.0' },
      })
    ).json()) as { name: string; supportedInterfaces: { url: string }[] };
    expect(card.name).toBe('greeter');
    expect(card.supportedInterfaces[0]?.url).toBe(`${server.url}/a2a/greeter_app`);

    const client = await new ClientFactory().createFromUrl(`${server.url}/a2a/greeter_app/`);
    const contextId = randomUUID();
    const task = (await client.sendMessage({
      tenant: '',
      message: {
        messageId: randomUUID(),
        contextId,
        taskId: '',
        role: 1,
        parts: [
          {
            content: { $case: 'text', value: 'hi' },
            metadata: undefined,
            filename: '',
            mediaType: '',
          },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    })) as Task;
    expect(task.status?.state).toBe(3);
    const session = await sessionService.getSession({
      appName: 'greeter_app',
      userId: `A2A_USER_${contextId}`,
      sessionId: contextId,
    });
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'greeter']);
  });

  it('answers 404 for an unknown app and refuses a cross-origin write', async () => {
    expect((await fetch(`${server.url}/a2a/nope/.well-known/agent-card.json`)).status).toBe(404);
    const response = await fetch(`${server.url}/a2a/greeter_app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});
