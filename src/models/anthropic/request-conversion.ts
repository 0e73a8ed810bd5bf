import type { GenerateContentConfig, Schema } from '../../types/index.js';
import type { LlmRequest } from '../llm-request.js';
import { contentsToMessages, systemInstructionToSystem } from './content-conversion.js';
import type { MessageCreateParams, ThinkingConfigParam } from './messages-api.js';
import { genaiSchemaToJsonSchema, type JsonSchemaObject } from '../json-schema-from-genai.js';
import { lowercaseJsonSchemaTypes } from './schema-conversion.js';
import { toolChoiceOfConfig, toolsOfConfig } from './tool-conversion.js';

const PROVIDER_PREFIX = 'anthropic/';

/** The model name Anthropic knows: the `anthropic/` provider prefix removed. */
export function anthropicModelName(model: string): string {
  return model.startsWith(PROVIDER_PREFIX) ? model.slice(PROVIDER_PREFIX.length) : model;
}

function thinkingOfConfig(
  thinkingConfig: GenerateContentConfig['thinkingConfig'],
): ThinkingConfigParam | undefined {
  const budget = thinkingConfig?.thinkingBudget;
  if (budget === undefined || budget === null) return undefined;
  if (budget === 0) return { type: 'disabled' };
  // Gemini's -1 lets the model decide; Claude's counterpart is adaptive thinking.
  if (budget < 0) return { type: 'adaptive' };
  return { type: 'enabled', budget_tokens: budget };
}

function outputSchemaOfConfig(config: GenerateContentConfig): JsonSchemaObject | undefined {
  if (config.responseJsonSchema !== undefined && config.responseJsonSchema !== null) {
    return lowercaseJsonSchemaTypes(config.responseJsonSchema) as JsonSchemaObject;
  }
  if (config.responseSchema !== undefined && config.responseSchema !== null) {
    return genaiSchemaToJsonSchema(config.responseSchema as Schema, { closedObjects: true });
  }
  return undefined;
}

/** What the adapter adds to a request: the model it serves and its `max_tokens`. */
export interface RequestDefaults {
  /** The adapter's model name, used when the request names none. */
  model: string;
  /** `max_tokens` when `config.maxOutputTokens` is not set. */
  maxTokens: number;
}

/**
 * The body of `POST /v1/messages` for an `LlmRequest` (without `stream`):
 *
 * - `model`: the request's model (else the adapter's), `anthropic/` removed;
 * - `max_tokens`: `config.maxOutputTokens`, else the adapter's default;
 * - `system`: `config.systemInstruction` (see `systemInstructionToSystem`);
 * - `messages`: the contents (see `contentsToMessages`);
 * - `tools` and `tool_choice`: every function declaration, and the
 *   function-calling mode (`auto` unless the config says ANY or NONE);
 * - `temperature`, `top_p`, `top_k`, `stop_sequences` from the config;
 * - `thinking`: `thinkingConfig.thinkingBudget` > 0 → enabled with that
 *   budget, 0 → disabled, -1 → adaptive;
 * - `output_config.format`: a JSON schema answer when the config has
 *   `responseJsonSchema` or `responseSchema` (objects closed, as
 *   Anthropic's structured outputs require).
 *
 * Labels and Gemini-only settings are not sent.
 */
export function buildMessageCreateParams(
  request: LlmRequest,
  defaults: RequestDefaults,
): MessageCreateParams {
  const config = request.config;
  const params: MessageCreateParams = {
    model: anthropicModelName(request.model || defaults.model),
    max_tokens: config.maxOutputTokens ?? defaults.maxTokens,
    messages: contentsToMessages(request.contents),
  };
  const system = systemInstructionToSystem(config.systemInstruction);
  if (system !== undefined) params.system = system;
  const tools = toolsOfConfig(config.tools);
  if (tools.length > 0) {
    params.tools = tools;
    params.tool_choice = toolChoiceOfConfig(config.toolConfig);
  }
  if (config.temperature !== undefined && config.temperature !== null) {
    params.temperature = config.temperature;
  }
  if (config.topP !== undefined && config.topP !== null) params.top_p = config.topP;
  if (config.topK !== undefined && config.topK !== null) params.top_k = config.topK;
  if (config.stopSequences && config.stopSequences.length > 0) {
    params.stop_sequences = [...config.stopSequences];
  }
  const thinking = thinkingOfConfig(config.thinkingConfig);
  if (thinking) params.thinking = thinking;
  const outputSchema = outputSchemaOfConfig(config);
  if (outputSchema)
    params.output_config = { format: { type: 'json_schema', schema: outputSchema } };
  return params;
}
