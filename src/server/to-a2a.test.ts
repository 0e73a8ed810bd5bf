import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Message, StreamResponse, Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { toA2a } from './to-a2a.js';

// An agent that calls a tool on this side, then answers; "wait" makes it wait for the gate.
let openGate: () => void = () => undefined;
function primeAgent(): LlmAgent {
  const checkPrime = new FunctionTool({
    name: 'check_prime',
    description: 'Says whether a number is prime.',
    parameters: z.object({ n: z.number() }),
    execute: ({ n }) => ({
      prime: n > 1 && [...Array(n).keys()].slice(2).every((d) => n % d !== 0),
    }),
  });
  return new LlmAgent({
    name: 'prime_agent',
    description: 'Checks prime numbers.',
    instruction: 'You check whether numbers are prime.',
    model: new ScriptedLlm({
      responses: async (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const response = last.find((part) => part.functionResponse)?.functionResponse?.response;
        if (response) return textResponse(`prime: ${String(response['prime'])}`);
        if (last.some((part) => part.text === 'wait')) {
          await new Promise<void>((resolve) => (openGate = resolve));
          return textResponse('waited');
        }
        return functionCallResponse('check_prime', { n: 7 });
      },
    }),
    tools: [checkPrime],
  });
}

function userMessage(text: string, contextId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId: '',
    role: 1,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
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

  it('serves the card built from the agent tree', async () => {
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as {
      name: string;
      skills: { id: string; name: string; tags: string[] }[];
      supportedInterfaces: { url: string }[];
    };
    expect(card.name).toBe('prime_agent');
    expect(card.supportedInterfaces[0]?.url).toBe(`${url}`);
    expect(card.skills.map((skill) => [skill.id, skill.name])).toEqual([
      ['prime_agent', 'model'],
      ['prime_agent-check_prime', 'check_prime'],
    ]);
  });

  it('runs a turn with a tool call and completes the task with the answer as an artifact', async () => {
    const result = (await client.sendMessage(request(userMessage('is 7 prime?')))) as Task;
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
    for await (const event of client.sendMessageStream(request(userMessage('is 7 prime?')))) {
      events.push(event.payload);
    }
    const cases = events.map((payload) => payload?.$case);
    expect(cases[0]).toBe('task');
    expect(cases).toContain('artifactUpdate');
    const last = events.at(-1);
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(3);
  });

  it('keeps the session of a context id across turns', async () => {
    const first = (await client.sendMessage(request(userMessage('is 7 prime?')))) as Task;
    const second = (await client.sendMessage(
      request(userMessage('again', first.contextId)),
    )) as Task;
    expect(second.contextId).toBe(first.contextId);
    expect(second.status?.state).toBe(3);
  });

  it('cancels a running task', async () => {
    const stream = client.sendMessageStream(request(userMessage('wait')));
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
});
