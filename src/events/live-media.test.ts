import { describe, expect, it } from 'vitest';
import { isLiveModelMediaEventWithInlineData } from './live-media.js';

// adk-python flows/llm_flows/contents.py _is_live_model_media_event_with_inline_data.

const withPart = (part: Record<string, unknown>) => ({ content: { role: 'model', parts: [part] } });

describe('isLiveModelMediaEventWithInlineData', () => {
  it('is true for audio, video and images sent inline, whatever the case of the MIME type', () => {
    for (const mimeType of ['audio/pcm;rate=24000', 'VIDEO/mp4', 'image/jpeg']) {
      expect(
        isLiveModelMediaEventWithInlineData(withPart({ inlineData: { data: 'AA==', mimeType } })),
      ).toBe(true);
    }
  });

  it('is false for references to files, other inline data, text and no content', () => {
    const fileData = {
      fileData: { fileUri: 'artifact://a/u/s/_adk_live/f.pcm#0', mimeType: 'audio/pcm' },
    };
    expect(isLiveModelMediaEventWithInlineData(withPart(fileData))).toBe(false);
    expect(
      isLiveModelMediaEventWithInlineData(
        withPart({ inlineData: { data: 'AA==', mimeType: 'application/pdf' } }),
      ),
    ).toBe(false);
    expect(isLiveModelMediaEventWithInlineData(withPart({ text: 'hi' }))).toBe(false);
    expect(isLiveModelMediaEventWithInlineData({ content: undefined })).toBe(false);
  });
});
