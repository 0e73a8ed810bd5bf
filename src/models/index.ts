/*
 * The public models API (Python `google.adk.models`): the model contract, the
 * request and response helpers a callback uses, the registry, and the Gemini,
 * Claude and OpenAI-compatible models with their options and clients.
 * src/index.ts re-exports all of it, so a name added here is a public-API
 * decision (test/packaging/public-surface.test.ts pins the runtime names).
 * Wire conversions, the streaming aggregator and the providers' internals
 * stay out; the flows and the adapters import their files directly.
 */

// The model contract, its requests and responses, the registry.
export { BaseLlm, type BaseLlmOptions } from './base-llm.js';
export type { BaseLlmConnection, RealtimeInput } from './base-llm-connection.js';
export {
  appendInstructions,
  appendTools,
  createLlmRequest,
  setOutputSchema,
  type LlmRequest,
  type LlmRequestTool,
} from './llm-request.js';
export { createLlmResponse } from './create-llm-response.js';
export { LLMRegistry, type BaseLlmClass } from './registry.js';

// Gemini, on the Gemini Developer API or Vertex AI.
export { Gemini } from './gemini/gemini.js';
export { DEFAULT_GEMINI_MODEL, type GeminiOptions } from './gemini/gemini-options.js';
export type { GeminiClient } from './gemini/gemini-client.js';
export { GeminiContextCacheManager } from './gemini/gemini-context-cache-manager.js';
export type { CacheScope } from './gemini/cache-fingerprint.js';
export { GeminiLlmConnection } from './gemini/gemini-llm-connection.js';
export type { GeminiLiveClient } from './gemini/live-connect.js';

// Claude, and models behind an OpenAI-compatible API.
export { AnthropicLlm, type AnthropicLlmOptions } from './anthropic/anthropic-llm.js';
export { OpenAILlm, type OpenAILlmOptions } from './openai/openai-llm.js';
export type { RealtimeSocketOptions } from './openai/realtime-socket-options.js';
