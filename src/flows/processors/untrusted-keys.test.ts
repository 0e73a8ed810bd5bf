import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../../agents/llm-agent.js';
import { BuiltInCodeExecutor } from '../../code-executors/built-in-code-executor.js';
import type { Event } from '../../events/event.js';
import { appendTools, createLlmRequest } from '../../models/llm-request.js';
import { App } from '../../runner/app.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { FunctionTool } from '../../tools/function-tool.js';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import type { Content } from '../../types/index.js';

const UNTRUSTED = ['__proto__', 'constructor', 'prototype'] as const;

async function collect(runner: InMemoryRunner, newMessage: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage }))
    events.push(event);
  return events;
}

describe('names from models and tools that name prototype members stay data (issue 16 §5)', () => {
  it.each(UNTRUSTED)(
    'a generated file named %s is recorded as an own artifactDelta key',
    async (name) => {
      const model = new ScriptedLlm({
        model: 'gemini-2.5-flash',
        responses: [
          {
            content: {
              role: 'model',
              parts: [
                { inlineData: { mimeType: 'image/png', data: 'aW1hZ2U=', displayName: name } },
              ],
            },
          },
        ],
      });
      const agent = new LlmAgent({ name: 'a', model, codeExecutor: new BuiltInCodeExecutor() });
      const runner = new InMemoryRunner({ agent, appName: 'app' });
      await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
      const events = await collect(runner, userText('plot'));
      const delta = events[0]!.actions.artifactDelta;
      expect(Object.getPrototypeOf(delta)).toBe(Object.prototype);
      expect(Object.keys(delta)).toEqual([name]);
      expect(Object.getOwnPropertyDescriptor(delta, name)?.value).toBe(0);
    },
  );

  it.each(UNTRUSTED)('a tool named %s is kept as an own toolsDict key', (name) => {
    const request = createLlmRequest();
    const tool = new FunctionTool({ name, description: 'd', execute: () => 'ok' });
    appendTools(request, [tool]);
    expect(Object.getPrototypeOf(request.toolsDict)).toBe(Object.prototype);
    expect(Object.keys(request.toolsDict)).toEqual([name]);
    expect(Object.getOwnPropertyDescriptor(request.toolsDict, name)?.value).toBe(tool);
  });

  it.each(UNTRUSTED)('a confirmed call whose id is %s runs once', async (id) => {
    let runs = 0;
    const transfer = new FunctionTool({
      name: 'transfer_money',
      description: 'Moves money.',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: true,
      execute: ({ amount }) => {
        runs += 1;
        return { moved: amount };
      },
    });
    const model = new ScriptedLlm({
      responses: [
        {
          content: {
            role: 'model',
            parts: [{ functionCall: { id, name: 'transfer_money', args: { amount: 5 } } }],
          },
        },
        textResponse('Waiting.'),
        textResponse('Moved 5.'),
      ],
    });
    const agent = new LlmAgent({ name: 'banker', model, tools: [transfer] });
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: agent, resumabilityConfig: { isResumable: true } }),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await collect(runner, userText('move 5'));
    const call = first.find(
      (event) => event.content?.parts?.[0]?.functionCall?.name === 'adk_request_confirmation',
    )!.content!.parts![0]!.functionCall!;
    expect(call.args).toMatchObject({ originalFunctionCall: { id } });
    const second = await collect(runner, {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: call.id!,
            name: 'adk_request_confirmation',
            response: { confirmed: true },
          },
        },
      ],
    });
    expect(runs).toBe(1);
    expect(second[0]!.content!.parts![0]!.functionResponse).toMatchObject({
      id,
      name: 'transfer_money',
      response: { moved: 5 },
    });
  });
});
