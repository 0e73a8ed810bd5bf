import { describe, expect, it } from 'vitest';
import { setLogger } from '../../utils/logger.js';
import { createLlmRequest } from '../llm-request.js';
import { isManualActivity, realtimeSessionOf } from './realtime-session-config.js';

const options = { transcriptionModel: 'whisper-1' };
const pcm = { type: 'audio/pcm', rate: 24000 };

describe('realtimeSessionOf', () => {
  it('a bare request: 24 kHz PCM both ways, server defaults for everything else', () => {
    expect(realtimeSessionOf(createLlmRequest({ model: 'gpt-realtime' }), options)).toEqual({
      type: 'realtime',
      audio: { input: { format: pcm }, output: { format: pcm } },
    });
  });

  it('text output, a Content instruction joined by blank lines, transcription with the given model, turn detection off', () => {
    const request = createLlmRequest({
      config: {
        systemInstruction: { role: 'system', parts: [{ text: 'Be brief.' }, { text: 'Be kind.' }] },
      },
      liveConnectConfig: {
        responseModalities: ['TEXT' as never],
        inputAudioTranscription: {},
        realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
      },
    });
    expect(realtimeSessionOf(request, options)).toEqual({
      type: 'realtime',
      instructions: 'Be brief.\n\nBe kind.',
      output_modalities: ['text'],
      audio: {
        input: { format: pcm, transcription: { model: 'whisper-1' }, turn_detection: null },
        output: { format: pcm },
      },
    });
    expect(isManualActivity(request)).toBe(true);
    expect(isManualActivity(createLlmRequest())).toBe(false);
  });

  it('the function-calling mode as tool_choice and maxOutputTokens as max_output_tokens', () => {
    const only = createLlmRequest({
      config: {
        maxOutputTokens: 200,
        toolConfig: {
          functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['get_weather'] },
        },
      },
    });
    expect(realtimeSessionOf(only, options)).toMatchObject({
      tool_choice: { type: 'function', name: 'get_weather' },
      max_output_tokens: 200,
    });
    const none = createLlmRequest({
      config: { toolConfig: { functionCallingConfig: { mode: 'NONE' as never } } },
    });
    expect(realtimeSessionOf(none, options).tool_choice).toBe('none');
  });

  it('Gemini-only settings are ignored with one warning each', () => {
    const warnings: string[] = [];
    const ignore = (): void => undefined;
    setLogger({
      debug: ignore,
      info: ignore,
      warn: (message) => warnings.push(message),
      error: ignore,
    });
    try {
      const request = createLlmRequest({
        liveConnectConfig: {
          sessionResumption: { handle: 'h' },
          contextWindowCompression: { slidingWindow: {} },
        },
      });
      realtimeSessionOf(request, options);
      realtimeSessionOf(request, options);
    } finally {
      setLogger();
    }
    expect(warnings).toEqual([
      'The OpenAI Realtime API has no counterpart of the live setting sessionResumption; it is ignored.',
      'The OpenAI Realtime API has no counterpart of the live setting contextWindowCompression; it is ignored.',
    ]);
  });
});
