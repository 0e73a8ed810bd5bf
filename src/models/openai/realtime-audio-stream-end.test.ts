import { describe, expect, it } from 'vitest';
import { createLlmRequest, type LlmRequest } from '../llm-request.js';
import {
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
    liveConnectConfig: { responseModalities: ['AUDIO' as never], ...extra },
  });

const audioDelta = (delta: string) => ({ type: 'response.output_audio.delta', delta });
const chunk = { mimeType: 'audio/pcm;rate=24000', data: Buffer.alloc(8).toString('base64') };
const typesSent = () => local.server?.frames.slice(1).map((frame) => frame['type']);

describe('OpenAIRealtimeConnection: the end of the audio stream (Gemini audioStreamEnd)', () => {
  it('with server turn detection, commits and answers the audio the server has not committed', async () => {
    const live = await open(
      [
        {
          // The server's turn detection commits the first utterance itself and answers it.
          when: ofType('input_audio_buffer.append'),
          reply: [
            { type: 'input_audio_buffer.committed', item_id: 'item_1', previous_item_id: null },
            ...realtimeResponse([audioDelta('AQI=')]),
          ],
        },
        { when: ofType('response.create'), reply: realtimeResponse([audioDelta('AwQ=')]) },
      ],
      spoken(),
    );
    // Nothing appended yet: nothing to flush.
    await live.sendRealtime({ audioStreamEnd: true });
    await live.sendRealtime({ blob: chunk });
    const first = await collect(live.receive());
    expect(first.some((response) => response.turnComplete)).toBe(true);
    // The server committed that audio: the end of the stream has nothing left to flush.
    await live.sendRealtime({ audioStreamEnd: true });
    // Speech cut off by the microphone: the server is still waiting for its end.
    await live.sendRealtime({ blob: chunk });
    await live.sendRealtime({ audioStreamEnd: true });
    const second = await collect(live.receive());
    expect(second[0]?.content?.parts?.[0]?.inlineData?.data).toBe('AwQ=');
    expect(typesSent()).toEqual([
      'input_audio_buffer.append',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
    ]);
  });

  it('with turn detection off, sends nothing: activity end ends a turn there', async () => {
    const live = await open(
      [{ when: ofType('response.create'), reply: realtimeResponse([audioDelta('AQI=')]) }],
      spoken({ realtimeInputConfig: { automaticActivityDetection: { disabled: true } } }),
    );
    await live.sendRealtime({ blob: chunk });
    await live.sendRealtime({ audioStreamEnd: true });
    await live.sendRealtime({ activityEnd: {} });
    await collect(live.receive());
    expect(typesSent()).toEqual([
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
    ]);
  });
});
