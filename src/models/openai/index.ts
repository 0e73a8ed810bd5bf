/**
 * Models behind an OpenAI-compatible Chat Completions API (OpenAI, Ollama,
 * vLLM, LM Studio, a LiteLLM proxy), and live sessions on the OpenAI
 * Realtime API. The SDK (`openai`, an optional peer) is imported at the
 * first model call or connection, not here.
 */
export { OpenAILlm, type OpenAILlmOptions } from './openai-llm.js';
export type { OpenAIChatClient, OpenAIRequestOptions } from './openai-client.js';
export type { MaxTokensField } from './provider-prefixes.js';
export type { RealtimeSocketOptions } from './realtime-socket-options.js';
