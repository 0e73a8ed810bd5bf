import type {
  RealtimeAudioConfigInput,
  RealtimeAudioConfigOutput,
  RealtimeAudioInputTurnDetection,
  RealtimeFunctionTool,
  RealtimeSessionCreateRequest,
} from 'openai/resources/realtime/realtime';
import type { LiveConnectConfig } from '../../types/index.js';
import { logger } from '../../utils/logger.js';
import type { LlmRequest } from '../llm-request.js';
import { systemInstructionTexts } from '../system-instruction-texts.js';
import { REALTIME_PCM_RATE } from './pcm-resampler.js';
import { toolChoiceOfConfig, toolsOfConfig } from './tool-conversion.js';

/** The session a connection configures, as `session.update` carries it. */
export type RealtimeSessionSettings = RealtimeSessionCreateRequest;

/** What `realtimeSessionOf` reads besides the request. */
export interface RealtimeSessionOptions {
  /** The model that transcribes the user's audio when input transcription is on. */
  transcriptionModel: string;
}

/**
 * The Realtime session for a live request (the `session` of the first
 * `session.update`):
 *
 * - the system instruction's texts, joined by blank lines, as `instructions`;
 * - every function declaration of the request's tools as a function tool
 *   (JSON schema parameters, converted as for Chat Completions), and the
 *   function-calling mode as `tool_choice` (as for Chat Completions);
 * - `maxOutputTokens` as `max_output_tokens`;
 * - `responseModalities` as `output_modalities` (`AUDIO` → `audio`,
 *   `TEXT` → `text`; the API takes one, the first is used);
 * - the prebuilt voice of `speechConfig` as the output voice;
 * - `inputAudioTranscription` (any value) as input transcription with
 *   `transcriptionModel`;
 * - `realtimeInputConfig`: automatic activity detection disabled → no turn
 *   detection (the client marks activity start and end); otherwise server
 *   VAD with the silence duration and prefix padding given, and
 *   `activityHandling: NO_INTERRUPTION` as `interrupt_response: false`;
 * - audio in and out as `audio/pcm` at 24 kHz, the only PCM rate the API
 *   takes (input blobs are resampled to it).
 *
 * Gemini-only settings (session resumption, context window compression,
 * affective dialog, proactivity) have no Realtime counterpart and are
 * ignored, with one warning each.
 */
export function realtimeSessionOf(
  request: LlmRequest,
  { transcriptionModel }: RealtimeSessionOptions,
): RealtimeSessionSettings {
  const live = request.liveConnectConfig;
  const session: RealtimeSessionSettings = { type: 'realtime' };
  const instructions = systemInstructionTexts(request.config.systemInstruction).join('\n\n');
  if (instructions) session.instructions = instructions;
  const tools: RealtimeFunctionTool[] = toolsOfConfig(request.config.tools).map(
    ({ function: f }) => ({
      type: 'function',
      name: f.name,
      description: f.description ?? '',
      parameters: f.parameters,
    }),
  );
  if (tools.length > 0) session.tools = tools;
  const choice = toolChoiceOfConfig(request.config.toolConfig);
  if (choice !== undefined) {
    session.tool_choice =
      typeof choice === 'string' ? choice : { type: 'function', name: choice.function.name };
  }
  const maxOutputTokens = request.config.maxOutputTokens;
  if (maxOutputTokens !== undefined) session.max_output_tokens = maxOutputTokens;
  const modality = live.responseModalities?.[0];
  if (modality) session.output_modalities = [modality === 'TEXT' ? 'text' : 'audio'];
  const pcm = { type: 'audio/pcm' as const, rate: REALTIME_PCM_RATE as 24000 };
  const input: RealtimeAudioConfigInput = { format: pcm };
  if (live.inputAudioTranscription) input.transcription = { model: transcriptionModel };
  const turnDetection = turnDetectionOf(live.realtimeInputConfig);
  if (turnDetection !== undefined) input.turn_detection = turnDetection;
  const output: RealtimeAudioConfigOutput = { format: pcm };
  const voice = live.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName;
  if (voice) output.voice = voice;
  session.audio = { input, output };
  warnIgnored(live);
  return session;
}

/** True when the session leaves turn detection to the client (activity start and end). */
export function isManualActivity(request: LlmRequest): boolean {
  return (
    request.liveConnectConfig.realtimeInputConfig?.automaticActivityDetection?.disabled === true
  );
}

function turnDetectionOf(
  config: LiveConnectConfig['realtimeInputConfig'],
): RealtimeAudioInputTurnDetection | null | undefined {
  if (!config) return undefined;
  const detection = config.automaticActivityDetection;
  if (detection?.disabled) return null;
  const vad: RealtimeAudioInputTurnDetection.ServerVad = { type: 'server_vad' };
  if (detection?.silenceDurationMs !== undefined)
    vad.silence_duration_ms = detection.silenceDurationMs;
  if (detection?.prefixPaddingMs !== undefined) vad.prefix_padding_ms = detection.prefixPaddingMs;
  if (config.activityHandling === 'NO_INTERRUPTION') vad.interrupt_response = false;
  else if (config.activityHandling === 'START_OF_ACTIVITY_INTERRUPTS')
    vad.interrupt_response = true;
  return vad;
}

const warned = new Set<string>();

function warnIgnored(live: LiveConnectConfig): void {
  const ignored = [
    'sessionResumption',
    'contextWindowCompression',
    'enableAffectiveDialog',
    'proactivity',
  ] as const;
  for (const key of ignored) {
    if (live[key] === undefined || warned.has(key)) continue;
    warned.add(key);
    logger.warn(
      `The OpenAI Realtime API has no counterpart of the live setting ${key}; it is ignored.`,
    );
  }
}
