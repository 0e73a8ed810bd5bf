import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteA2aAgent } from '../a2a/remote-a2a-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, functionCallResponse } from '../testing/scripted-llm.js';
import { approvalAgent, primeAgent } from './a2a-test-fixtures.js';
import { toA2a } from './to-a2a.js';

/** Serves `agent` with toA2a on 127.0.0.1 (port 0) and gives its base URL. */
async function serve(agent: LlmAgent): Promise<{ server: Server; url: string }> {
  const late: { app?: ReturnType<typeof toA2a>['app'] } = {};
  const server = createAdaptorServer({ fetch: (req: Request) => late.app!.fetch(req) }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  late.app = toA2a(agent, { host: '127.0.0.1', port, bindHost: '127.0.0.1' }).app;
  return { server, url: `http://127.0.0.1:${port}` };
}

describe('RemoteA2aAgent calling an agent served by toA2a (two ADK servers over A2A)', () => {
  let servers: { server: Server; url: string }[] = [];

  beforeAll(async () => {
    servers = [await serve(primeAgent()), await serve(approvalAgent())];
  });
  afterAll(() =>
    Promise.all(
      servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))),
    ),
  );

  // The JSON-RPC methods the client sent: our server speaks 1.0 as well as 0.3, so 1.0 is used.
  const methods: unknown[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string')
      methods.push((JSON.parse(init.body) as { method?: unknown }).method);
    return fetch(input, init);
  };

  async function rootRunner(remoteName = 'prime_remote', remoteUrl = servers[0]!.url) {
    const remote = new RemoteA2aAgent({
      name: remoteName,
      agentCard: remoteUrl,
      fetch: recordingFetch,
    });
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm({
        responses: [functionCallResponse('transfer_to_agent', { agent_name: remoteName })],
      }),
      subAgents: [remote],
    });
    const runner = new InMemoryRunner({ agent: root, appName: 'app' });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    return async (parts: NonNullable<Event['content']>['parts']): Promise<Event[]> => {
      const events: Event[] = [];
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: { role: 'user', parts: parts ?? [] },
      })) {
        events.push(event);
      }
      return events;
    };
  }

  it('delegates to the remote agent, which runs its tool there and answers', async () => {
    const turn = await rootRunner();
    const before = methods.length;
    const events = await turn([{ text: 'is 7 prime?' }]);
    const remote = events.filter((event) => event.author === 'prime_remote');
    const visible = remote
      .flatMap((event) => event.content?.parts ?? [])
      .filter((part) => !part.thought && part.text);
    expect(visible.at(-1)?.text).toBe('prime: true');
    expect(methods.slice(before)).toEqual(['SendStreamingMessage']);
    expect(remote.at(-1)?.customMetadata?.['a2a:context_id']).toEqual(expect.any(String));
  });

  it('pauses on the remote long-running call (input-required) and resumes the same task with the user answer', async () => {
    const turn = await rootRunner('approval_remote', servers[1]!.url);
    const events = await turn([{ text: 'refund 40 euros' }]);
    const callEvent = events.find((event) => event.longRunningToolIds?.length);
    const call = callEvent?.content?.parts?.find((part) => part.functionCall)?.functionCall;
    expect(call).toMatchObject({ name: 'ask_manager', args: { amount: 40 } });
    const taskId = callEvent?.customMetadata?.['a2a:task_id'];
    expect(taskId).toEqual(expect.any(String));

    const answered = await turn([
      {
        functionResponse: {
          id: call!.id!,
          name: 'ask_manager',
          response: { decision: 'approved' },
        },
      },
    ]);
    const last = answered.filter((event) => event.author === 'approval_remote').at(-1);
    const text = (last?.content?.parts ?? []).filter((part) => !part.thought && part.text);
    expect(text.at(-1)?.text).toBe('manager said: approved');
    expect(last?.customMetadata?.['a2a:task_id']).toBe(taskId);
  });
});
