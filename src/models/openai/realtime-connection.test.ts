import { AzureOpenAI } from 'openai';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { ModelApiError } from '../../errors/model-api-error.js';
import { NotSupportedError } from '../../errors/not-supported-error.js';
import { createLlmRequest } from '../llm-request.js';
import { OpenAILlm } from './openai-llm.js';
import {
  LOCAL_SESSION_ID,
  LocalRealtimeServer,
  REALTIME_TEST_KEY,
  REALTIME_TEST_MODEL as MODEL,
  collectResponses as collect,
  localRealtimeLlm,
  ofType,
  useLocalRealtimeConnection,
  realtimeResponse,
} from './realtime-test-fixtures.js';

const local = useLocalRealtimeConnection();
const { open } = local;

const base = { modelVersion: MODEL, liveSessionId: LOCAL_SESSION_ID };
const textDelta = (delta: string) => ({ type: 'response.output_text.delta', delta });

describe('OpenAILlm.connect over the Realtime WebSocket of the openai client', () => {
  it('connects to {baseURL}/realtime with the key and sends the session built from the request', async () => {
    const request = createLlmRequest({
      model: MODEL,
      config: {
        systemInstruction: 'Answer briefly.',
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather.',
                parameters: {
                  type: 'OBJECT' as never,
                  properties: { city: { type: 'STRING' as never } },
                  required: ['city'],
                },
              },
            ],
          },
        ],
      },
      liveConnectConfig: {
        responseModalities: ['AUDIO' as never],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'marin' } } },
        inputAudioTranscription: {},
        outputAudioTranscription: {},
        realtimeInputConfig: {
          automaticActivityDetection: { silenceDurationMs: 400, prefixPaddingMs: 200 },
          activityHandling: 'NO_INTERRUPTION' as never,
        },
      },
    });
    await open([], request);
    expect(local.server?.paths).toEqual([`/v1/realtime?model=${MODEL}`]);
    expect(local.server?.authorizations).toEqual([`Bearer ${REALTIME_TEST_KEY}`]);
    const pcm = { type: 'audio/pcm', rate: 24000 };
    expect(local.server?.frames[0]).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'Answer briefly.',
        tools: [
          {
            type: 'function',
            name: 'get_weather',
            description: 'Weather.',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
          },
        ],
        output_modalities: ['audio'],
        audio: {
          input: {
            format: pcm,
            transcription: { model: 'gpt-4o-mini-transcribe' },
            turn_detection: {
              type: 'server_vad',
              silence_duration_ms: 400,
              prefix_padding_ms: 200,
              interrupt_response: false,
            },
          },
          output: { format: pcm, voice: 'marin' },
        },
      },
    });
  });

  it('an AzureOpenAI client connects to its deployment with its api-key', async () => {
    local.server = await LocalRealtimeServer.start();
    const client = new AzureOpenAI({
      endpoint: local.server.url.replace(/\/v1$/, ''),
      apiKey: 'azure-key',
      apiVersion: '2025-08-28',
    });
    const llm = new OpenAILlm({
      model: 'my-realtime-deployment',
      client,
      realtimeSocketOptions: { ca: local.server.certificate },
    });
    local.connection = await llm.connect(createLlmRequest({ model: 'my-realtime-deployment' }));
    expect(local.server.paths).toEqual([
      '/openai/realtime?api-version=2025-08-28&deployment=my-realtime-deployment',
    ]);
    expect(local.server.apiKeys).toEqual(['azure-key']);
    expect(local.server.authorizations).toEqual(['']);
  });

  it('a session the server refuses rejects with ModelApiError carrying its code', async () => {
    local.server = await LocalRealtimeServer.start([], { refuseSession: true });
    const error: unknown = await localRealtimeLlm(local.server)
      .connect(createLlmRequest({ model: MODEL }))
      .catch((caught: unknown) => caught);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'openai', model: MODEL, code: 'invalid_value' });
    expect((error as Error).message).toContain('Invalid session.');
  });

  it('a server that cannot be reached rejects with ModelApiError live_connection_closed', async () => {
    local.server = await LocalRealtimeServer.start();
    const llm = localRealtimeLlm(local.server);
    await local.server.close();
    const error: unknown = await llm
      .connect(createLlmRequest({ model: MODEL }))
      .catch((caught: unknown) => caught);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'openai', code: 'live_connection_closed' });
    local.server = undefined;
  });

  it('a refused handshake (a bad key) rejects with ModelApiError carrying the HTTP status', async () => {
    local.server = await LocalRealtimeServer.start([], { refuseHandshake: 401 });
    const error: unknown = await localRealtimeLlm(local.server)
      .connect(createLlmRequest({ model: MODEL }))
      .catch((caught: unknown) => caught);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: 'live_connection_closed', retryable: false });
  });

  it('providers without a Realtime API refuse live sessions', async () => {
    const llm = new OpenAILlm({ model: 'ollama/llama3', baseUrl: 'http://127.0.0.1:1/v1' });
    await expect(llm.connect(createLlmRequest({ model: 'llama3' }))).rejects.toSatisfy(
      NotSupportedError.isInstance,
    );
  });
});

describe('OpenAIRealtimeConnection: text turns, history and errors', () => {
  it('a text turn: a user item and response.create; partial deltas, usage, the merged text, turnComplete', async () => {
    const live = await open([
      {
        when: ofType('response.create'),
        reply: realtimeResponse([textDelta('Hel'), textDelta('lo')], {
          usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 },
        }),
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    const responses = await collect(live.receive());
    expect(local.server?.frames.slice(1)).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      },
      { type: 'response.create' },
    ]);
    expect(responses).toEqual([
      { ...base, content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
      { ...base, content: { role: 'model', parts: [{ text: 'lo' }] }, partial: true },
      {
        ...base,
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
      },
      { ...base, content: { role: 'model', parts: [{ text: 'Hello' }] }, partial: false },
      { ...base, turnComplete: true },
    ]);
  });

  it('sendHistory sends every content as items and asks for a response when the user spoke last', async () => {
    const live = await open([]);
    await live.sendHistory([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { t: 3 } } }] },
      { role: 'model', parts: [{ text: 'Cold.' }, { text: 'hmm', thought: true }] },
      {
        role: 'user',
        parts: [{ text: 'Thanks' }, { inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } }],
      },
    ]);
    await local.server?.nextFrame(ofType('response.create'));
    const user = (text: string) => ({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text }],
    });
    expect(local.server?.frames.slice(1).map((frame) => frame['item'] ?? frame)).toEqual([
      user('Weather?'),
      {
        type: 'function_call',
        call_id: 'call_adk_1',
        name: 'get_weather',
        arguments: '{"city":"Oslo"}',
      },
      { type: 'function_call_output', call_id: 'call_adk_1', output: '{"t":3}' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Cold.' }] },
      user('Thanks'),
      { type: 'response.create' },
    ]);
  });

  it('a content mixing function responses with text, or without parts, is refused', async () => {
    const live = await open([]);
    const mixed = live.sendContent({
      role: 'user',
      parts: [{ text: 'and' }, { functionResponse: { id: 'c1', name: 'f', response: {} } }],
    });
    await expect(mixed).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await expect(live.sendContent({ role: 'user', parts: [] })).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
    const withoutId = live.sendContent({
      role: 'user',
      parts: [{ functionResponse: { name: 'f', response: {} } }],
    });
    await expect(withoutId).rejects.toSatisfy(InvalidArgumentError.isInstance);
  });

  it('an error event makes receive() throw ModelApiError with the API code and message', async () => {
    const live = await open([
      {
        when: ofType('response.create'),
        reply: [
          {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              code: 'rate_limit_exceeded',
              message: 'Slow down.',
            },
          },
        ],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    const error: unknown = await collect(live.receive()).catch((caught: unknown) => caught);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'openai', model: MODEL, code: 'rate_limit_exceeded' });
    expect((error as Error).message).toContain('Slow down.');
  });

  it('an event without its documented fields, or call arguments that are not a JSON object, throw malformed_response', async () => {
    const live = await open([
      { when: ofType('response.create'), reply: [{ type: 'response.output_text.delta' }] },
      {
        when: ofType('response.create'),
        reply: realtimeResponse([
          {
            type: 'response.function_call_arguments.done',
            call_id: 'c1',
            name: 'f',
            arguments: '[1]',
          },
        ]),
      },
    ]);
    for (const text of ['one', 'two']) {
      await live.sendContent({ role: 'user', parts: [{ text }] });
      const error: unknown = await collect(live.receive()).catch((caught: unknown) => caught);
      expect(ModelApiError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ provider: 'openai', code: 'malformed_response' });
    }
  });

  it('a failed response yields its error code and message before turnComplete', async () => {
    const failed = {
      type: 'response.done',
      response: {
        status: 'failed',
        status_details: { type: 'failed', error: { type: 'server_error', code: 'overloaded' } },
      },
    };
    const live = await open([{ when: ofType('response.create'), reply: [failed] }]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    expect(await collect(live.receive())).toEqual([
      { ...base, errorCode: 'overloaded', errorMessage: 'The Realtime response failed.' },
      { ...base, turnComplete: true },
    ]);
  });

  it('a dropped connection makes receive() throw ModelApiError live_connection_closed', async () => {
    const live = await open([
      {
        when: ofType('response.create'),
        reply: [{ type: 'response.created', response: {} }, textDelta('Hel')],
      },
    ]);
    await live.sendContent({ role: 'user', parts: [{ text: 'Hi' }] });
    const received: unknown[] = [];
    const error: unknown = await (async () => {
      for await (const response of live.receive()) {
        received.push(response);
        local.server?.drop();
      }
    })().catch((caught: unknown) => caught);
    expect(received).toHaveLength(1);
    expect(ModelApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'openai', code: 'live_connection_closed' });
    expect((error as Error).message).toContain('code 1006');
  });

  it('close() ends receive() without an error', async () => {
    const live = await open([]);
    const responses = collect(live.receive());
    await live.close();
    expect(await responses).toEqual([]);
  });
});
