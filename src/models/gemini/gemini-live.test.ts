import { afterEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { setLogger } from '../../utils/logger.js';
import type { BaseLlmConnection } from '../base-llm-connection.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import { Gemini } from './gemini.js';
import {
  LocalLiveServer,
  type LiveClientFrame,
  type LiveServerRule,
} from './gemini-live-test-fixtures.js';

const MODEL = 'gemini-live-2.5-flash-preview';
const API_KEY = 'live-test-key';

let server: LocalLiveServer | undefined;
let connection: BaseLlmConnection | undefined;

afterEach(async () => {
  await connection?.close();
  await server?.close();
  connection = undefined;
  server = undefined;
});

async function open(
  rules: LiveServerRule[],
  request?: LlmRequest,
  model = MODEL,
): Promise<BaseLlmConnection> {
  server = await LocalLiveServer.start(rules);
  const gemini = new Gemini({ model, apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 });
  connection = await gemini.connect(request ?? createLlmRequest({ model }));
  return connection;
}

async function collect(responses: AsyncGenerator<LlmResponse, void>): Promise<LlmResponse[]> {
  const all: LlmResponse[] = [];
  for await (const response of responses) all.push(response);
  return all;
}

const isClientContent = (frame: LiveClientFrame) => 'clientContent' in frame;
const modelText = (text: string) => ({
  serverContent: { modelTurn: { role: 'model', parts: [{ text }] } },
});
const turnComplete = { serverContent: { turnComplete: true } };

describe('Gemini.connect over BidiGenerateContent (adk-python models/google_llm.py connect)', () => {
  it('sends the setup frame built from the request: system instruction, tools and the live config', async () => {
    const request = createLlmRequest({
      model: MODEL,
      config: {
        systemInstruction: 'Answer briefly.',
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather.' }] }],
      },
      liveConnectConfig: {
        responseModalities: ['AUDIO' as never],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
        inputAudioTranscription: {},
        outputAudioTranscription: {},
        realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
        sessionResumption: { handle: 'resume-1' },
        contextWindowCompression: { slidingWindow: { targetTokens: '1000' } },
      },
    });
    await open([], request);
    const path = server?.paths[0] ?? '';
    expect(path).toMatch(
      /^\/+ws\/google\.ai\.generativelanguage\.v1alpha\.GenerativeService\.BidiGenerateContent\?key=/,
    );
    expect(path).toContain(API_KEY);
    expect(server?.frames[0]).toEqual({
      setup: {
        model: `models/${MODEL}`,
        systemInstruction: { role: 'system', parts: [{ text: 'Answer briefly.' }] },
        tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather.' }] }],
        generationConfig: {
          responseModalities: ['AUDIO'],
          speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } },
        },
        inputAudioTranscription: {},
        outputAudioTranscription: {},
        realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
        sessionResumption: { handle: 'resume-1' },
        contextWindowCompression: { slidingWindow: { targetTokens: '1000' } },
      },
    });
  });
});

describe('GeminiLlmConnection (adk-python models/gemini_llm_connection.py)', () => {
  it('a text turn: partial chunks, then the merged final text, usage and turnComplete', async () => {
    const live = await open([
      {
        when: isClientContent,
        reply: [
          modelText('Hel'),
          modelText('lo'),
          { usageMetadata: { promptTokenCount: 3, totalTokenCount: 5 } },
          turnComplete,
        ],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    const responses = await collect(live.receive());
    expect(server?.frames[1]).toEqual({
      clientContent: { turns: [{ role: 'user', parts: [{ text: 'Hi' }] }], turnComplete: true },
    });
    expect(responses).toEqual([
      { modelVersion: MODEL, content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
      { modelVersion: MODEL, content: { role: 'model', parts: [{ text: 'lo' }] }, partial: true },
      { modelVersion: MODEL, usageMetadata: { promptTokenCount: 3, totalTokenCount: 5 } },
      {
        modelVersion: MODEL,
        content: { role: 'model', parts: [{ text: 'Hello' }] },
        partial: false,
      },
      { modelVersion: MODEL, turnComplete: true },
    ]);
  });

  it('a switch from thought to answer closes the thought as its own final text', async () => {
    const thought = { role: 'model', parts: [{ text: 'Thinking', thought: true }] };
    const live = await open([
      {
        when: isClientContent,
        reply: [{ serverContent: { modelTurn: thought } }, modelText('Answer'), turnComplete],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    expect(await collect(live.receive())).toEqual([
      { modelVersion: MODEL, content: thought, partial: true },
      { modelVersion: MODEL, content: thought, partial: false },
      {
        modelVersion: MODEL,
        content: { role: 'model', parts: [{ text: 'Answer' }] },
        partial: true,
      },
      {
        modelVersion: MODEL,
        content: { role: 'model', parts: [{ text: 'Answer' }] },
        partial: false,
      },
      { modelVersion: MODEL, turnComplete: true },
    ]);
  });

  it('sendHistory drops audio parts and completes the turn when the last content is the user’s', async () => {
    const live = await open([]);
    await live.sendHistory([
      { role: 'user', parts: [{ inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } }] },
      { role: 'model', parts: [{ text: 'Earlier answer' }] },
      {
        role: 'user',
        parts: [{ text: 'Next' }, { inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } }],
      },
    ]);
    const frame = await server?.nextFrame(isClientContent);
    expect(frame).toEqual({
      clientContent: {
        turns: [
          { role: 'model', parts: [{ text: 'Earlier answer' }] },
          { role: 'user', parts: [{ text: 'Next' }] },
        ],
        turnComplete: true,
      },
    });
  });

  it('a tool call becomes one function-call content at turn end; the answer goes back as toolResponse', async () => {
    const live = await open([
      {
        when: isClientContent,
        reply: [
          {
            toolCall: {
              functionCalls: [{ id: 'call-1', name: 'get_weather', args: { city: 'Paris' } }],
            },
          },
          turnComplete,
        ],
      },
      { when: (frame) => 'toolResponse' in frame, reply: [modelText('Sunny.'), turnComplete] },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Weather in Paris?' }] });
    expect(await collect(live.receive())).toEqual([
      {
        modelVersion: MODEL,
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } } }],
        },
      },
      { modelVersion: MODEL, turnComplete: true },
    ]);
    await live.sendContent({
      role: 'user',
      parts: [
        { functionResponse: { id: 'call-1', name: 'get_weather', response: { sky: 'sunny' } } },
      ],
    });
    const answer = await collect(live.receive());
    expect(await server?.nextFrame((frame) => 'toolResponse' in frame)).toEqual({
      toolResponse: {
        functionResponses: [{ id: 'call-1', name: 'get_weather', response: { sky: 'sunny' } }],
      },
    });
    expect(answer.at(-2)?.content).toEqual({ role: 'model', parts: [{ text: 'Sunny.' }] });
  });

  it('mixing function responses with other parts is refused with a typed error', async () => {
    const live = await open([]);
    await expect(
      live.sendContent({
        role: 'user',
        parts: [{ functionResponse: { id: 'c', name: 'f', response: {} } }, { text: 'and more' }],
      }),
    ).rejects.toThrow(InvalidArgumentError);
  });

  it('a send the SDK refuses (a function response without id on the Gemini API) rejects the returned promise', async () => {
    const live = await open([]);
    const sent = live.sendContent({
      role: 'user',
      parts: [{ functionResponse: { name: 'get_weather', response: {} } }],
    });
    await expect(sent).rejects.toThrow(/id/);
  });

  it('interrupted: the partial text is closed as a final text; audio then interruption yields interrupted', async () => {
    const live = await open([
      {
        when: isClientContent,
        reply: [modelText('Long ans'), { serverContent: { interrupted: true } }, turnComplete],
      },
      {
        when: (frame) => 'realtimeInput' in frame,
        reply: [
          {
            serverContent: {
              modelTurn: {
                role: 'model',
                parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AQI=' } }],
              },
            },
          },
          { serverContent: { interrupted: true } },
          turnComplete,
        ],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Tell me a story' }] });
    expect(await collect(live.receive())).toEqual([
      {
        modelVersion: MODEL,
        content: { role: 'model', parts: [{ text: 'Long ans' }] },
        partial: true,
      },
      {
        modelVersion: MODEL,
        content: { role: 'model', parts: [{ text: 'Long ans' }] },
        partial: false,
      },
      { modelVersion: MODEL, turnComplete: true },
    ]);
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    const audio = await collect(live.receive());
    expect(audio[0]?.content?.parts?.[0]?.inlineData?.data).toBe('AQI=');
    expect(audio.slice(1)).toEqual([
      { modelVersion: MODEL, interrupted: true },
      { modelVersion: MODEL, turnComplete: true },
    ]);
  });

  it('the end of the audio stream goes as realtimeInput.audioStreamEnd', async () => {
    const live = await open([
      { when: (frame) => JSON.stringify(frame).includes('audioStreamEnd'), reply: [turnComplete] },
    ]);
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    await live.sendRealtime({ audioStreamEnd: true });
    expect(await collect(live.receive())).toEqual([{ modelVersion: MODEL, turnComplete: true }]);
    expect(server?.frames.slice(1)).toEqual([
      { realtimeInput: { mediaChunks: [{ mimeType: 'audio/pcm;rate=16000', data: 'AAAA' }] } },
      { realtimeInput: { audioStreamEnd: true } },
    ]);
  });

  it('realtime input and transcriptions: chunks as partials, the whole when finished or at turn end', async () => {
    const live = await open([
      {
        when: (frame) => 'realtimeInput' in frame && JSON.stringify(frame).includes('activityEnd'),
        reply: [
          { serverContent: { inputTranscription: { text: 'What ' } } },
          { serverContent: { inputTranscription: { text: 'time?', finished: true } } },
          { serverContent: { outputTranscription: { text: 'It is' } } },
          { serverContent: { outputTranscription: { text: ' noon.' } } },
          turnComplete,
        ],
      },
    ]);
    await live.sendRealtime({ activityStart: {} });
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    await live.sendRealtime({ activityEnd: {} });
    const responses = await collect(live.receive());
    expect(server?.frames.slice(1)).toEqual([
      { realtimeInput: { activityStart: {} } },
      { realtimeInput: { mediaChunks: [{ mimeType: 'audio/pcm;rate=16000', data: 'AAAA' }] } },
      { realtimeInput: { activityEnd: {} } },
    ]);
    expect(responses).toEqual([
      {
        modelVersion: MODEL,
        inputTranscription: { text: 'What ', finished: false },
        partial: true,
      },
      {
        modelVersion: MODEL,
        inputTranscription: { text: 'time?', finished: false },
        partial: true,
      },
      {
        modelVersion: MODEL,
        inputTranscription: { text: 'What time?', finished: true },
        partial: false,
      },
      {
        modelVersion: MODEL,
        outputTranscription: { text: 'It is', finished: false },
        partial: true,
      },
      {
        modelVersion: MODEL,
        outputTranscription: { text: ' noon.', finished: false },
        partial: true,
      },
      {
        modelVersion: MODEL,
        outputTranscription: { text: 'It is noon.', finished: true },
        partial: false,
      },
      { modelVersion: MODEL, turnComplete: true },
    ]);
  });

  it('session resumption updates and goAway are mapped to their own responses', async () => {
    const live = await open([
      {
        when: isClientContent,
        reply: [
          { sessionResumptionUpdate: { newHandle: 'handle-2', resumable: true } },
          { goAway: { timeLeft: '10s' } },
          turnComplete,
        ],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    expect(await collect(live.receive())).toEqual([
      {
        modelVersion: MODEL,
        liveSessionResumptionUpdate: { newHandle: 'handle-2', resumable: true },
      },
      { modelVersion: MODEL, goAway: { timeLeft: '10s' } },
      { modelVersion: MODEL, turnComplete: true },
    ]);
  });

  it('a dropped connection surfaces as ModelApiError (code live_connection_closed)', async () => {
    const live = await open([{ when: isClientContent, reply: [modelText('Par')] }]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    const responses = live.receive();
    expect((await responses.next()).value).toMatchObject({ partial: true });
    server?.drop();
    const error: unknown = await responses.next().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'gemini', code: 'live_connection_closed' });
  });

  it('close() ends a waiting receive() without an error', async () => {
    const live = await open([]);
    const pending = collect(live.receive());
    await live.close();
    expect(await pending).toEqual([]);
  });

  it('transparent session resumption on the Gemini API is refused before connecting (Vertex AI only)', async () => {
    server = await LocalLiveServer.start([]);
    const gemini = new Gemini({
      model: MODEL,
      apiKey: API_KEY,
      baseUrl: server.url,
      maxRetries: 0,
    });
    const request = createLlmRequest({
      model: MODEL,
      liveConnectConfig: { sessionResumption: { transparent: true } },
    });
    await expect(gemini.connect(request)).rejects.toThrow(InvalidArgumentError);
    expect(server.paths).toEqual([]);
  });

  it('a server that closes the socket before setupComplete fails connect with ModelApiError', async () => {
    server = await LocalLiveServer.start([], { refuseSetup: 4003 });
    const gemini = new Gemini({
      model: MODEL,
      apiKey: API_KEY,
      baseUrl: server.url,
      maxRetries: 0,
    });
    const error: unknown = await gemini.connect(createLlmRequest({ model: MODEL })).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'live_connection_closed' });
    expect((error as Error).message).toContain('4003');
  });

  it('Gemini 3.1 Flash Live: text and media as realtime input, tool calls at once, empty grounding', async () => {
    const flash31 = 'gemini-3.1-flash-live-preview';
    const call = { id: 'call-1', name: 'get_time', args: {} };
    const live = await open(
      [
        {
          when: (frame) => JSON.stringify(frame).includes('"text":"What time is it?"'),
          reply: [modelText('Let me check.'), { toolCall: { functionCalls: [call] } }],
        },
      ],
      undefined,
      flash31,
    );
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } });
    await live.sendRealtime({ blob: { mimeType: 'image/jpeg', data: 'BBBB' } });
    const warnings: string[] = [];
    const ignore = () => undefined;
    setLogger({
      debug: ignore,
      info: ignore,
      warn: (message) => warnings.push(message),
      error: ignore,
    });
    try {
      await live.sendRealtime({ blob: { mimeType: 'text/plain', data: 'CCCC' } });
    } finally {
      setLogger();
    }
    expect(warnings).toEqual([
      'Live blob not sent: gemini-3.1-flash-live-preview takes audio/* and image/* blobs, not text/plain.',
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'What time is it?' }] });
    const responses = live.receive();
    const first = [
      (await responses.next()).value,
      (await responses.next()).value,
      (await responses.next()).value,
    ];
    expect(server?.frames.slice(1)).toEqual([
      { realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } } },
      { realtimeInput: { video: { mimeType: 'image/jpeg', data: 'BBBB' } } },
      { realtimeInput: { text: 'What time is it?' } },
    ]);
    const text = { role: 'model', parts: [{ text: 'Let me check.' }] };
    expect(first).toEqual([
      { modelVersion: flash31, content: text, groundingMetadata: {}, partial: true },
      { modelVersion: flash31, content: text, groundingMetadata: {}, partial: false },
      {
        modelVersion: flash31,
        content: { role: 'model', parts: [{ functionCall: call }] },
        groundingMetadata: {},
      },
    ]);
    await responses.return(undefined);
  });
});
