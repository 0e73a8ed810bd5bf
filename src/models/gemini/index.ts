/**
 * Gemini through `@google/genai`, on the Gemini Developer API or Vertex AI.
 * The SDK's client is imported at the first model call, not here.
 */
export { Gemini } from './gemini.js';
export { DEFAULT_GEMINI_MODEL, type GeminiOptions } from './gemini-options.js';
export type { GeminiClient } from './gemini-client.js';
export { GeminiContextCacheManager } from './gemini-context-cache-manager.js';
export type { CacheScope } from './cache-fingerprint.js';
export {
  GeminiLlmConnection,
  type GeminiLiveSession,
  type GeminiLlmConnectionOptions,
} from './gemini-llm-connection.js';
export type { GeminiLiveClient } from './live-connect.js';
export type { LiveInbox } from '../live-inbox.js';
