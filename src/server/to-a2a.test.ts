import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Message, StreamResponse, Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { a2aUserMessage, checkPrimeTool } from './a2a-test-fixtures.js';
import { toA2a } from './to-a2a.js';

// An agent that calls a tool on this side, then answers; "wait" makes it wait for the gate.
let openGate: () => void = () => undefined;
function primeAgent(): LlmAgent {
  const checkPrime = checkPrimeTool();
  return new LlmAgent({
    name: 'prime_agent',
    description: 'Checks prime numbers.',
    instruction: 'You check whether numbers are prime.',
    model: new ScriptedLlm({
      responses: async (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const answered = last.find((part) => part.functionResponse)?.functionResponse;
        if (answered?.name === 'ask_approval') {
          return textResponse(`approval: ${String(answered.response?.['approved'])}`);
        }
        if (answered) return textResponse(`prime: ${String(answered.response?.['prime'])}`);
        if (last.some((part) => part.text === 'approve')) {
          return functionCallResponse('ask_approval', {}, 'approval-1');
        }
        if (last.some((part) => part.text === 'wait')) {
          await new Promise<void>((resolve) => (openGate = resolve));
          return textResponse('waited');
        }
        return functionCallResponse('check_prime', { n: 7 });
      },
    }),
    tools: [
      checkPrime,
      new LongRunningFunctionTool({
        name: 'ask_approval',
        description: 'Asks the user to approve.',
        execute: () => ({ status: 'pending' }),
      }),
    ],
  });
}

function request(message: Message) {
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

function textOf(parts: readonly { content?: { $case: string; value?: unknown } }[]): string {
  return parts
    .map((part) => (part.content?.$case === 'text' ? String(part.content.value) : ''))
    .join('');
}

describe('toA2a over HTTP, called by the SDK client', () => {
  let server: Server;
  let url: string;
  let client: Client;

  beforeAll(async () => {
    const late: { app?: ReturnType<typeof toA2a>['app'] } = {};
    server = createAdaptorServer({ fetch: (req: Request) => late.app!.fetch(req) }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    late.app = toA2a(primeAgent(), { host: '127.0.0.1', port, bindHost: '127.0.0.1' }).app;
    url = `http://127.0.0.1:${port}`;
    client = await new ClientFactory().createFromUrl(url);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the card built from the agent tree, in 1.0 and in the 0.3 form other ADKs read', async () => {
    const card = (await (
      await fetch(`${url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as {
      name: string;
      skills: { id: string; name: string; tags: string[] }[];
      supportedInterfaces: { url: string }[];
    };
    expect(card.name).toBe('prime_agent');
    expect(card.supportedInterfaces[0]?.url).toBe(`${url}`);
    expect(card.skills.map((skill) => [skill.id, skill.name])).toEqual([
      ['prime_agent', 'model'],
      ['prime_agent-check_prime', 'check_prime'],
      ['prime_agent-ask_approval', 'ask_approval'],
    ]);
    const legacy = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(legacy).toMatchObject({
      protocolVersion: '0.3.0',
      name: 'prime_agent',
      url,
      preferredTransport: 'JSONRPC',
      capabilities: { streaming: true },
      defaultInputModes: ['text/plain'],
    });
    expect((legacy['skills'] as { id: string }[]).map((skill) => skill.id)).toHaveLength(3);
  });

  it('runs a turn with a tool call and completes the task with the answer as an artifact', async () => {
    const result = (await client.sendMessage(request(a2aUserMessage('is 7 prime?')))) as Task;
    expect(result.status?.state).toBe(3);
    expect(textOf(result.artifacts.at(-1)?.parts ?? [])).toBe('prime: true');
    // The tool call and its response travelled as data parts with adk_type.
    const fetched = await client.getTask({ tenant: '', id: result.id, historyLength: undefined });
    const kinds = fetched.history.flatMap((m) =>
      m.parts.map((p) => p.metadata?.['adk_type'] as unknown),
    );
    expect(kinds).toEqual(expect.arrayContaining(['function_call', 'function_response']));
  });

  it('streams status updates, the artifact and the final state', async () => {
    const events: StreamResponse['payload'][] = [];
    for await (const event of client.sendMessageStream(request(a2aUserMessage('is 7 prime?')))) {
      events.push(event.payload);
    }
    const cases = events.map((payload) => payload?.$case);
    expect(cases[0]).toBe('task');
    expect(cases).toContain('artifactUpdate');
    const last = events.at(-1);
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(3);
  });

  it('keeps the session of a context id across turns', async () => {
    const first = (await client.sendMessage(request(a2aUserMessage('is 7 prime?')))) as Task;
    const second = (await client.sendMessage(
      request(a2aUserMessage('again', first.contextId)),
    )) as Task;
    expect(second.contextId).toBe(first.contextId);
    expect(second.status?.state).toBe(3);
  });

  it('pauses input-required on a long-running call, and resumes when the user answers it', async () => {
    const paused = (await client.sendMessage(request(a2aUserMessage('approve')))) as Task;
    expect(paused.status?.state).toBe(6);
    const call = paused.status?.message?.parts.find(
      (part) => part.metadata?.['adk_is_long_running'],
    );
    expect(call?.content).toMatchObject({
      $case: 'data',
      value: { id: 'approval-1', name: 'ask_approval' },
    });
    const answer: Message = {
      ...a2aUserMessage('', paused.contextId),
      taskId: paused.id,
      parts: [
        {
          content: {
            $case: 'data',
            value: { id: 'approval-1', name: 'ask_approval', response: { approved: true } },
          },
          metadata: { adk_type: 'function_response' },
          filename: '',
          mediaType: '',
        },
      ],
    };
    const resumed = (await client.sendMessage(request(answer))) as Task;
    expect(resumed.id).toBe(paused.id);
    expect(resumed.status?.state).toBe(3);
    expect(textOf(resumed.artifacts.at(-1)?.parts ?? [])).toBe('approval: true');
  });

  it('cancels a running task', async () => {
    const stream = client.sendMessageStream(request(a2aUserMessage('wait')));
    let taskId = '';
    for await (const event of stream) {
      if (event.payload?.$case === 'task') taskId = event.payload.value.id;
      if (event.payload?.$case === 'statusUpdate' && event.payload.value.status?.state === 2) break;
    }
    const canceled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(canceled.status?.state).toBe(5);
    openGate();
    expect(
      (await client.getTask({ tenant: '', id: taskId, historyLength: undefined })).status?.state,
    ).toBe(5);
  });

  it('answers A2A 0.3 JSON-RPC (message/send), the protocol other ADKs speak', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: randomUUID(),
            role: 'user',
            parts: [{ kind: 'text', text: 'is 7 prime?' }],
          },
        },
      }),
    });
    const body = (await response.json()) as {
      result: {
        kind: string;
        status: { state: string };
        artifacts: { parts: { kind: string; text: string }[] }[];
      };
    };
    expect(body.result.kind).toBe('task');
    expect(body.result.status.state).toBe('completed');
    expect(body.result.artifacts.at(-1)?.parts[0]).toMatchObject({
      kind: 'text',
      text: 'prime: true',
    });
  });

  it('streams A2A 0.3 message/stream as SSE frames ending in completed', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'message/stream',
        params: {
          message: {
            kind: 'message',
            messageId: randomUUID(),
            role: 'user',
            parts: [{ kind: 'text', text: 'is 7 prime?' }],
          },
        },
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice(6)) as { result: Record<string, unknown> }).result);
    expect(frames.map((frame) => frame['kind'])).toEqual(
      expect.arrayContaining(['task', 'status-update', 'artifact-update']),
    );
    expect(frames.at(-1)).toMatchObject({
      kind: 'status-update',
      final: true,
      status: { state: 'completed' },
    });
  });
});
