import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../runner/app.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { FunctionNode } from '../workflow/function-node.js';
import { RequestInput } from '../workflow/request-input.js';
import { START } from '../workflow/start.js';
import { Workflow } from '../workflow/workflow.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

let server: ApiServerHandle;

function approvalWorkflow(): Workflow {
  return new Workflow({
    name: 'approval_flow',
    edges: [
      [
        START,
        new FunctionNode('ask', () => new RequestInput({ interruptId: 'ok', message: 'Approve?' })),
        new FunctionNode('after', (_ctx, input: unknown) => `approved by ${String(input)}`),
      ],
    ],
  });
}

beforeAll(async () => {
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: {
        approvals: new App({
          name: 'approvals',
          rootAgent: approvalWorkflow(),
          resumabilityConfig: { isResumable: true },
        }),
      },
    }),
    sessionService: new InMemorySessionService(),
    version: '9.9.9',
  });
});

afterAll(async () => {
  await server.close();
});

async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('Workflow resume through the HTTP API (issue 17 §5, reference §2.1 POST /run)', () => {
  it('a function response to adk_request_input sent to /run resumes the paused workflow', async () => {
    const created = await post('/apps/approvals/users/ada/sessions', {});
    const sessionId = (created.json as { id: string }).id;
    const base = { appName: 'approvals', userId: 'ada', sessionId };

    const paused = await post('/run', {
      ...base,
      newMessage: { role: 'user', parts: [{ text: 'pay' }] },
    });
    expect(paused.status).toBe(200);
    const pausedEvents = paused.json as { longRunningToolIds?: string[] }[];
    expect(pausedEvents.flatMap((event) => event.longRunningToolIds ?? [])).toEqual(['ok']);

    const resumed = await post('/run', {
      ...base,
      newMessage: {
        role: 'user',
        parts: [
          {
            functionResponse: { id: 'ok', name: 'adk_request_input', response: { result: 'ada' } },
          },
        ],
      },
    });
    expect(resumed.status).toBe(200);
    const events = resumed.json as { output?: unknown; nodeInfo?: { path: string } }[];
    expect(events).toContainEqual(
      expect.objectContaining({
        output: 'approved by ada',
        nodeInfo: expect.objectContaining({ path: 'approval_flow@1/after@1' }),
      }),
    );
  });
});
