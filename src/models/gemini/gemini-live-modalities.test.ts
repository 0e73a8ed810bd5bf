import { describe, expect, it } from 'vitest';
import { Gemini } from './gemini.js';

// Native-audio Gemini Live models answer in audio only; a live run asking them for
// text is refused before connecting (docs/live.md, RunConfig checks).

describe('Gemini.liveResponseModalities', () => {
  it('is AUDIO only for native-audio models and unknown (unchecked) for the others', () => {
    const nativeAudio = new Gemini({ model: 'gemini-2.5-flash-native-audio-preview-09-2025' });
    expect(nativeAudio.liveResponseModalities).toEqual(['AUDIO']);
    expect(new Gemini({ model: 'gemini-live-2.5-flash-preview' }).liveResponseModalities).toBe(
      undefined,
    );
  });
});
