import { describe, expect, it } from 'vitest';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { LlmAgent } from './llm-agent.js';

async function stateAfter(agent: LlmAgent): Promise<Record<string, unknown>> {
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  for await (const _event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText('go'),
  }));
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return session!.state;
}

describe('outputKey and the model answer keep prototype-named keys as data (issue 16 §5)', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'outputKey %s stores the answer under an own key',
    async (outputKey) => {
      const model = new ScriptedLlm({ responses: [textResponse('hello')] });
      const state = await stateAfter(new LlmAgent({ name: 'a', model, outputKey }));
      expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
      expect(Object.keys(state)).toEqual([outputKey]);
      expect(Object.getOwnPropertyDescriptor(state, outputKey)?.value).toBe('hello');
    },
  );

  it('a structured answer with __proto__, constructor and prototype keys is stored as own keys', async () => {
    const answer = '{"__proto__": {"polluted": "yes"}, "constructor": 1, "prototype": {"a": null}}';
    const model = new ScriptedLlm({ responses: [textResponse(answer)] });
    const agent = new LlmAgent({
      name: 'a',
      model,
      outputKey: 'answer',
      outputSchema: { type: 'OBJECT' as never, properties: {} },
    });
    const stored = (await stateAfter(agent))['answer'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(stored['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(stored, '__proto__')?.value).toEqual({
      polluted: 'yes',
    });
    expect(stored['prototype']).toEqual({});
  });
});
