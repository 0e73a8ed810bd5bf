import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';
import { logger } from '../utils/logger.js';
import type { RunConfig, StreamingMode } from './run-config.js';

/** The answer modalities a RunConfig may ask for (genai `Modality`). */
export const RESPONSE_MODALITIES = ['TEXT', 'AUDIO', 'IMAGE', 'VIDEO'] as const;

// Python's `sys.maxsize` bound has no meaning for a JS number; the largest exact integer stands in.
const MAX_LLM_CALLS_BOUND = Number.MAX_SAFE_INTEGER;

// Listed here rather than read from `StreamingMode`, which would make the two files import each other.
const STREAMING_MODES: readonly StreamingMode[] = ['none', 'sse', 'bidi'];

const OBJECT_FIELDS = [
  'customMetadata',
  'getSessionConfig',
  'speechConfig',
  'outputAudioTranscription',
  'inputAudioTranscription',
  'realtimeInputConfig',
  'proactivity',
  'sessionResumption',
  'contextWindowCompression',
  'toolThreadPoolConfig',
] as const;
const BOOLEAN_FIELDS = [
  'saveInputBlobsAsArtifacts',
  'supportCfc',
  'enableAffectiveDialog',
  'saveLiveBlob',
  'saveLiveAudio',
] as const;
const KNOWN_FIELDS = new Set<string>([
  'streamingMode',
  'maxLlmCalls',
  'responseModalities',
  ...OBJECT_FIELDS,
  ...BOOLEAN_FIELDS,
]);

/**
 * Checks a RunConfig as Python's pydantic `RunConfig` does when it is built
 * (`extra='forbid'`, typed fields, `validate_max_llm_calls`,
 * `check_for_deprecated_save_live_audio`), and returns it normalised:
 * response modalities upper-cased (genai's `Modality` is case-insensitive
 * in Python), and the deprecated `saveLiveAudio` turned into `saveLiveBlob`
 * with a warning. Throws `InvalidRunConfigError` naming the field at fault.
 */
export function validateRunConfig(config: RunConfig): RunConfig {
  for (const key of Object.keys(config)) {
    if (!KNOWN_FIELDS.has(key)) {
      throw new InvalidRunConfigError({
        field: key,
        message: `RunConfig has no field "${key}"; its fields are ${[...KNOWN_FIELDS].join(', ')}.`,
      });
    }
  }
  if (!STREAMING_MODES.includes(config.streamingMode)) {
    throw new InvalidRunConfigError({
      field: 'streamingMode',
      message: `streamingMode must be one of ${STREAMING_MODES.join(', ')}; got ${JSON.stringify(config.streamingMode)}.`,
    });
  }
  if (!Number.isInteger(config.maxLlmCalls) || config.maxLlmCalls >= MAX_LLM_CALLS_BOUND) {
    throw new InvalidRunConfigError({
      field: 'maxLlmCalls',
      message: `maxLlmCalls must be an integer less than ${MAX_LLM_CALLS_BOUND}; got ${String(config.maxLlmCalls)}.`,
    });
  }
  for (const field of OBJECT_FIELDS) {
    const value = config[field];
    if (
      value !== undefined &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new InvalidRunConfigError({ field, message: `${field} must be an object.` });
    }
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = config[field];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new InvalidRunConfigError({ field, message: `${field} must be true or false.` });
    }
  }
  const normalised: RunConfig = { ...config };
  if (config.responseModalities !== undefined) {
    normalised.responseModalities = normaliseModalities(config.responseModalities);
  }
  if (config.saveLiveAudio !== undefined) {
    logger.warn(
      'The `saveLiveAudio` config is deprecated and will be removed in a future release. ' +
        'Please use `saveLiveBlob` instead.',
    );
    if (config.saveLiveAudio) normalised.saveLiveBlob = true;
  }
  return normalised;
}

function normaliseModalities(modalities: unknown): string[] {
  const allowed: readonly string[] = RESPONSE_MODALITIES;
  if (!Array.isArray(modalities)) {
    throw new InvalidRunConfigError({
      field: 'responseModalities',
      message: `responseModalities must be a list of ${allowed.join(', ')}.`,
    });
  }
  return modalities.map((modality: unknown) => {
    const upper = typeof modality === 'string' ? modality.toUpperCase() : undefined;
    if (upper === undefined || !allowed.includes(upper)) {
      throw new InvalidRunConfigError({
        field: 'responseModalities',
        message: `responseModalities holds ${JSON.stringify(modality)}; each must be one of ${allowed.join(', ')}.`,
      });
    }
    return upper;
  });
}
