import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { FunctionTool } from '../tools/function-tool.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import type { Tool } from '../types/index.js';
import { LlmAgent } from './llm-agent.js';

const Answer = z.object({ city: z.string(), temperature: z.number() });

async function run(agent: LlmAgent) {
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText('weather?'),
  }))
    events.push(event);
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return { events, state: session!.state };
}

function agent(turns: ScriptedTurn[], withTools: boolean) {
  const model = new ScriptedLlm({ responses: turns });
  const lookup = new FunctionTool({
    name: 'lookup',
    description: 'Looks up the weather.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ city, temperature: 21 }),
  });
  return {
    model,
    agent: new LlmAgent({
      name: 'forecaster',
      model,
      outputSchema: Answer,
      outputKey: 'forecast',
      tools: withTools ? [lookup] : [],
    }),
  };
}

describe('output schema (spec 003 §21, spec 000 §3.3, §3.8)', () => {
  it('without tools the schema goes into the request and outputKey stores the parsed answer', async () => {
    const { model, agent: forecaster } = agent(
      [textResponse('{"city": "Porto", "temperature": 19}')],
      false,
    );
    const { state } = await run(forecaster);
    expect(model.requests[0]!.config.responseMimeType).toBe('application/json');
    expect(model.requests[0]!.config.responseSchema).toEqual({
      properties: { city: { type: 'STRING' }, temperature: { type: 'NUMBER' } },
      required: ['city', 'temperature'],
      type: 'OBJECT',
    });
    expect(state['forecast']).toEqual({ city: 'Porto', temperature: 19 });
  });

  it('with tools the agent answers through set_model_response, ending in a final structured event', async () => {
    const { model, agent: forecaster } = agent(
      [
        functionCallResponse('lookup', { city: 'Porto' }),
        functionCallResponse('set_model_response', { city: 'Porto', temperature: 21 }),
      ],
      true,
    );
    const { events, state } = await run(forecaster);
    const request = model.requests[0]!;
    expect(request.config.responseSchema).toBeUndefined();
    expect(String(request.config.systemInstruction)).toContain(
      'IMPORTANT: You have access to other tools, but you must provide your final response using the set_model_response tool',
    );
    const names = (request.config.tools as Tool[])[0]!.functionDeclarations!.map(
      (declaration) => declaration.name,
    );
    // Processors run before the agent's tools add themselves, as in Python.
    expect(names).toEqual(['set_model_response', 'lookup']);
    const last = events.at(-1)!;
    expect(last.content).toEqual({
      role: 'model',
      parts: [{ text: '{"city": "Porto", "temperature": 21}' }],
    });
    expect(model.requests).toHaveLength(2);
    expect(state['forecast']).toEqual({ city: 'Porto', temperature: 21 });
  });
});
