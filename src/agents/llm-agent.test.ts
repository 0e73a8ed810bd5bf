import { describe, expect, it } from 'vitest';
import type { Context } from '../context/context.js';
import { LlmCallsLimitExceededError } from '../errors/llm-calls-limit-exceeded-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { BaseTool, type RunToolArguments } from '../tools/base-tool.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import type { FunctionDeclaration } from '../types/index.js';
import { LlmAgent, type LlmAgentConfig } from './llm-agent.js';

class EchoTool extends BaseTool {
  calls: Record<string, unknown>[] = [];
  constructor(
    name = 'echo',
    private readonly handler: (args: Record<string, unknown>, context: Context) => unknown = (
      args,
    ) => ({ echoed: args }),
    isLongRunning = false,
  ) {
    super({ name, description: `${name} tool`, isLongRunning });
  }
  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: this.description };
  }
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    this.calls.push(args);
    return this.handler(args, context);
  }
}

async function run(
  config: Omit<LlmAgentConfig, 'model'>,
  turns: readonly ScriptedTurn[],
  options: { message?: string; runConfig?: Record<string, unknown> } = {},
) {
  const model = new ScriptedLlm({ responses: turns });
  const agent = new LlmAgent({ model, ...config });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(options.message ?? 'hi'),
    ...(options.runConfig ? { runConfig: options.runConfig } : {}),
  })) {
    events.push(event);
  }
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return { model, events, session: session!, agent };
}

describe('LlmAgent and the ReAct loop (spec 000 §2)', () => {
  it('a text answer ends the loop after one model call', async () => {
    const { model, events } = await run({ name: 'assistant', instruction: 'Be brief.' }, [
      textResponse('Hello!'),
    ]);
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['Hello!']);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.config.systemInstruction).toBe(
      'Be brief.\n\nYou are an agent. Your internal name is "assistant".',
    );
    expect(model.requests[0]!.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(model.requests[0]!.config.labels).toEqual({ adk_agent_name: 'assistant' });
  });

  it('a tool call runs the tool, sends the result back and loops to the final answer (spec 000 §11)', async () => {
    const tool = new EchoTool('get_weather', (args, context) => {
      context.state.set('last_city', args['city']);
      return { report: `sunny in ${String(args['city'])}` };
    });
    const { model, events, session } = await run({ name: 'weather', tools: [tool] }, [
      functionCallResponse('get_weather', { city: 'Paris' }),
      textResponse('Sunny.'),
    ]);
    expect(events).toHaveLength(3);
    const [call, response, final] = events as [Event, Event, Event];
    const callId = call.content!.parts![0]!.functionCall!.id!;
    expect(callId).toMatch(/^adk-[0-9a-f-]{36}$/);
    expect(call.longRunningToolIds).toEqual([]);
    expect(response.author).toBe('weather');
    expect(response.content).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'get_weather',
            response: { report: 'sunny in Paris' },
            id: callId,
          },
        },
      ],
    });
    expect(response.actions.stateDelta).toEqual({ last_city: 'Paris' });
    expect(final.content?.parts?.[0]?.text).toBe('Sunny.');
    expect(session.state['last_city']).toBe('Paris');
    // The second request carries the call and the response, without the client ids.
    expect(model.requests[1]!.contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { report: 'sunny in Paris' } } },
        ],
      },
    ]);
    expect(model.requests[0]!.config.tools).toEqual([
      { functionDeclarations: [{ name: 'get_weather', description: 'get_weather tool' }] },
    ]);
  });

  it('runs the calls of one turn concurrently and merges the responses in call order (spec 000 §6.4, §6.8)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = new EchoTool('slow', async () => {
      order.push('slow start');
      await gate;
      order.push('slow end');
      return { value: 'slow' };
    });
    const fast = new EchoTool('fast', (_args, context) => {
      order.push('fast');
      context.state.set('fast', true);
      release();
      return 'done';
    });
    const { events } = await run({ name: 'parallel', tools: [slow, fast] }, [
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: 'slow', args: {} } },
            { functionCall: { name: 'fast', args: {} } },
          ],
        },
      },
      textResponse('ok'),
    ]);
    expect(order).toEqual(['slow start', 'fast', 'slow end']);
    const merged = events[1]!;
    expect(merged.content!.parts!.map((part) => part.functionResponse?.name)).toEqual([
      'slow',
      'fast',
    ]);
    expect(merged.content!.parts![1]!.functionResponse!.response).toEqual({ result: 'done' });
    expect(merged.actions.stateDelta).toEqual({ fast: true });
  });

  it('tool arguments are a deep copy (adk-python behaviour 8)', async () => {
    const tool = new EchoTool('mutate', (args) => {
      (args['nested'] as { value: number }).value = 99;
      return 'ok';
    });
    const { events } = await run({ name: 'copier', tools: [tool] }, [
      functionCallResponse('mutate', { nested: { value: 1 } }),
      textResponse('done'),
    ]);
    expect(events[0]!.content!.parts![0]!.functionCall!.args).toEqual({ nested: { value: 1 } });
  });

  it('an unknown tool raises ToolNotFoundError unless an on-tool-error callback answers (spec 000 §6.5)', async () => {
    await expect(run({ name: 'lost' }, [functionCallResponse('missing', {})])).rejects.toSatisfy(
      ToolNotFoundError.isInstance,
    );
    const { events } = await run(
      {
        name: 'lost',
        onToolErrorCallback: ({ tool, error }) => ({
          error: `${tool.name}: ${(error as Error).name}`,
        }),
      },
      [functionCallResponse('missing', {}), textResponse('sorry')],
    );
    expect(events[1]!.content!.parts![0]!.functionResponse!.response).toEqual({
      error: 'missing: ToolNotFoundError',
    });
  });

  it('a throwing tool runs on-tool-error callbacks, else the error propagates', async () => {
    const failing = new EchoTool('boom', () => {
      throw new RangeError('exploded');
    });
    await expect(
      run({ name: 'a', tools: [failing] }, [functionCallResponse('boom', {})]),
    ).rejects.toThrow('exploded');
    const { events } = await run(
      {
        name: 'a',
        tools: [
          new EchoTool('boom', () => {
            throw new RangeError('exploded');
          }),
        ],
        onToolErrorCallback: () => ({ recovered: true }),
      },
      [functionCallResponse('boom', {}), textResponse('ok')],
    );
    expect(events[1]!.content!.parts![0]!.functionResponse!.response).toEqual({ recovered: true });
  });

  it('before/after tool callbacks can replace the result; skipSummarization ends the loop (spec 000 §6.5, §2.4)', async () => {
    const tool = new EchoTool('lookup', () => ({ real: true }));
    const { events, model } = await run(
      {
        name: 'a',
        tools: [tool],
        beforeToolCallback: ({ args }) => (args['cached'] ? { cached: true } : undefined),
        afterToolCallback: ({ response, context }) => {
          context.actions.skipSummarization = true;
          return { ...response, checked: true };
        },
      },
      [functionCallResponse('lookup', { cached: true })],
    );
    expect(tool.calls).toEqual([]);
    expect(events[1]!.content!.parts![0]!.functionResponse!.response).toEqual({
      cached: true,
      checked: true,
    });
    expect(model.requests).toHaveLength(1);
  });

  it('before-model callback answers instead of the model; after-model replaces the response (spec 000 §5.1)', async () => {
    const skipped = await run(
      {
        name: 'a',
        beforeModelCallback: ({ context }) => {
          context.state.set('cb', 1);
          return textResponse('from callback');
        },
      },
      [],
    );
    expect(skipped.model.requests).toHaveLength(0);
    expect(skipped.events[0]!.content!.parts![0]!.text).toBe('from callback');
    expect(skipped.events[0]!.actions.stateDelta).toEqual({ cb: 1 });
    const replaced = await run(
      {
        name: 'a',
        afterModelCallback: ({ response }) => ({
          ...response,
          content: { role: 'model', parts: [{ text: 'edited' }] },
        }),
      },
      [textResponse('raw')],
    );
    expect(replaced.events[0]!.content!.parts![0]!.text).toBe('edited');
  });

  it('on-model-error callbacks turn a failed call into a response, else it propagates (spec 000 §5.4)', async () => {
    await expect(run({ name: 'a' }, [new RangeError('quota')])).rejects.toThrow('quota');
    const { events } = await run(
      {
        name: 'a',
        onModelErrorCallback: ({ error }) => textResponse(`fallback: ${(error as Error).message}`),
      },
      [new RangeError('quota')],
    );
    expect(events[0]!.content!.parts![0]!.text).toBe('fallback: quota');
  });

  it('maxLlmCalls stops a loop that never ends (spec 000 §5.5)', async () => {
    const tool = new EchoTool('again');
    const turns = Array.from({ length: 10 }, () => functionCallResponse('again', {}));
    await expect(
      run({ name: 'a', tools: [tool] }, turns, { runConfig: { maxLlmCalls: 3 } }),
    ).rejects.toSatisfy(LlmCallsLimitExceededError.isInstance);
    expect(tool.calls).toHaveLength(3);
  });

  it('SSE: partial events are yielded, never stored, and a partial call is not executed (spec 003 §17)', async () => {
    const tool = new EchoTool('t');
    const { events, session } = await run(
      { name: 'streamer', tools: [tool] },
      [
        [
          textResponse('Hel', { partial: true }),
          {
            content: { role: 'model', parts: [{ functionCall: { name: 't', args: {} } }] },
            partial: true,
          },
          textResponse('Hello'),
        ],
      ],
      { runConfig: { streamingMode: 'sse' } },
    );
    expect(events.map((event) => event.partial ?? false)).toEqual([true, true, false]);
    // Every event of the step gets an id and a time of its own (the skeleton is renewed between them).
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    const times = events.map((event) => event.timestamp);
    expect(times[0]! < times[1]! && times[1]! < times[2]!).toBe(true);
    expect(tool.calls).toEqual([]);
    expect(session.events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['hi', 'Hello']);
  });

  it('outputKey saves the final text of the same author, thoughts excluded (adk-python behaviour 14)', async () => {
    const { session } = await run({ name: 'writer', outputKey: 'draft' }, [
      {
        content: {
          role: 'model',
          parts: [{ text: 'thinking', thought: true }, { text: 'Final ' }, { text: 'draft' }],
        },
      },
    ]);
    expect(session.state['draft']).toBe('Final draft');
  });

  it('a model that returns nothing yields no event', async () => {
    const { events } = await run({ name: 'quiet' }, [{}]);
    expect(events).toEqual([]);
  });

  it('an error response becomes an event carrying the error (spec 000 §6.1)', async () => {
    const { events } = await run({ name: 'a' }, [{ errorCode: 'SAFETY', errorMessage: 'blocked' }]);
    expect(events[0]).toMatchObject({ author: 'a', errorCode: 'SAFETY', errorMessage: 'blocked' });
  });
});
