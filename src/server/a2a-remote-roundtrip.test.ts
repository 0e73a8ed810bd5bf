import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteA2aAgent } from '../a2a/remote-a2a-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, functionCallResponse } from '../testing/scripted-llm.js';
import { approvalAgent, primeAgent, serveA2a, type ServedA2a } from './a2a-test-fixtures.js';

describe('RemoteA2aAgent calling an agent served by toA2a (two ADK servers over A2A)', () => {
  let servers: ServedA2a[] = [];

  beforeAll(async () => {
    servers = [await serveA2a(primeAgent()), await serveA2a(approvalAgent())];
  });
  afterAll(() => Promise.all(servers.map((served) => served.close())));

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
