import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../../agents/llm-agent.js';
import { LiveRequestQueue } from '../../context/live-request-queue.js';
import type { RunConfig } from '../../context/run-config.js';
import type { Event } from '../../events/event.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import { FunctionTool } from '../../tools/function-tool.js';
import type { BaseLlm } from '../base-llm.js';
import { Gemini } from '../gemini/gemini.js';
import { LocalLiveServer, type LiveClientFrame } from '../gemini/gemini-live-test-fixtures.js';
import {
  LocalRealtimeServer,
  localRealtimeLlm,
  realtimeResponse,
  type RealtimeClientFrame,
} from './realtime-test-fixtures.js';

const ANSWER = 'Sunny in Oslo.';
let closeServer: (() => Promise<void>) | undefined;

afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/** Gemini on a local BidiGenerateContent server: a tool call turn, then the answer. */
async function geminiModel(): Promise<BaseLlm> {
  const server = await LocalLiveServer.start([
    {
      when: (frame: LiveClientFrame) => 'clientContent' in frame,
      reply: [
        {
          toolCall: {
            functionCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Oslo' } }],
          },
        },
        { serverContent: { turnComplete: true } },
      ],
    },
    {
      when: (frame: LiveClientFrame) => 'toolResponse' in frame,
      reply: [
        { serverContent: { modelTurn: { role: 'model', parts: [{ text: ANSWER }] } } },
        { serverContent: { turnComplete: true } },
      ],
    },
  ]);
  closeServer = () => server.close();
  return new Gemini({
    model: 'gemini-live-2.5-flash-preview',
    apiKey: 'live-test-key',
    baseUrl: server.url,
    maxRetries: 0,
  });
}

/** OpenAI on a local Realtime server: the same two turns. */
async function openAiModel(): Promise<BaseLlm> {
  const isResponseCreate = (frame: RealtimeClientFrame) => frame['type'] === 'response.create';
  const server = await LocalRealtimeServer.start([
    {
      when: isResponseCreate,
      reply: realtimeResponse([
        {
          type: 'response.function_call_arguments.done',
          call_id: 'c1',
          name: 'get_weather',
          arguments: '{"city":"Oslo"}',
        },
      ]),
    },
    {
      when: isResponseCreate,
      reply: realtimeResponse([{ type: 'response.output_text.delta', delta: ANSWER }]),
    },
  ]);
  closeServer = () => server.close();
  return localRealtimeLlm(server);
}

/** How one live conversation is driven: the first input, the RunConfig and when the answer has come. */
interface Conversation {
  ask: (queue: LiveRequestQueue) => void;
  runConfig: Partial<RunConfig>;
  isAnswer: (event: Event) => boolean;
}

const askWeatherInText: Conversation = {
  ask: (queue) => queue.sendContent({ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }),
  runConfig: { responseModalities: ['TEXT'] },
  isAnswer: (event) => event.content?.parts?.[0]?.text === ANSWER,
};

/** Runs the one live agent on `model` until its answer's turn completes. */
async function runAgent(
  model: BaseLlm,
  conversation: Conversation = askWeatherInText,
): Promise<{ events: Event[]; cities: string[] }> {
  const cities: string[] = [];
  const weather = new FunctionTool({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      cities.push(city);
      return { weather: `sunny in ${city}` };
    },
  });
  const agent = new LlmAgent({ name: 'weather_agent', model, tools: [weather] });
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const queue = new LiveRequestQueue();
  conversation.ask(queue);
  const events: Event[] = [];
  let answered = false;
  for await (const event of runner.runLive({
    userId: 'u',
    sessionId: 's',
    liveRequestQueue: queue,
    runConfig: conversation.runConfig,
  })) {
    events.push(event);
    if (conversation.isAnswer(event)) answered = true;
    if (answered && event.turnComplete) queue.close();
  }
  return { events, cities };
}

/** What the flow made of the session, without provider-specific ids and versions. */
function outline(events: Event[]): string[] {
  return events.map((event) => {
    const part = event.content?.parts?.[0];
    if (part?.functionCall) return `${event.author} calls ${part.functionCall.name}`;
    if (part?.functionResponse) {
      return `${event.author} answers ${part.functionResponse.name} ${JSON.stringify(part.functionResponse.response)}`;
    }
    if (part?.text) return `${event.author} says ${part.text}${event.partial ? ' (partial)' : ''}`;
    if (part?.inlineData) return `${event.author} speaks ${part.inlineData.mimeType}`;
    const heard = event.inputTranscription ?? event.outputTranscription;
    if (heard)
      return `${event.author} transcript ${heard.text}${heard.finished ? '' : ' (partial)'}`;
    if (event.turnComplete) return `${event.author} turn complete`;
    return `${event.author} other`;
  });
}

describe('one live agent through Runner.runLive on Gemini Live and on OpenAI Realtime', () => {
  it('runs the same tool-calling conversation on both connections', async () => {
    const gemini = await runAgent(await geminiModel());
    await closeServer?.();
    const openAi = await runAgent(await openAiModel());
    const expected = [
      'weather_agent calls get_weather',
      'weather_agent answers get_weather {"weather":"sunny in Oslo"}',
      'weather_agent turn complete',
      `weather_agent says ${ANSWER} (partial)`,
      `weather_agent says ${ANSWER}`,
      'weather_agent turn complete',
    ];
    expect(outline(gemini.events)).toEqual(expected);
    expect(outline(openAi.events)).toEqual(expected);
    expect(gemini.cities).toEqual(['Oslo']);
    expect(openAi.cities).toEqual(['Oslo']);
    const call = openAi.events[0]?.content?.parts?.[0]?.functionCall;
    expect(call).toMatchObject({ id: 'c1', args: { city: 'Oslo' } });
  });
});

describe('one spoken exchange through Runner.runLive on Gemini Live and on OpenAI Realtime', () => {
  const SPOKEN = 'Sunny.';
  const askBySpeaking: Conversation = {
    ask: (queue) =>
      queue.sendRealtime({
        mimeType: 'audio/pcm;rate=16000',
        data: Buffer.alloc(64).toString('base64'),
      }),
    runConfig: {
      responseModalities: ['AUDIO'],
      inputAudioTranscription: {},
      outputAudioTranscription: {},
    },
    isAnswer: (event) => event.outputTranscription?.finished === true,
  };

  it('gives the same transcripts, audio and turn end on both connections', async () => {
    const geminiServer = await LocalLiveServer.start([
      {
        when: (frame: LiveClientFrame) => 'realtimeInput' in frame,
        reply: [
          { serverContent: { inputTranscription: { text: 'Weather?', finished: true } } },
          {
            serverContent: {
              modelTurn: {
                role: 'model',
                parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AQI=' } }],
              },
            },
          },
          { serverContent: { outputTranscription: { text: SPOKEN, finished: true } } },
          { serverContent: { turnComplete: true } },
        ],
      },
    ]);
    closeServer = () => geminiServer.close();
    const gemini = await runAgent(
      new Gemini({
        model: 'gemini-live-2.5-flash-preview',
        apiKey: 'live-test-key',
        baseUrl: geminiServer.url,
        maxRetries: 0,
      }),
      askBySpeaking,
    );
    await closeServer();
    const realtimeServer = await LocalRealtimeServer.start([
      {
        when: (frame: RealtimeClientFrame) => frame['type'] === 'input_audio_buffer.append',
        reply: [
          { type: 'conversation.item.input_audio_transcription.delta', delta: 'Weather?' },
          {
            type: 'conversation.item.input_audio_transcription.completed',
            transcript: 'Weather?',
          },
          ...realtimeResponse([
            { type: 'response.output_audio.delta', delta: 'AQI=' },
            { type: 'response.output_audio_transcript.delta', delta: SPOKEN },
            { type: 'response.output_audio_transcript.done', transcript: SPOKEN },
          ]),
        ],
      },
    ]);
    closeServer = () => realtimeServer.close();
    const openAi = await runAgent(localRealtimeLlm(realtimeServer), askBySpeaking);
    const expected = [
      'user transcript Weather? (partial)',
      'user transcript Weather?',
      'weather_agent speaks audio/pcm;rate=24000',
      `weather_agent transcript ${SPOKEN} (partial)`,
      `weather_agent transcript ${SPOKEN}`,
      'weather_agent turn complete',
    ];
    expect(outline(gemini.events)).toEqual(expected);
    expect(outline(openAi.events)).toEqual(expected);
  });
});
