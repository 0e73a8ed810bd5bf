import { describe, expect, it } from 'vitest';
import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';
import { createRunConfig, type RunConfig } from './run-config.js';

// adk-python agents/run_config.py: extra='forbid', typed fields, validate_max_llm_calls,
// check_for_deprecated_save_live_audio.

function refusal(fields: Record<string, unknown>): InvalidRunConfigError {
  try {
    createRunConfig(fields as Partial<RunConfig>);
  } catch (error) {
    if (InvalidRunConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('createRunConfig accepted the config');
}

describe('createRunConfig validation', () => {
  it('refuses an unknown field, naming it and the known ones', () => {
    const error = refusal({ responseModality: ['AUDIO'] });
    expect(error.field).toBe('responseModality');
    expect(error.message).toContain('responseModalities');
  });

  it('refuses a streaming mode that does not exist', () => {
    expect(refusal({ streamingMode: 'websocket' }).field).toBe('streamingMode');
  });

  it('refuses a maxLlmCalls that is not an integer or is too large, and takes 0 (no limit)', () => {
    expect(refusal({ maxLlmCalls: 2.5 }).field).toBe('maxLlmCalls');
    expect(refusal({ maxLlmCalls: Number.MAX_SAFE_INTEGER }).field).toBe('maxLlmCalls');
    expect(createRunConfig({ maxLlmCalls: 0 }).maxLlmCalls).toBe(0);
  });

  it('takes modalities in any case, upper-cased, and refuses unknown ones or a non-list', () => {
    expect(createRunConfig({ responseModalities: ['audio'] }).responseModalities).toEqual([
      'AUDIO',
    ]);
    const error = refusal({ responseModalities: ['SPEECH'] });
    expect(error.field).toBe('responseModalities');
    expect(error.message).toContain('"SPEECH"');
    expect(refusal({ responseModalities: 'AUDIO' }).field).toBe('responseModalities');
  });

  it('refuses settings of the wrong type', () => {
    expect(refusal({ speechConfig: 'Kore' }).field).toBe('speechConfig');
    expect(refusal({ inputAudioTranscription: true }).field).toBe('inputAudioTranscription');
    expect(refusal({ saveLiveBlob: 'yes' }).field).toBe('saveLiveBlob');
  });

  it('turns the deprecated saveLiveAudio into saveLiveBlob', () => {
    expect(createRunConfig({ saveLiveAudio: true }).saveLiveBlob).toBe(true);
    expect(createRunConfig({ saveLiveAudio: false }).saveLiveBlob).toBeUndefined();
  });
});
