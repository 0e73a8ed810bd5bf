import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { ModelApiError } from '../errors/model-api-error.js';
import type { Event } from '../events/event.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { InMemoryRunner } from './in-memory-runner.js';

const weatherTool = new FunctionTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ weather: `sunny in ${city}` }),
});

async function liveRun(
  agent: LlmAgent,
  options: {
    plugins?: BasePlugin[];
    abort?: AbortController;
    onEvent: (event: Event, queue: LiveRequestQueue) => void;
    firstInput: (queue: LiveRequestQueue) => void;
  },
): Promise<{ events: Event[]; stored: Event[]; error: unknown }> {
  const runner = new InMemoryRunner({ agent, appName: 'app', plugins: options.plugins ?? [] });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const queue = new LiveRequestQueue();
  options.firstInput(queue);
  const events: Event[] = [];
  let error: unknown;
  try {
    for await (const event of runner.runLive({
      userId: 'u',
      sessionId: 's',
      liveRequestQueue: queue,
      ...(options.abort ? { abortSignal: options.abort.signal } : {}),
    })) {
      events.push(event);
      options.onEvent(event, queue);
    }
  } catch (caught) {
    error = caught;
  }
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return { events, stored: session?.events ?? [], error };
}

const askHi = (queue: LiveRequestQueue): void =>
  queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });

describe('Runner.runLive (adk-python runners.py run_live, tests/unittests/streaming)', () => {
  it('answers a text question with partials and a final, persisting only non-partial events', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [
          textResponse('Hel', { partial: true }),
          textResponse('lo', { partial: true }),
          textResponse('Hello'),
          { turnComplete: true },
        ],
      ],
    });
    const agent = new LlmAgent({ name: 'live_agent', model, outputKey: 'answer' });
    const { events, stored, error } = await liveRun(agent, {
      firstInput: askHi,
      onEvent: (event, queue) => {
        if (event.turnComplete) queue.close();
      },
    });
    expect(error).toBeUndefined();
    expect(
      events.map((event) => [event.content?.parts?.[0]?.text, event.partial === true]),
    ).toEqual([
      ['Hel', true],
      ['lo', true],
      ['Hello', false],
      [undefined, false],
    ]);
    // The user's text is stored as it is sent (adk-python _send_to_model), then the non-partial events.
    expect(stored[0]).toMatchObject({ author: 'user', content: { parts: [{ text: 'hi' }] } });
    expect(stored.slice(1).map((event) => event.id)).toEqual(
      events.filter((event) => !event.partial).map((event) => event.id),
    );
    expect(events.every((event) => event.invocationId === events[0]?.invocationId)).toBe(true);
    expect(model.connections[0]?.closed).toBe(true);
  });

  it('answers a tool call inside the live session', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('get_weather', { city: 'Paris' })],
        [textResponse('Sunny in Paris.'), { turnComplete: true }],
      ],
    });
    const agent = new LlmAgent({ name: 'live_agent', model, tools: [weatherTool] });
    const { events, stored } = await liveRun(agent, {
      firstInput: askHi,
      onEvent: (event, queue) => {
        if (event.turnComplete) queue.close();
      },
    });
    const call = events[0]?.content?.parts?.[0]?.functionCall;
    expect(call?.id).toMatch(/^adk-/);
    const response = events[1]?.content?.parts?.[0]?.functionResponse;
    expect(response).toMatchObject({ id: call?.id, response: { weather: 'sunny in Paris' } });
    expect(model.connections[0]?.contents.at(-1)).toEqual(events[1]?.content);
    expect(events[2]?.content?.parts?.[0]?.text).toBe('Sunny in Paris.');
    // The user's text, the call, the response (sent back, not stored again), the answer, the turn end.
    expect(stored.map((event) => event.author)).toEqual([
      'user',
      'live_agent',
      'live_agent',
      'live_agent',
      'live_agent',
    ]);
  });

  it('ends on close with the before- and after-run plugin hooks fired', async () => {
    const seen: string[] = [];
    class Recorder extends BasePlugin {
      constructor() {
        super('recorder');
      }
      override beforeRunCallback(): Promise<undefined> {
        seen.push('beforeRun');
        return Promise.resolve(undefined);
      }
      override onEventCallback(): Promise<undefined> {
        seen.push('onEvent');
        return Promise.resolve(undefined);
      }
      override afterRunCallback(): Promise<void> {
        seen.push('afterRun');
        return Promise.resolve();
      }
    }
    const model = new ScriptedLiveLlm({ turns: [[{ turnComplete: true }]] });
    const agent = new LlmAgent({ name: 'live_agent', model });
    const { events, error } = await liveRun(agent, {
      plugins: [new Recorder()],
      firstInput: askHi,
      onEvent: (_event, queue) => queue.close(),
    });
    expect(error).toBeUndefined();
    expect(events).toHaveLength(1);
    expect(seen).toEqual(['beforeRun', 'onEvent', 'afterRun']);
  });

  it('ends on abort with the abort reason, closing the model session', async () => {
    const model = new ScriptedLiveLlm({ turns: [[textResponse('Hel', { partial: true })]] });
    const agent = new LlmAgent({ name: 'live_agent', model });
    const abort = new AbortController();
    const reason = new Error('client left');
    const { events, error } = await liveRun(agent, {
      abort,
      firstInput: askHi,
      onEvent: () => abort.abort(reason),
    });
    expect(events).toHaveLength(1);
    expect(error).toBe(reason);
    expect(model.connections[0]?.closed).toBe(true);
  });

  it('surfaces a model error as the typed error it is', async () => {
    const failure = new ModelApiError({
      provider: 'scripted',
      model: 'scripted-live-llm',
      message: 'live session dropped',
    });
    const model = new ScriptedLiveLlm({ turns: [failure] });
    const agent = new LlmAgent({ name: 'live_agent', model });
    const { error } = await liveRun(agent, { firstInput: askHi, onEvent: () => undefined });
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(model.connections[0]?.closed).toBe(true);
  });

  it('transfers to a sub-agent, which opens its own session on the same queue', async () => {
    const rootModel = new ScriptedLiveLlm({
      turns: [[functionCallResponse('transfer_to_agent', { agent_name: 'weather_agent' })]],
    });
    const subModel = new ScriptedLiveLlm({
      turns: [[textResponse('Weather here.'), { turnComplete: true }]],
    });
    const weatherAgent = new LlmAgent({ name: 'weather_agent', model: subModel });
    const agent = new LlmAgent({ name: 'root', model: rootModel, subAgents: [weatherAgent] });
    const { events, error } = await liveRun(agent, {
      firstInput: askHi,
      onEvent: (event, queue) => {
        if (event.actions.transferToAgent) askHi(queue);
        if (event.turnComplete) queue.close();
      },
    });
    expect(error).toBeUndefined();
    expect(rootModel.connections[0]?.closed).toBe(true);
    expect(subModel.connections[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(events.at(-2)).toMatchObject({ author: 'weather_agent' });
  });
});
