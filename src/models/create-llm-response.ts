import type { LlmResponse } from '../events/llm-response.js';
import type { GenerateContentResponse } from '../types/index.js';

/**
 * Turns one `GenerateContentResponse` into an `LlmResponse` (spec 000 §5.3):
 * the first candidate's content when it has parts or finished with STOP,
 * otherwise its finish reason as the error; a prompt block reason when there
 * is no candidate; `UNKNOWN_ERROR` when there is neither.
 */
export function createLlmResponse(response: GenerateContentResponse): LlmResponse {
  const usageMetadata = response.usageMetadata;
  const candidate = response.candidates?.[0];
  if (candidate) {
    if ((candidate.content?.parts?.length ?? 0) > 0 || candidate.finishReason === 'STOP') {
      return withoutUndefined({
        content: candidate.content,
        groundingMetadata: candidate.groundingMetadata,
        usageMetadata,
        finishReason: candidate.finishReason,
        citationMetadata: candidate.citationMetadata,
        avgLogprobs: candidate.avgLogprobs,
        logprobsResult: candidate.logprobsResult,
        modelVersion: response.modelVersion,
      });
    }
    return withoutUndefined({
      errorCode: candidate.finishReason,
      errorMessage: candidate.finishMessage,
      usageMetadata,
      finishReason: candidate.finishReason,
      citationMetadata: candidate.citationMetadata,
      avgLogprobs: candidate.avgLogprobs,
      logprobsResult: candidate.logprobsResult,
      modelVersion: response.modelVersion,
    });
  }
  if (response.promptFeedback) {
    return withoutUndefined({
      errorCode: response.promptFeedback.blockReason,
      errorMessage: response.promptFeedback.blockReasonMessage,
      usageMetadata,
      modelVersion: response.modelVersion,
    });
  }
  return withoutUndefined({
    errorCode: 'UNKNOWN_ERROR',
    errorMessage: 'Unknown error.',
    usageMetadata,
    modelVersion: response.modelVersion,
  });
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): LlmResponse {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) result[key] = field;
  }
  return result as LlmResponse;
}
