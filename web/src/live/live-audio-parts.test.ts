import { describe, expect, it } from 'vitest';
import type { WireEvent } from '../api/types';
import { audioChunks, withoutAudio } from './live-audio-parts';

const AUDIO = { inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAABAA==' } };

function event(fields: Partial<WireEvent>): WireEvent {
  return {
    id: 'e1',
    invocationId: 'inv',
    author: 'agent',
    timestamp: 1,
    actions: { stateDelta: {}, artifactDelta: {} },
    ...fields,
  };
}

describe('audioChunks', () => {
  it('decodes the inline PCM parts with their rates, skipping other and broken parts', () => {
    const chunks = audioChunks(
      event({
        content: {
          role: 'model',
          parts: [
            AUDIO,
            { text: 'hi' },
            { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
            { inlineData: { mimeType: 'audio/pcm', data: '***' } },
            { inlineData: { mimeType: 'audio/pcm', data: 'AAD_fw' } },
          ],
        },
      }),
    );
    expect(chunks).toEqual([
      { pcm: Uint8Array.from([0, 0, 1, 0]), sampleRate: 24_000 },
      { pcm: Uint8Array.from([0, 0, 0xff, 0x7f]), sampleRate: 24_000 },
    ]);
  });
});

describe('withoutAudio', () => {
  it('drops an event that is nothing but audio (with the empty actions every event has)', () => {
    expect(withoutAudio(event({ content: { role: 'model', parts: [AUDIO] } }))).toBeUndefined();
  });

  it('keeps the other parts of a mixed event and leaves audio-free events alone', () => {
    const text = event({ content: { role: 'model', parts: [{ text: 'hello' }] } });
    expect(withoutAudio(text)).toBe(text);
    expect(
      withoutAudio(event({ content: { role: 'model', parts: [AUDIO, { text: 'hello' }] } })),
    ).toEqual(text);
  });

  it('keeps an audio event that also ends the turn, without its content', () => {
    const kept = withoutAudio(event({ turnComplete: true, content: { parts: [AUDIO] } }));
    expect(kept?.turnComplete).toBe(true);
    expect(kept?.content).toBeUndefined();
  });
});
