import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ModelApiError } from '../errors/model-api-error.js';
import { createEvent, type Event } from '../events/event.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { FunctionTool } from '../tools/function-tool.js';
import { runLiveFlow } from './live-flow.js';

function liveAgent(model: ScriptedLiveLlm): LlmAgent {
  return new LlmAgent({
    name: 'live_agent',
    model,
    instruction: 'Answer briefly.',
    tools: [
      new FunctionTool({
        name: 'get_weather',
        description: 'The weather in a city.',
        parameters: z.object({ city: z.string() }),
        execute: ({ city }) => ({ weather: `sunny in ${city}` }),
      }),
    ],
  });
}

/** Collects the events, calling `onEvent` after each so the test can answer the model. */
async function collect(
  stream: AsyncGenerator<Event, void, undefined>,
  onEvent: (event: Event, events: Event[]) => void = () => undefined,
): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent(event, events);
  }
  return events;
}

describe('runLiveFlow (adk-python flows/llm_flows/base_llm_flow.py run_live)', () => {
  it('sends the preprocessed request and the history, then yields partial text and turn complete', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [
          textResponse('Hel', { partial: true }),
          textResponse('lo', { partial: true }),
          { turnComplete: true },
        ],
      ],
    });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
    await context.sessionService.appendEvent({
      session: context.session,
      event: createEvent({
        invocationId: 'e-0',
        author: 'user',
        content: { role: 'user', parts: [{ text: 'earlier' }] },
      }),
    });
    queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
    const events = await collect(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (event.turnComplete) queue.close();
    });

    expect(
      events.map((event) => [event.author, event.content?.parts?.[0]?.text, event.partial]),
    ).toEqual([
      ['live_agent', 'Hel', true],
      ['live_agent', 'lo', true],
      ['live_agent', undefined, undefined],
    ]);
    expect(events[2]?.turnComplete).toBe(true);
    expect(model.requests[0]?.toolNames).toEqual(['get_weather']);
    expect(model.requests[0]?.config?.systemInstruction).toBeDefined();
    const connection = model.connections[0];
    expect(connection?.histories).toEqual([[{ role: 'user', parts: [{ text: 'earlier' }] }]]);
    expect(connection?.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(connection?.closed).toBe(true);
  });

  it('runs a function call and sends its response back into the session', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('get_weather', { city: 'Paris' }, 'call-1')],
        [textResponse('Sunny in Paris.'), { turnComplete: true }],
      ],
    });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
    queue.sendRealtime({ data: 'AAAA', mimeType: 'audio/pcm;rate=16000' });
    const events = await collect(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (event.turnComplete) queue.close();
    });

    const response = events.find((event) => event.content?.parts?.[0]?.functionResponse);
    expect(response?.content?.parts?.[0]?.functionResponse).toMatchObject({
      id: 'call-1',
      name: 'get_weather',
      response: { weather: 'sunny in Paris' },
    });
    const connection = model.connections[0];
    expect(connection?.realtimeInputs).toEqual([
      { blob: { data: 'AAAA', mimeType: 'audio/pcm;rate=16000' } },
    ]);
    expect(connection?.contents).toEqual([response?.content]);
    expect(events.at(-2)?.content?.parts?.[0]?.text).toBe('Sunny in Paris.');
  });

  it('forwards activity start and end, and yields interrupted and transcription events', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [],
        [
          { inputTranscription: { text: 'stop', finished: true } },
          { outputTranscription: { text: 'Sure' } },
          { interrupted: true },
        ],
      ],
    });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
    queue.sendActivityStart();
    queue.sendActivityEnd();
    const events = await collect(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (event.interrupted) queue.close();
    });
    expect(model.connections[0]?.realtimeInputs).toEqual([
      { activityStart: {} },
      { activityEnd: {} },
    ]);
    expect(events.map((event) => event.inputTranscription?.text)).toEqual([
      'stop',
      undefined,
      undefined,
    ]);
    expect(events.map((event) => event.author)).toEqual(['user', 'live_agent', 'live_agent']);
    expect(events[1]?.outputTranscription).toEqual({ text: 'Sure' });
    expect(events[2]?.interrupted).toBe(true);
  });

  it('ends on abort, closing the connection, with the abort reason', async () => {
    const model = new ScriptedLiveLlm({ turns: [[textResponse('Hel', { partial: true })]] });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const abort = new AbortController();
    const context = await createTestInvocationContext({
      agent,
      liveRequestQueue: queue,
      abortSignal: abort.signal,
    });
    queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
    const reason = new Error('client went away');
    const run = collect(runLiveFlow(agent.llmFlow, context, agent), () => abort.abort(reason));
    await expect(run).rejects.toBe(reason);
    expect(model.connections[0]?.closed).toBe(true);
    // The queue keeps what is sent after the run: nothing is swallowed by the stopped reader.
    queue.sendContent({ role: 'user', parts: [{ text: 'later' }] });
    expect(await queue.get()).toEqual({ content: { role: 'user', parts: [{ text: 'later' }] } });
  });

  it('throws a model error as it came, and refuses a context without a queue', async () => {
    const failure = new ModelApiError({
      provider: 'scripted',
      model: 'scripted-live-llm',
      message: 'live session dropped',
    });
    const model = new ScriptedLiveLlm({ turns: [failure] });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
    queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
    await expect(collect(runLiveFlow(agent.llmFlow, context, agent))).rejects.toBe(failure);
    expect(model.connections[0]?.closed).toBe(true);

    const noQueue = await createTestInvocationContext({ agent });
    await expect(collect(runLiveFlow(agent.llmFlow, noQueue, agent))).rejects.toSatisfy((error) =>
      InvalidArgumentError.isInstance(error),
    );
  });
});
