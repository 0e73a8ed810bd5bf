import type { LlmResponse } from '../events/llm-response.js';
import type { ActivityEnd, ActivityStart, Blob, Content } from '../types/index.js';

/**
 * One piece of realtime input for a live model session (Python
 * `RealtimeInput = Blob | ActivityStart | ActivityEnd`, and
 * `LiveClientRealtimeInput(audio_stream_end=True)`): a chunk of audio,
 * video or an image (`blob`, base64 data with its MIME type), the start
 * or end of the user's activity when the client detects it (manual voice
 * activity detection), or the end of the audio stream (the microphone was
 * turned off: the model should flush the audio it holds).
 */
export type RealtimeInput =
  | { blob: Blob }
  | { activityStart: ActivityStart }
  | { activityEnd: ActivityEnd }
  | { audioStreamEnd: true };

/**
 * A live (bidirectional) model session, opened by `BaseLlm.connect` (Python
 * `BaseLlmConnection`).
 */
export interface BaseLlmConnection {
  /** Sends the conversation so far, before any new input. */
  sendHistory(history: Content[]): Promise<void>;
  /**
   * Sends one user content: text, or function responses (all parts function
   * responses, sent as the tools' answers).
   */
  sendContent(content: Content): Promise<void>;
  /** Sends one piece of realtime input. */
  sendRealtime(input: RealtimeInput): Promise<void>;
  /** The model's responses, until the session closes. */
  receive(): AsyncGenerator<LlmResponse, void>;
  /** Closes the session. */
  close(): Promise<void>;
}
