import { logger } from '../utils/logger.js';
import type { GetSessionConfig } from '../sessions/base-session-service.js';
import { validateRunConfig } from './run-config-validation.js';

/** How model output reaches the caller. */
export const StreamingMode = {
  /** One complete response per model call (the default). */
  NONE: 'none',
  /** Partial chunks (`partial: true`) followed by the aggregated response. */
  SSE: 'sse',
  /** Bidirectional live streaming. */
  BIDI: 'bidi',
} as const;
/** How model output reaches the caller. */
export type StreamingMode = (typeof StreamingMode)[keyof typeof StreamingMode];

/** The default `maxLlmCalls`, as in Python. */
export const DEFAULT_MAX_LLM_CALLS = 500;

/** Settings of one run (Python `RunConfig`). */
export interface RunConfig {
  streamingMode: StreamingMode;
  /** Most model calls in one invocation; 0 or less disables the limit. Default 500. */
  maxLlmCalls: number;
  /** Copied onto every event the run yields (the event's own keys win). */
  customMetadata?: Record<string, unknown>;
  /** Limits on the session events loaded for the run. */
  getSessionConfig?: GetSessionConfig;
  /** Save inline-data parts of the user message as artifacts. */
  saveInputBlobsAsArtifacts?: boolean;
  /** Compositional function calling (live only). */
  supportCfc?: boolean;
  /**
   * The modalities the model answers in (genai `Modality`: `TEXT`, `AUDIO`,
   * `IMAGE`, `VIDEO`, any case). A live run defaults it to `['AUDIO']`, as Python does.
   */
  responseModalities?: string[];
  speechConfig?: Record<string, unknown>;
  outputAudioTranscription?: Record<string, unknown>;
  inputAudioTranscription?: Record<string, unknown>;
  realtimeInputConfig?: Record<string, unknown>;
  enableAffectiveDialog?: boolean;
  proactivity?: Record<string, unknown>;
  sessionResumption?: Record<string, unknown>;
  contextWindowCompression?: Record<string, unknown>;
  /**
   * Live: saves the user's and the model's audio to the artifact service
   * (one file per turn) and stores an event referring to it (Python `save_live_blob`).
   */
  saveLiveBlob?: boolean;
  /** Deprecated spelling of `saveLiveBlob` (Python `save_live_audio`); `true` turns it on. */
  saveLiveAudio?: boolean;
  /** Thread-pool settings for sync tools in Python; accepted for config compatibility. */
  toolThreadPoolConfig?: { maxWorkers?: number };
}

/**
 * A RunConfig with Python's defaults (`streamingMode: 'none'`,
 * `maxLlmCalls: 500`) under the given fields, checked as Python's
 * validators check it (`validateRunConfig`: unknown fields, field types,
 * modalities, the `maxLlmCalls` bound; throws `InvalidRunConfigError`).
 * Warns, as Python does, when `maxLlmCalls` is 0 or less (no limit).
 */
export function createRunConfig(fields: Partial<RunConfig> = {}): RunConfig {
  const config: RunConfig = validateRunConfig({
    ...fields,
    streamingMode: fields.streamingMode ?? StreamingMode.NONE,
    maxLlmCalls: fields.maxLlmCalls ?? DEFAULT_MAX_LLM_CALLS,
  });
  if (config.maxLlmCalls <= 0) {
    logger.warn(
      'max_llm_calls is less than or equal to 0. This will result in no enforcement on total ' +
        'number of llm calls that will be made for a run. This may not be ideal, as this could ' +
        'result in a never ending communication between the model and the agent in certain cases.',
    );
  }
  return config;
}
