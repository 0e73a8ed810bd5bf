export { LlmResponse } from '../events/llm-response.js';
export { BaseLlm, type BaseLlmOptions } from './base-llm.js';
export type { BaseLlmConnection, RealtimeInput } from './base-llm-connection.js';
export { createLlmResponse } from './create-llm-response.js';
export {
  appendInstructions,
  appendTools,
  createLlmRequest,
  setOutputSchema,
  type LlmRequest,
  type LlmRequestTool,
} from './llm-request.js';
export { LLMRegistry, type BaseLlmClass } from './registry.js';
export {
  isProgressiveSseStreamingEnabled,
  StreamingResponseAggregator,
  type StreamingResponseAggregatorOptions,
} from './streaming-response-aggregator.js';
export { AnthropicLlm, type AnthropicLlmOptions } from './anthropic/index.js';
export {
  DEFAULT_GEMINI_MODEL,
  Gemini,
  type GeminiClient,
  GeminiLlmConnection,
  type GeminiLiveClient,
  type GeminiOptions,
} from './gemini/index.js';
export { OpenAILlm, type OpenAILlmOptions } from './openai/index.js';
