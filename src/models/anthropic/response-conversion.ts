import type { ModelApiError } from '../../errors/model-api-error.js';
import { malformedResponseError as sharedMalformedResponseError } from '../provider-errors.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type {
  FinishReason,
  GenerateContentResponseUsageMetadata,
  Part,
} from '../../types/index.js';
import { isPlainObject } from '../../utils/is-plain-object.js';
import { PROVIDER } from './anthropic-client.js';
import {
  Message,
  RedactedThinkingBlock,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
  type ContentBlock,
  type Usage,
} from './messages-api.js';

/** The API's name in messages about malformed answers. */
export const MESSAGES_API = 'the Messages API';

/**
 * genai's finish reason for Anthropic's `stop_reason`: `end_turn`,
 * `stop_sequence`, `tool_use` and `pause_turn` → STOP; `max_tokens` and
 * `model_context_window_exceeded` → MAX_TOKENS; `refusal` → SAFETY; any
 * other value → FINISH_REASON_UNSPECIFIED (as Python); none → undefined.
 */
export function stopReasonToFinishReason(
  stopReason: string | null | undefined,
): FinishReason | undefined {
  if (stopReason === undefined || stopReason === null) return undefined;
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'tool_use':
    case 'pause_turn':
      return 'STOP' as FinishReason;
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'MAX_TOKENS' as FinishReason;
    case 'refusal':
      return 'SAFETY' as FinishReason;
    default:
      return 'FINISH_REASON_UNSPECIFIED' as FinishReason;
  }
}

/**
 * genai usage for Anthropic's: the prompt counts fresh, cache-written and
 * cache-read input tokens (Gemini's prompt count includes cached tokens);
 * `cachedContentTokenCount` is the cache-read part when there is one; the
 * output tokens are split into `thoughtsTokenCount` and
 * `candidatesTokenCount` when the API reports the thinking share; the
 * total is prompt plus output. Undefined without usage.
 */
export function usageToMetadata(
  usage: Usage | null | undefined,
): GenerateContentResponseUsageMetadata | undefined {
  if (!usage) return undefined;
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + cacheRead;
  const output = usage.output_tokens ?? 0;
  const thoughts = usage.output_tokens_details?.thinking_tokens;
  const metadata: GenerateContentResponseUsageMetadata = {
    promptTokenCount: prompt,
    candidatesTokenCount: typeof thoughts === 'number' ? output - thoughts : output,
    totalTokenCount: prompt + output,
  };
  if (cacheRead > 0) metadata.cachedContentTokenCount = cacheRead;
  if (typeof thoughts === 'number' && thoughts > 0) metadata.thoughtsTokenCount = thoughts;
  return metadata;
}

/** A ModelApiError `malformed_response` for an answer that does not have the documented shape. */
export function malformedResponseError(
  model: string,
  detail: string,
  cause?: unknown,
): ModelApiError {
  return sharedMalformedResponseError({
    provider: PROVIDER,
    api: MESSAGES_API,
    model,
    detail,
    cause,
  });
}

function parseBlock<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
  },
  block: unknown,
  model: string,
): T {
  const result = schema.safeParse(block);
  if (!result.success) {
    throw malformedResponseError(
      model,
      `invalid ${String((block as ContentBlock).type)} block`,
      result.error,
    );
  }
  return result.data;
}

/**
 * The genai part for one complete content block: text → text (none when
 * empty); thinking →
 * a thought part carrying the block's signature as `thoughtSignature`;
 * redacted thinking → a thought part without text whose `thoughtSignature`
 * is the encrypted data; tool use → a function call with the block's id
 * and input. Other kinds (server tool blocks) give undefined.
 */
export function contentBlockToPart(block: ContentBlock, model: string): Part | undefined {
  switch (block.type) {
    case 'text': {
      const text = parseBlock(TextBlock, block, model);
      return text.text === '' ? undefined : { text: text.text };
    }
    case 'thinking': {
      const thinking = parseBlock(ThinkingBlock, block, model);
      const part: Part = { text: thinking.thinking, thought: true };
      if (thinking.signature) part.thoughtSignature = thinking.signature;
      return part;
    }
    case 'redacted_thinking': {
      const redacted = parseBlock(RedactedThinkingBlock, block, model);
      return { thought: true, thoughtSignature: redacted.data };
    }
    case 'tool_use': {
      const toolUse = parseBlock(ToolUseBlock, block, model);
      const args = toolUse.input ?? {};
      if (!isPlainObject(args))
        throw malformedResponseError(model, 'tool_use input is not an object');
      return { functionCall: { id: toolUse.id, name: toolUse.name, args } };
    }
    default:
      return undefined;
  }
}

/** What a final response is made of, streamed or not. */
export interface FinalResponseParts {
  parts: Part[];
  stopReason: string | null | undefined;
  usage: Usage | null | undefined;
  modelVersion: string | null | undefined;
}

/**
 * The final LlmResponse (spec 000 §5.3, as for a Gemini candidate): the
 * content when it has parts or the model stopped normally, with the finish
 * reason; otherwise no content, and the finish reason as `errorCode` with a
 * message naming Anthropic's stop reason. Usage and model version always.
 */
export function finalLlmResponse({
  parts,
  stopReason,
  usage,
  modelVersion,
}: FinalResponseParts): LlmResponse {
  const finishReason = stopReasonToFinishReason(stopReason);
  const response: LlmResponse = {};
  if (parts.length > 0 || finishReason === 'STOP') {
    response.content = { role: 'model', parts };
  } else {
    response.errorCode = finishReason ?? 'UNKNOWN_ERROR';
    response.errorMessage = `Claude returned no content (stop_reason ${stopReason ?? 'none'}).`;
  }
  if (finishReason) response.finishReason = finishReason;
  const usageMetadata = usageToMetadata(usage);
  if (usageMetadata) response.usageMetadata = usageMetadata;
  if (modelVersion) response.modelVersion = modelVersion;
  return response;
}

/**
 * The LlmResponse for a complete (non-streamed) answer: each block as a
 * part (see `contentBlockToPart`), then `finalLlmResponse`. An answer that
 * is not a message throws ModelApiError (`malformed_response`).
 */
export function messageToLlmResponse(body: unknown, model: string): LlmResponse {
  const parsed = Message.safeParse(body);
  if (!parsed.success) throw malformedResponseError(model, 'not a message', parsed.error);
  const message = parsed.data;
  const parts: Part[] = [];
  for (const block of message.content) {
    const part = contentBlockToPart(block, model);
    if (part) parts.push(part);
  }
  return finalLlmResponse({
    parts,
    stopReason: message.stop_reason,
    usage: message.usage,
    modelVersion: message.model,
  });
}
