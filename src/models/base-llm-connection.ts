import type { LlmResponse } from '../events/llm-response.js';
import type { Content } from '../types/index.js';

/** A live (bidirectional) model session, opened by `BaseLlm.connect`. */
export interface BaseLlmConnection {
  /** Sends the conversation so far, before any new input. */
  sendHistory(history: Content[]): Promise<void>;
  /** Sends one user content (text or function responses). */
  sendContent(content: Content): Promise<void>;
  /** Sends one chunk of realtime input (audio, video), base64 `data` with its MIME type. */
  sendRealtime(blob: { data: string; mimeType: string }): Promise<void>;
  /** The model's responses, until the session closes. */
  receive(): AsyncGenerator<LlmResponse, void>;
  /** Closes the session. */
  close(): Promise<void>;
}
