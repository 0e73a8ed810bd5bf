import { describe, expect, it } from 'vitest';
import { FunctionTool, InMemoryRunner, LlmAgent, type Event } from '../index.js';
import { ScriptedLlm, textResponse } from '../testing/index.js';
import { userText } from '../testing/test-agents.js';

const UNTRUSTED_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

async function runParallelTools(
  tools: FunctionTool[],
  callArgs: Record<string, unknown> = {},
): Promise<{ events: Event[]; state: Record<string, unknown> }> {
  const model = new ScriptedLlm({
    responses: [
      {
        content: {
          role: 'model',
          parts: tools.map((tool) => ({ functionCall: { name: tool.name, args: callArgs } })),
        },
      },
      textResponse('done'),
    ],
  });
  const agent = new LlmAgent({ name: 'agent', model, tools });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText('go'),
  })) {
    events.push(event);
  }
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return { events, state: session?.state ?? {} };
}

// The one event holding both function responses.
function mergedResponse(events: readonly Event[]): Event {
  const merged = events.find((event) => event.content?.parts?.[1]?.functionResponse !== undefined);
  if (!merged) throw new Error('no merged function response event');
  return merged;
}

function stateSetter(name: string, key: string, value: () => unknown): FunctionTool {
  return new FunctionTool({
    name,
    description: `sets ${key}`,
    execute: (_args, context) => {
      context.state.set(key, value());
      return 'ok';
    },
  });
}

describe('parallel tool results cannot pollute prototypes (issue 16 §5)', () => {
  it("a parallel call setting state '__proto__' leaves Object.prototype untouched", async () => {
    const { events, state } = await runParallelTools([
      stateSetter('first', 'other', () => 1),
      stateSetter('second', '__proto__', () => ({ polluted: 'yes' })),
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(Object.hasOwn(state, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(state, '__proto__')?.value).toEqual({ polluted: 'yes' });
    const delta = mergedResponse(events).actions.stateDelta;
    expect(Object.getPrototypeOf(delta)).toBe(Object.prototype);
    expect(Object.keys(delta)).toEqual(['other', '__proto__']);
  });

  it.each(UNTRUSTED_KEYS)(
    'state key %s set by parallel calls is merged as an own data key',
    async (key) => {
      const { events, state } = await runParallelTools([
        stateSetter('first', key, () => JSON.parse('{"a": 1, "__proto__": {"polluted": 1}}')),
        stateSetter('second', key, () => JSON.parse('{"b": 2, "__proto__": {"polluted": 2}}')),
      ]);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      const expected: unknown = JSON.parse('{"a": 1, "b": 2, "__proto__": {"polluted": 2}}');
      const delta = mergedResponse(events).actions.stateDelta;
      expect(Object.keys(delta)).toEqual([key]);
      const value = Object.getOwnPropertyDescriptor(delta, key)?.value as object;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(value).toEqual(expected);
      expect(Object.getOwnPropertyDescriptor(state, key)?.value).toEqual(expected);
    },
  );

  it('an inherited name in one delta is not merged into as if it held data', async () => {
    const { events } = await runParallelTools([
      stateSetter('first', 'constructor', () => ({ a: 1 })),
      stateSetter('second', 'other', () => 1),
    ]);
    expect(mergedResponse(events).actions.stateDelta).toEqual({ constructor: { a: 1 }, other: 1 });
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
