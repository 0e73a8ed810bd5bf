import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AgentTool } from '../tools/agent-tool.js';
import { RemoteA2aAgent } from './remote-a2a-agent.js';
import { startSampleA2aServer, type SampleA2aServer } from './remote-a2a-test-fixtures.js';

let server: SampleA2aServer;
beforeAll(async () => {
  server = await startSampleA2aServer({ streaming: true });
});
afterAll(async () => {
  await server.close();
});

async function run(root: LlmAgent, texts: string[]): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent: root, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for (const text of texts) {
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text }] },
    })) {
      events.push(event);
    }
  }
  return events;
}

describe('RemoteA2aAgent in an agent tree', () => {
  it('is a transfer target: it gets the user text and the root agent’s turn as context, and keeps the next turn', async () => {
    const remote = new RemoteA2aAgent({ name: 'remote', agentCard: server.card });
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm({
        responses: [functionCallResponse('transfer_to_agent', { agent_name: 'remote' }, 'tr-1')],
      }),
      subAgents: [remote],
    });
    const events = await run(root, ['hello there']);
    const first = server.executor.received.at(-1)!;
    expect(first.text).toBe(
      'hello there' +
        'For context:' +
        "[root] called tool `transfer_to_agent` with parameters: {'agent_name': 'remote'}" +
        'For context:' +
        "[root] `transfer_to_agent` tool returned result: {'result': None}",
    );
    const reply = events.at(-1)!;
    expect(reply.author).toBe('remote');
    expect(reply.content?.parts?.[0]?.text).toBe(`echo: ${first.text}`);
  });

  it('works as an AgentTool: the tool result is the remote answer', async () => {
    const remote = new RemoteA2aAgent({
      name: 'remote',
      description: 'Echoes.',
      agentCard: server.card,
    });
    const rootModel = new ScriptedLlm({
      responses: [
        functionCallResponse('remote', { request: 'ping' }, 'call-1'),
        textResponse('done'),
      ],
    });
    const root = new LlmAgent({
      name: 'root',
      model: rootModel,
      tools: [new AgentTool({ agent: remote })],
    });
    const events = await run(root, ['go']);
    const toolResult = events
      .flatMap((event) => event.content?.parts ?? [])
      .find((part) => part.functionResponse)?.functionResponse;
    expect(toolResult?.response).toEqual({ result: 'echo: ping' });
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('done');
  });
});
