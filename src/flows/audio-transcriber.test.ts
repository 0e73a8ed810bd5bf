import { describe, expect, it } from 'vitest';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { Blob } from '../types/index.js';
import { AudioTranscriber, type SpeechToText } from './audio-transcriber.js';

const pcm = (bytes: number[]): Blob => ({
  data: Buffer.from(bytes).toString('base64'),
  mimeType: 'audio/pcm;rate=16000',
});

describe('AudioTranscriber (Python flows/llm_flows/audio_transcriber.py)', () => {
  it("joins each speaker's consecutive audio, keeps text in order, and empties the cache", async () => {
    const context = await createTestInvocationContext();
    context.transcriptionCache.push(
      { role: 'user', data: pcm([1, 2]) },
      { role: 'user', data: { data: '', mimeType: 'audio/pcm' } },
      { role: 'user', data: pcm([3]) },
      { role: 'model', data: { role: 'model', parts: [{ text: 'Hi.' }] } },
      { role: 'user', data: pcm([4]) },
      { role: 'model', data: pcm([5]) },
    );
    const heard: { bytes: number[]; role: string | undefined; mimeType?: string }[] = [];
    const speechToText: SpeechToText = ({ audio, role }) => {
      const bytes = [...Buffer.from(audio.data ?? '', 'base64')];
      heard.push({ bytes, role, ...(audio.mimeType ? { mimeType: audio.mimeType } : {}) });
      return Promise.resolve(`${role ?? '?'}:${bytes.join('')}`);
    };

    const contents = await new AudioTranscriber({ speechToText }).transcribeFile(context);

    expect(heard).toEqual([
      { bytes: [1, 2, 3], role: 'user', mimeType: 'audio/pcm;rate=16000' },
      { bytes: [4], role: 'user', mimeType: 'audio/pcm;rate=16000' },
      { bytes: [5], role: 'model', mimeType: 'audio/pcm;rate=16000' },
    ]);
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'user:123' }] },
      { role: 'model', parts: [{ text: 'Hi.' }] },
      { role: 'user', parts: [{ text: 'user:4' }] },
      { role: 'model', parts: [{ text: 'model:5' }] },
    ]);
    expect(context.transcriptionCache).toEqual([]);
  });

  it('needs no speech service when the cache holds only text', async () => {
    const context = await createTestInvocationContext();
    const said = { role: 'user', parts: [{ text: 'Hello' }] };
    context.transcriptionCache.push({ role: 'user', data: said });
    expect(await new AudioTranscriber().transcribeFile(context)).toEqual([said]);
  });

  it('refuses audio without a speech service, naming the one adk-python uses, and keeps the cache', async () => {
    const context = await createTestInvocationContext();
    context.transcriptionCache.push({ role: 'user', data: pcm([1]) });
    const failure = await new AudioTranscriber().transcribeFile(context).catch((e: unknown) => e);
    expect(ServiceNotConfiguredError.isInstance(failure)).toBe(true);
    expect((failure as ServiceNotConfiguredError).service).toBe('speechToText');
    expect((failure as Error).message).toContain('Google Cloud Speech-to-Text');
    expect(context.transcriptionCache).toHaveLength(1);
  });
});
