import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR,
  extractModelName,
  isGemini1Model,
  isGemini2OrAbove,
  isGeminiEapModel,
  isGeminiModel,
  isGeminiModelIdCheckDisabled,
} from './gemini-model-names.js';

describe('Gemini model names (Python model_name_utils)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('extracts the bare name from paths and prefixes', () => {
    expect(extractModelName('gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(
      extractModelName(
        'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash',
      ),
    ).toBe('gemini-2.5-flash');
    expect(extractModelName('apigee/v1/gemini-2.5-flash')).toBe('gemini-2.5-flash');
    expect(extractModelName('models/gemini-2.0-flash')).toBe('gemini-2.0-flash');
    expect(extractModelName('gemini/gemini-2.5-flash')).toBe('gemini-2.5-flash');
    expect(extractModelName('openrouter/google/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(extractModelName('openai/gpt-4o')).toBe('openai/gpt-4o');
    expect(extractModelName('projects/broken/gemini-2.5-pro')).toBe(
      'projects/broken/gemini-2.5-pro',
    );
  });

  it('classifies Gemini versions', () => {
    expect(isGeminiModel('gemini-flash-latest')).toBe(true);
    expect(isGeminiModel('claude-3')).toBe(false);
    expect(isGeminiModel(undefined)).toBe(false);
    expect(isGemini1Model('gemini-1.5-pro')).toBe(true);
    expect(isGemini1Model('gemini-1-pro')).toBe(false);
    expect(isGemini1Model('gemini-2.0-flash')).toBe(false);
    expect(isGemini2OrAbove('gemini-2.5-flash')).toBe(true);
    expect(isGemini2OrAbove('gemini-3-pro-preview')).toBe(true);
    expect(isGemini2OrAbove('models/gemini-2.0-flash-001')).toBe(true);
    expect(isGemini2OrAbove('gemini-1.5-pro')).toBe(false);
    expect(isGemini2OrAbove('gemini-flash-latest')).toBe(false);
    expect(isGemini2OrAbove('gemini-exp-1206')).toBe(false);
    expect(isGemini2OrAbove('gpt-4')).toBe(false);
    expect(isGeminiEapModel('gemini-flash-early-exp')).toBe(true);
    expect(isGeminiEapModel('gemini-flash-lite-early-exp3')).toBe(true);
    expect(isGeminiEapModel('gemini-2.5-flash')).toBe(false);
  });

  it(`reads ${DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR} on every call ("true" or "1")`, () => {
    vi.stubEnv(DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR, '');
    expect(isGeminiModelIdCheckDisabled()).toBe(false);
    vi.stubEnv(DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR, 'TRUE');
    expect(isGeminiModelIdCheckDisabled()).toBe(true);
    vi.stubEnv(DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR, '1');
    expect(isGeminiModelIdCheckDisabled()).toBe(true);
    vi.stubEnv(DISABLE_GEMINI_MODEL_ID_CHECK_ENV_VAR, 'yes');
    expect(isGeminiModelIdCheckDisabled()).toBe(false);
  });
});
