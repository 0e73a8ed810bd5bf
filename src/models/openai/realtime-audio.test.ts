import { describe, expect, it } from 'vitest';
import type { LlmResponse } from '../../events/llm-response.js';
import { setLogger } from '../../utils/logger.js';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import {
  LOCAL_SESSION_ID,
  REALTIME_TEST_MODEL as MODEL,
  collectResponses as collect,
  ofType,
  useLocalRealtimeConnection,
  realtimeResponse,
} from './realtime-test-fixtures.js';

const local = useLocalRealtimeConnection();
const { open } = local;

const spoken = (extra: LlmRequest['liveConnectConfig'] = {}): LlmRequest =>
  createLlmRequest({
    model: MODEL,
    liveConnectConfig: {
      responseModalities: ['AUDIO' as never],
      inputAudioTranscription: {},
      outputAudioTranscription: {},
      ...extra,
    },
  });

const base = { modelVersion: MODEL, liveSessionId: LOCAL_SESSION_ID };
const audioDelta = (delta: string) => ({ type: 'response.output_audio.delta', delta });
const transcriptDelta = (delta: string) => ({
  type: 'response.output_audio_transcript.delta',
  delta,
});
const audio = (data: string): LlmResponse => ({
  ...base,
  content: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data } }] },
});
const output = (text: string, finished: boolean): LlmResponse => ({
  ...base,
  outputTranscription: { text, finished },
  partial: !finished,
});

/** 16-bit PCM of these samples, base64. */
function pcm(samples: number[]): string {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
  return bytes.toString('base64');
}

function samplesOf(base64: unknown): number[] {
  const bytes = Buffer.from(String(base64), 'base64');
  return Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readInt16LE(i * 2));
}

describe('OpenAIRealtimeConnection: speech', () => {
  it('a spoken question: 16 kHz audio appended at 24 kHz, answered with audio and transcripts', async () => {
    const live = await open(
      [
        {
          when: ofType('input_audio_buffer.append'),
          reply: [
            { type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_1' },
            { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 900, item_id: 'item_1' },
            { type: 'input_audio_buffer.committed', item_id: 'item_1' },
            {
              type: 'conversation.item.input_audio_transcription.delta',
              item_id: 'item_1',
              delta: 'What time',
            },
            {
              type: 'conversation.item.input_audio_transcription.completed',
              item_id: 'item_1',
              content_index: 0,
              transcript: 'What time is it?',
            },
            ...realtimeResponse(
              [
                audioDelta('AQI='),
                transcriptDelta('It is'),
                audioDelta('AwQ='),
                transcriptDelta(' noon.'),
                { type: 'response.output_audio.done' },
                { type: 'response.output_audio_transcript.done', transcript: 'It is noon.' },
              ],
              {
                usage: {
                  input_tokens: 30,
                  output_tokens: 20,
                  total_tokens: 50,
                  input_token_details: { text_tokens: 10, audio_tokens: 20, cached_tokens: 4 },
                  output_token_details: { text_tokens: 5, audio_tokens: 15 },
                },
              },
            ),
          ],
        },
      ],
      spoken(),
    );
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=16000', data: pcm([0, 300]) } });
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm', data: pcm([600, 900]) } });
    const responses = await collect(live.receive());
    expect(responses).toEqual([
      { ...base, inputTranscription: { text: 'What time', finished: false }, partial: true },
      { ...base, inputTranscription: { text: 'What time is it?', finished: true }, partial: false },
      audio('AQI='),
      output('It is', false),
      audio('AwQ='),
      output(' noon.', false),
      output('It is noon.', true),
      {
        ...base,
        usageMetadata: {
          promptTokenCount: 30,
          candidatesTokenCount: 20,
          totalTokenCount: 50,
          cachedContentTokenCount: 4,
          promptTokensDetails: [
            { modality: 'TEXT', tokenCount: 10 },
            { modality: 'AUDIO', tokenCount: 20 },
          ],
          candidatesTokensDetails: [
            { modality: 'TEXT', tokenCount: 5 },
            { modality: 'AUDIO', tokenCount: 15 },
          ],
        },
      },
      { ...base, turnComplete: true },
    ]);
    const appended = local.server?.frames.filter(ofType('input_audio_buffer.append')) ?? [];
    // Two thirds of a source sample per output sample, continuous across the chunks.
    expect(appended.map((frame) => samplesOf(frame['audio']))).toEqual([
      [0, 200],
      [400, 600, 800],
    ]);
  });

  it('a tool call in the middle of speech: the call at the end of the response, its answer starts the next', async () => {
    const live = await open(
      [
        {
          when: ofType('response.create'),
          reply: realtimeResponse([
            audioDelta('AQI='),
            transcriptDelta('Let me check.'),
            {
              type: 'response.function_call_arguments.done',
              call_id: 'call_1',
              name: 'get_weather',
              arguments: '{"city":"Oslo"}',
            },
          ]),
        },
        {
          when: ofType('response.create'),
          reply: realtimeResponse([audioDelta('BQY='), transcriptDelta('Sunny.')]),
        },
      ],
      spoken(),
    );
    await live.sendContent({ role: 'user', parts: [{ text: 'Weather in Oslo?' }] });
    expect(await collect(live.receive())).toEqual([
      audio('AQI='),
      output('Let me check.', false),
      output('Let me check.', true),
      {
        ...base,
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } } }],
        },
      },
      { ...base, turnComplete: true },
    ]);
    await live.sendContent({
      role: 'user',
      parts: [{ functionResponse: { id: 'call_1', name: 'get_weather', response: { w: 'sun' } } }],
    });
    expect(await collect(live.receive())).toEqual([
      audio('BQY='),
      output('Sunny.', false),
      output('Sunny.', true),
      { ...base, turnComplete: true },
    ]);
    expect(local.server?.frames.slice(-2)).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: 'call_1', output: '{"w":"sun"}' },
      },
      { type: 'response.create' },
    ]);
  });

  it('barge-in with server turn detection: speech during a response is an interruption; the cancelled response ends the turn', async () => {
    const live = await open(
      [
        {
          when: ofType('response.create'),
          reply: [{ type: 'response.created', response: {} }, audioDelta('AQI=')],
        },
      ],
      spoken(),
    );
    await live.sendContent({ role: 'user', parts: [{ text: 'Tell me a story.' }] });
    const responses: LlmResponse[] = [];
    for await (const response of live.receive()) {
      responses.push(response);
      if (response.content) {
        // The server cancels the response itself (interrupt_response defaults to true).
        local.server?.push(
          { type: 'input_audio_buffer.speech_started', audio_start_ms: 10, item_id: 'item_2' },
          { type: 'response.done', response: { status: 'cancelled' } },
        );
      }
    }
    expect(responses).toEqual([
      audio('AQI='),
      { ...base, interrupted: true },
      { ...base, turnComplete: true, interrupted: true },
    ]);
    expect(local.server?.frames.some(ofType('response.cancel'))).toBe(false);
  });

  it('with NO_INTERRUPTION, speech during a response is no interruption and the response completes', async () => {
    const live = await open(
      [
        {
          when: ofType('response.create'),
          reply: [{ type: 'response.created', response: {} }, audioDelta('AQI=')],
        },
      ],
      spoken({ realtimeInputConfig: { activityHandling: 'NO_INTERRUPTION' as never } }),
    );
    await live.sendContent({ role: 'user', parts: [{ text: 'Tell me a story.' }] });
    const responses: LlmResponse[] = [];
    for await (const response of live.receive()) {
      responses.push(response);
      if (response.content) {
        local.server?.push(
          { type: 'input_audio_buffer.speech_started', audio_start_ms: 10, item_id: 'item_2' },
          { type: 'response.done', response: { status: 'completed' } },
        );
      }
    }
    expect(responses).toEqual([audio('AQI='), { ...base, turnComplete: true }]);
  });

  it('barge-in with turn detection off: activity start cancels the response and clears the buffer; activity end commits it', async () => {
    const live = await open(
      [
        {
          when: ofType('response.create'),
          reply: [{ type: 'response.created', response: {} }, audioDelta('AQI=')],
        },
        {
          when: ofType('response.cancel'),
          reply: [{ type: 'response.done', response: { status: 'cancelled' } }],
        },
      ],
      spoken({ realtimeInputConfig: { automaticActivityDetection: { disabled: true } } }),
    );
    expect(local.server?.frames[0]).toMatchObject({
      session: { audio: { input: { turn_detection: null } } },
    });
    await live.sendRealtime({ activityStart: {} });
    await live.sendRealtime({ blob: { mimeType: 'audio/pcm;rate=24000', data: pcm([7, 8]) } });
    await live.sendRealtime({ activityEnd: {} });
    const responses: LlmResponse[] = [];
    for await (const response of live.receive()) {
      responses.push(response);
      if (response.content) await live.sendRealtime({ activityStart: {} });
    }
    expect(responses).toEqual([audio('AQI='), { ...base, turnComplete: true, interrupted: true }]);
    expect(local.server?.frames.slice(1).map((frame) => frame['type'])).toEqual([
      'input_audio_buffer.clear',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
      'response.cancel',
      'input_audio_buffer.clear',
    ]);
    expect(samplesOf(local.server?.frames[2]?.['audio'])).toEqual([7, 8]);
  });

  it('a text content during a response cancels it first, as a new Gemini turn interrupts the model', async () => {
    const live = await open(
      [
        {
          when: ofType('response.create'),
          reply: [{ type: 'response.created', response: {} }, audioDelta('AQI=')],
        },
      ],
      spoken(),
    );
    await live.sendContent({ role: 'user', parts: [{ text: 'One' }] });
    for await (const response of live.receive()) {
      if (response.content) break;
    }
    await live.sendContent({ role: 'user', parts: [{ text: 'Two' }] });
    await local.server?.nextFrame(
      (frame) => frame['type'] === 'response.create' && frame !== local.server?.frames[2],
    );
    expect(local.server?.frames.slice(1).map((frame) => frame['type'])).toEqual([
      'conversation.item.create',
      'response.create',
      'response.cancel',
      'conversation.item.create',
      'response.create',
    ]);
  });

  it('a failed input transcription is a warning, not a failure of the turn', async () => {
    const warnings: string[] = [];
    const ignore = (): void => undefined;
    const live = await open(
      [
        {
          when: ofType('input_audio_buffer.append'),
          reply: [
            {
              type: 'conversation.item.input_audio_transcription.failed',
              item_id: 'item_1',
              content_index: 0,
              error: {
                type: 'transcription_error',
                code: 'audio_unintelligible',
                message: 'Unclear.',
              },
            },
            ...realtimeResponse([transcriptDelta('Pardon?')]),
          ],
        },
      ],
      spoken(),
    );
    setLogger({
      debug: ignore,
      info: ignore,
      warn: (message) => warnings.push(message),
      error: ignore,
    });
    try {
      await live.sendRealtime({ blob: { mimeType: 'audio/pcm', data: pcm([1, 2]) } });
      expect(await collect(live.receive())).toEqual([
        output('Pardon?', false),
        output('Pardon?', true),
        { ...base, turnComplete: true },
      ]);
    } finally {
      setLogger();
    }
    expect(warnings).toEqual([
      "The Realtime API could not transcribe the user's audio (audio_unintelligible): Unclear.",
    ]);
  });

  it('images go as user image items without a response; other blobs are not sent', async () => {
    const warnings: string[] = [];
    const ignore = (): void => undefined;
    const live = await open([], spoken());
    setLogger({
      debug: ignore,
      info: ignore,
      warn: (message) => warnings.push(message),
      error: ignore,
    });
    try {
      await live.sendRealtime({ blob: { mimeType: 'text/plain', data: 'aGk=' } });
      await live.sendRealtime({ blob: { mimeType: 'image/png', data: 'iVBO' } });
    } finally {
      setLogger();
    }
    const item = await local.server?.nextFrame(ofType('conversation.item.create'));
    expect(item?.['item']).toEqual({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_image', image_url: 'data:image/png;base64,iVBO' }],
    });
    expect(warnings).toEqual([
      'Live blob not sent: the Realtime API takes audio/pcm and image/* blobs, not text/plain.',
    ]);
  });
});
