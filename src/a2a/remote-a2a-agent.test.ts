import express from 'express';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2aRequestError } from '../errors/a2a-request-error.js';
import { AgentCardResolutionError } from '../errors/agent-card-resolution-error.js';
import { createEvent, type Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Content } from '../types/index.js';
import { RemoteA2aAgent, type RemoteA2aAgentConfig } from './remote-a2a-agent.js';
import {
  sampleCard,
  startSampleA2aServer,
  type SampleA2aServer,
} from './remote-a2a-test-fixtures.js';

let streamingServer: SampleA2aServer;
let plainServer: SampleA2aServer;

beforeAll(async () => {
  streamingServer = await startSampleA2aServer({ streaming: true });
  plainServer = await startSampleA2aServer({ streaming: false });
});

afterAll(async () => {
  await streamingServer.close();
  await plainServer.close();
});

function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

async function setUp(config: Omit<RemoteA2aAgentConfig, 'name'>) {
  const agent = new RemoteA2aAgent({ name: 'remote', ...config });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const turn = async (newMessage: Content): Promise<Event[]> => {
    const events: Event[] = [];
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage })) {
      events.push(event);
    }
    return events;
  };
  return { agent, runner, turn };
}

function texts(events: Event[]): string[] {
  return events.flatMap((event) => (event.content?.parts ?? []).flatMap((part) => part.text ?? []));
}

describe('RemoteA2aAgent against the SDK sample server', () => {
  it('sends a turn and maps the direct message answer, with the context id and the request/response metadata', async () => {
    const { turn } = await setUp({ agentCard: plainServer.card });
    const events = await turn(userText('hello'));
    expect(texts(events)).toEqual(['echo: hello']);
    const event = events[0]!;
    expect(event.author).toBe('remote');
    expect(event.content?.role).toBe('model');
    const received = plainServer.executor.received.at(-1)!;
    expect(event.customMetadata?.['a2a:context_id']).toBe(received.contextId);
    expect(event.customMetadata?.['a2a:request']).toMatchObject({
      role: 'ROLE_USER',
      parts: [{ text: 'hello' }],
    });
    expect(event.customMetadata?.['a2a:response']).toMatchObject({
      role: 'ROLE_AGENT',
      parts: [{ text: 'echo: hello' }],
    });
  });

  it('resolves the card from its URL (well-known path) and takes its description', async () => {
    const { agent, turn } = await setUp({ agentCard: streamingServer.baseUrl });
    expect(agent.description).toBe('');
    expect(texts(await turn(userText('hi')))).toEqual(['echo: hi']);
    expect(agent.description).toBe('Echoes, works on tasks and asks for approval.');
  });

  it('reads the card from a JSON file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'a2a-card-'));
    const file = join(dir, 'card.json');
    await writeFile(file, JSON.stringify(plainServer.card));
    const { turn } = await setUp({ agentCard: file });
    expect(texts(await turn(userText('from file')))).toEqual(['echo: from file']);
  });

  it('streams a task: the working status as a thought, then the artifact, stamped with task and context ids', async () => {
    const { turn } = await setUp({ agentCard: streamingServer.baseUrl });
    const events = await turn(userText('task please'));
    const received = streamingServer.executor.received.at(-1)!;
    const remote = events.filter((event) => event.author === 'remote');
    // The submitted task (the user's message in its history is not agent output), the working status, the artifact.
    const withParts = remote.filter((event) => event.content?.parts?.length);
    expect(
      withParts.map((event) => event.content!.parts!.map((part) => [part.text, !!part.thought])),
    ).toEqual([[['working on it', true]], [['the result', false]]]);
    for (const event of remote) {
      expect(event.customMetadata?.['a2a:task_id']).toBe(received.taskId);
      expect(event.customMetadata?.['a2a:context_id']).toBe(received.contextId);
    }
    expect(withParts[1]!.customMetadata?.['a2a:response']).toMatchObject({
      id: received.taskId,
      artifacts: [{ artifactId: 'a1', name: 'result.txt' }],
    });
  });

  it('streams an artifact in chunks: a full update shows, appended chunks wait for the last one', async () => {
    const { turn } = await setUp({ agentCard: streamingServer.card });
    const events = await turn(userText('chunks'));
    const shown = events
      .filter((event) => event.content?.parts?.length)
      .map((event) => event.content!.parts!.map((part) => part.text).join('|'));
    expect(shown).toEqual(['a', 'a|b|c']);
  });

  it('without streaming, a completed task comes back as one event showing its artifact', async () => {
    const { turn } = await setUp({ agentCard: plainServer.card });
    const events = await turn(userText('task now'));
    expect(texts(events)).toEqual(['the result']);
    expect(events[0]!.customMetadata?.['a2a:response']).toMatchObject({
      status: { state: 'TASK_STATE_COMPLETED' },
    });
  });

  it('keeps the A2A context across turns and sends only what the remote has not seen', async () => {
    const { turn } = await setUp({ agentCard: plainServer.card });
    await turn(userText('first'));
    const first = plainServer.executor.received.at(-1)!;
    await turn(userText('second'));
    const second = plainServer.executor.received.at(-1)!;
    expect(second.contextId).toBe(first.contextId);
    expect(second.text).toBe('second');
  });

  it('pauses on input-required as a long-running call and sends the user answer to the same task', async () => {
    const { turn } = await setUp({ agentCard: streamingServer.card });
    const events = await turn(userText('ask for approval'));
    const asked = streamingServer.executor.received.at(-1)!;
    const callEvent = events.find((event) => event.longRunningToolIds?.length)!;
    expect(callEvent.longRunningToolIds).toEqual(['call-1']);
    const call = callEvent.content!.parts![0]!.functionCall!;
    expect(call).toMatchObject({ id: 'call-1', name: 'approve', args: { amount: 5 } });
    expect(callEvent.customMetadata?.['a2a:task_id']).toBe(asked.taskId);

    const answered = await turn({
      role: 'user',
      parts: [{ functionResponse: { id: 'call-1', name: 'approve', response: { result: 'yes' } } }],
    });
    const answer = streamingServer.executor.received.at(-1)!;
    expect(answer.hadTask).toBe(true);
    expect(answer.taskId).toBe(asked.taskId);
    expect(answer.contextId).toBe(asked.contextId);
    expect(texts(answered)).toContain('approved: yes');
  });

  it('sends the request metadata the provider gives', async () => {
    const { turn } = await setUp({
      agentCard: plainServer.card,
      requestMetadataProvider: (context, message) => ({
        session: context.session.id,
        parts: message.parts.length,
      }),
    });
    await turn(userText('with metadata'));
    expect(plainServer.executor.received.at(-1)!.metadata).toEqual({ session: 's', parts: 1 });
  });

  it('marks a failed task with A2A_TASK_FAILED and its message', async () => {
    const { turn } = await setUp({ agentCard: plainServer.card });
    const events = await turn(userText('fail'));
    expect(events[0]).toMatchObject({ errorCode: 'A2A_TASK_FAILED', errorMessage: 'it broke' });
  });

  it('sends auth headers and uses the given fetch for the card and the calls', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      seen.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      return fetch(input, init);
    };
    const { turn } = await setUp({
      agentCard: `${plainServer.baseUrl}/.well-known/agent-card.json`,
      fetch: recordingFetch,
      headers: async () => ({ Authorization: 'Bearer t0ken' }),
    });
    expect(texts(await turn(userText('auth')))).toEqual(['echo: auth']);
    expect(seen.map((entry) => new URL(entry.url).pathname)).toEqual([
      '/.well-known/agent-card.json',
      '/a2a/jsonrpc',
    ]);
    expect(seen.every((entry) => entry.authorization === 'Bearer t0ken')).toBe(true);
  });
});

describe('RemoteA2aAgent failures', () => {
  let malformed: ReturnType<ReturnType<typeof express>['listen']>;
  let malformedUrl: string;
  beforeAll(async () => {
    const app = express();
    app.use((_request, response) => {
      response.status(200).type('application/json').send('{"jsonrpc": "2.0", "result": ');
    });
    await new Promise<void>((resolve) => {
      malformed = app.listen(0, '127.0.0.1', () => resolve());
    });
    malformedUrl = `http://127.0.0.1:${(malformed.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => malformed.close(() => resolve()));
  });

  async function closedPort(): Promise<string> {
    let server: ReturnType<ReturnType<typeof express>['listen']> | undefined;
    await new Promise<void>((resolve) => {
      server = express().listen(0, '127.0.0.1', () => resolve());
    });
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    return url;
  }

  it('a card URL nobody answers gives AgentCardResolutionError', async () => {
    const url = await closedPort();
    const { turn } = await setUp({ agentCard: url });
    const error = await turn(userText('hi')).catch((caught: unknown) => caught);
    expect(AgentCardResolutionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`Failed to resolve AgentCard from URL ${url}`);
  });

  it('a card URL answering malformed JSON gives AgentCardResolutionError', async () => {
    const { turn } = await setUp({ agentCard: malformedUrl });
    const error = await turn(userText('hi')).catch((caught: unknown) => caught);
    expect(AgentCardResolutionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('JSON');
  });

  it('a card without an interface URL gives AgentCardResolutionError', async () => {
    const card = { ...sampleCard('http://127.0.0.1:1', false), supportedInterfaces: [] };
    const { turn } = await setUp({ agentCard: card });
    const error = await turn(userText('hi')).catch((caught: unknown) => caught);
    expect(AgentCardResolutionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('Agent card must have a valid URL');
  });

  it('a remote agent that is down gives A2aRequestError', async () => {
    const url = await closedPort();
    const { turn } = await setUp({ agentCard: sampleCard(url, false) });
    const error = await turn(userText('hi')).catch((caught: unknown) => caught);
    expect(A2aRequestError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^A2A request failed: fetch failed \(.*ECONNREFUSED/);
  });

  it('a remote agent answering malformed JSON gives A2aRequestError', async () => {
    for (const streaming of [false, true]) {
      const { turn } = await setUp({ agentCard: sampleCard(malformedUrl, streaming) });
      const error = await turn(userText('hi')).catch((caught: unknown) => caught);
      expect(A2aRequestError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/^A2A request failed: /);
    }
  });

  it('a JSON-RPC error from the remote agent gives A2aRequestError with its code', async () => {
    // Answering a task id the server does not know is a protocol error (task not found).
    const agent = new RemoteA2aAgent({ name: 'remote', agentCard: plainServer.card });
    const runner = new InMemoryRunner({ agent, appName: 'app' });
    const session = await runner.sessionService.createSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    await runner.sessionService.appendEvent({
      session,
      event: {
        ...createEvent({
          author: 'remote',
          invocationId: 'e-1',
          content: {
            role: 'model',
            parts: [{ functionCall: { id: 'c9', name: 'approve', args: {} } }],
          },
          customMetadata: { 'a2a:task_id': 'no-such-task', 'a2a:context_id': 'ctx' },
        }),
      },
    });
    const run = async () => {
      for await (const _event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: {
          role: 'user',
          parts: [{ functionResponse: { id: 'c9', name: 'approve', response: { result: 'x' } } }],
        },
      })) {
        // drain
      }
    };
    const error = await run().catch((caught: unknown) => caught);
    expect(A2aRequestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: -32001, reason: 'TASK_NOT_FOUND' });
    expect((error as Error).message).toBe('A2A request failed: Task not found: no-such-task');
  });
});
