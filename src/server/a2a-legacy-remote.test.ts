import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteA2aAgent, type RemoteA2aAgentConfig } from '../a2a/remote-a2a-agent.js';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { approvalAgent, primeAgent } from './a2a-test-fixtures.js';
import { startLegacyA2aServer, type LegacyA2aServer } from './legacy-a2a-server-test-fixtures.js';

// The servers answer only 0.3 methods, so every call they record proves the client spoke 0.3.
let streaming: LegacyA2aServer;
let plain: LegacyA2aServer;
let approval: LegacyA2aServer;

beforeAll(async () => {
  [streaming, plain, approval] = await Promise.all([
    startLegacyA2aServer(primeAgent(), { streaming: true }),
    startLegacyA2aServer(primeAgent(), { streaming: false }),
    startLegacyA2aServer(approvalAgent(), { streaming: true }),
  ]);
});
afterAll(() => Promise.all([streaming, plain, approval].map((server) => server.close())));

async function setUp(agentCard: RemoteA2aAgentConfig['agentCard']) {
  const agent = new RemoteA2aAgent({ name: 'remote', agentCard });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const turn = async (parts: NonNullable<Event['content']>['parts']): Promise<Event[]> => {
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
  return { agent, turn };
}

function answer(events: Event[]): string | undefined {
  return events
    .filter((event) => event.author === 'remote')
    .flatMap((event) => event.content?.parts ?? [])
    .filter((part) => !part.thought && part.text)
    .at(-1)?.text;
}

async function cardFile(card: object): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'a2a-legacy-card-')), 'agent.json');
  await writeFile(file, JSON.stringify(card));
  return file;
}

describe('RemoteA2aAgent calling an A2A 0.3-only server (as adk-python, adk-go and adk-java serve)', () => {
  it('streams a turn over message/stream; the remote runs its tool and answers', async () => {
    const before = streaming.calls.length;
    const { agent, turn } = await setUp(streaming.url);
    const events = await turn([{ text: 'is 7 prime?' }]);
    expect(answer(events)).toBe('prime: true');
    expect(streaming.calls.slice(before).map((call) => call.method)).toEqual(['message/stream']);
    // The remote's tool call travelled as a thought of the working task.
    const thoughts = events.flatMap((event) => event.content?.parts ?? []).filter((p) => p.thought);
    expect(thoughts.some((part) => part.functionCall?.name === 'check_prime')).toBe(true);
    expect(streaming.cardRequestVersions.at(-1)).toBe('1.0');
    const card = await agent.resolveAgentCard();
    expect(card.supportedInterfaces).toEqual([
      {
        url: `${streaming.url}/`,
        protocolBinding: 'JSONRPC',
        tenant: '',
        protocolVersion: '0.3.0',
      },
    ]);
    expect(agent.description).toBe('Checks prime numbers.');
  });

  it('a card without streaming is called with message/send', async () => {
    const before = plain.calls.length;
    const { turn } = await setUp(plain.url);
    expect(answer(await turn([{ text: 'is 7 prime?' }]))).toBe('prime: true');
    expect(plain.calls.slice(before).map((call) => call.method)).toEqual(['message/send']);
  });

  it('a follow-up turn goes to the same A2A context', async () => {
    const before = streaming.calls.length;
    const { turn } = await setUp(streaming.url);
    const first = await turn([{ text: 'is 7 prime?' }]);
    const contextId = first.at(-1)?.customMetadata?.['a2a:context_id'];
    expect(contextId).toEqual(expect.any(String));
    expect(answer(await turn([{ text: 'and again?' }]))).toBe('prime: true');
    const calls = streaming.calls.slice(before);
    expect(calls.map((call) => call.method)).toEqual(['message/stream', 'message/stream']);
    // The first message lets the server pick the context; the next one names it.
    expect(calls.map((call) => call.contextId)).toEqual([undefined, contextId]);
  });

  it('reads a 0.3 card from a JSON file', async () => {
    const before = plain.calls.length;
    const { turn } = await setUp(await cardFile(plain.card));
    expect(answer(await turn([{ text: 'is 7 prime?' }]))).toBe('prime: true');
    expect(plain.calls.slice(before).map((call) => call.method)).toEqual(['message/send']);
  });

  it('takes a 0.3 card given as an object', async () => {
    const before = streaming.calls.length;
    const { turn } = await setUp(streaming.card);
    expect(answer(await turn([{ text: 'is 7 prime?' }]))).toBe('prime: true');
    expect(streaming.calls.slice(before).map((call) => call.method)).toEqual(['message/stream']);
  });

  it('a 0.2 card (older a2a-sdk servers, the same JSON-RPC methods) is called in 0.3 too', async () => {
    const before = plain.calls.length;
    const { turn } = await setUp({ ...plain.card, protocolVersion: '0.2.6' });
    expect(answer(await turn([{ text: 'is 7 prime?' }]))).toBe('prime: true');
    expect(plain.calls.slice(before).map((call) => call.method)).toEqual(['message/send']);
  });

  it('pauses on the remote long-running call and answers the same 0.3 task', async () => {
    const before = approval.calls.length;
    const { turn } = await setUp(approval.url);
    const events = await turn([{ text: 'refund 40 euros' }]);
    const callEvent = events.find((event) => event.longRunningToolIds?.length);
    const call = callEvent?.content?.parts?.find((part) => part.functionCall)?.functionCall;
    expect(call).toMatchObject({ name: 'ask_manager', args: { amount: 40 } });
    const answered = await turn([
      { functionResponse: { id: call!.id!, name: 'ask_manager', response: { decision: 'ok' } } },
    ]);
    expect(answer(answered)).toBe('manager said: ok');
    expect(answered.at(-1)?.customMetadata?.['a2a:task_id']).toBe(
      callEvent?.customMetadata?.['a2a:task_id'],
    );
    expect(approval.calls.slice(before).map((call) => call.method)).toEqual([
      'message/stream',
      'message/stream',
    ]);
  });

  it('a 0.3 card missing a required field gives AgentCardResolutionError naming it', async () => {
    const { skills: _skills, ...withoutSkills } = plain.card;
    for (const agentCard of [withoutSkills, await cardFile(withoutSkills)]) {
      const { turn } = await setUp(agentCard as RemoteA2aAgentConfig['agentCard']);
      const error = await turn([{ text: 'hi' }]).catch((caught: unknown) => caught);
      expect(AgentCardResolutionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/^Failed to resolve AgentCard from .*skills/);
    }
  });

  it("a 0.3 card without a URL keeps Python's validation message", async () => {
    const { turn } = await setUp({ ...plain.card, url: '' });
    const error = await turn([{ text: 'hi' }]).catch((caught: unknown) => caught);
    expect(AgentCardResolutionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('Agent card must have a valid URL for RPC communication');
  });
});
