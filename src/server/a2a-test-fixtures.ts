import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Message } from '@a2a-js/sdk';
import { z } from 'zod';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Runner } from '../runner/runner.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { toA2a } from './to-a2a.js';

/** The served side's tool in the A2A tests: says whether `n` is prime. */
export function checkPrimeTool(): FunctionTool<z.ZodObject<{ n: z.ZodNumber }>> {
  return new FunctionTool({
    name: 'check_prime',
    description: 'Says whether a number is prime.',
    parameters: z.object({ n: z.number() }),
    execute: ({ n }) => ({
      prime: n > 1 && [...Array(n).keys()].slice(2).every((d) => n % d !== 0),
    }),
  });
}

/** An A2A server of this package on 127.0.0.1 (port 0): its base URL and how to stop it. */
export interface ServedA2a {
  url: string;
  close(): Promise<void>;
}

/** Serves `agent` with `toA2a` on 127.0.0.1 (port 0), on `runner` when given. */
export async function serveA2a(agent: BaseAgent, runner?: Runner): Promise<ServedA2a> {
  const late: { app?: ReturnType<typeof toA2a>['app'] } = {};
  const server = createAdaptorServer({ fetch: (req: Request) => late.app!.fetch(req) }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  late.app = toA2a(agent, {
    host: '127.0.0.1',
    port,
    bindHost: '127.0.0.1',
    ...(runner ? { runner } : {}),
  }).app;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A user message (SDK 1.0 types) holding `text`, in `contextId` (new context
 * when empty) and on `taskId` (a new task when empty).
 */
export function a2aUserMessage(text: string, contextId = '', taskId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: 1,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** The served side in the A2A tests: checks primes with `check_prime`, then answers `prime: <bool>`. */
export function primeAgent(): LlmAgent {
  const checkPrime = checkPrimeTool();
  return new LlmAgent({
    name: 'prime_agent',
    description: 'Checks prime numbers.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const response = last.find((part) => part.functionResponse)?.functionResponse;
        if (response?.name === 'check_prime') {
          return textResponse(`prime: ${String(response.response?.['prime'])}`);
        }
        return functionCallResponse('check_prime', { n: 7 });
      },
    }),
    tools: [checkPrime],
  });
}

/**
 * The served side of a pause: calls the long-running `ask_manager`, then
 * answers `manager said: <decision>` from the reply.
 */
export function approvalAgent(): LlmAgent {
  const askManager = new LongRunningFunctionTool({
    name: 'ask_manager',
    description: 'Asks the manager to approve an amount.',
    parameters: z.object({ amount: z.number() }),
    execute: () => undefined,
  });
  return new LlmAgent({
    name: 'approval_agent',
    description: 'Gets refunds approved.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const response = last.find((part) => part.functionResponse)?.functionResponse;
        if (response?.name === 'ask_manager') {
          return textResponse(`manager said: ${String(response.response?.['decision'])}`);
        }
        return functionCallResponse('ask_manager', { amount: 40 });
      },
    }),
    tools: [askManager],
  });
}
