import type { BaseLlm } from '../models/base-llm.js';

/**
 * Whether the model accepts a response schema together with tools (Python
 * `can_use_output_schema_with_tools`): Gemini 2 or later on Vertex AI
 * (`GOOGLE_GENAI_USE_VERTEXAI` set to true or 1). Other models get the
 * `set_model_response` tool instead.
 */
export function canUseOutputSchemaWithTools(model: BaseLlm): boolean {
  const vertex = (process.env['GOOGLE_GENAI_USE_VERTEXAI'] ?? '').toLowerCase();
  if (vertex !== 'true' && vertex !== '1') return false;
  return isGemini2OrAbove(model.model);
}

/** True for `gemini-2…` and later model names (also inside Vertex resource paths). */
export function isGemini2OrAbove(modelName: string): boolean {
  const name = modelName.split('/').at(-1) ?? modelName;
  const match = /^gemini-(\d+)/.exec(name);
  return match !== null && Number(match[1]) >= 2;
}
