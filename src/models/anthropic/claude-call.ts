import type { LlmResponse } from '../../events/llm-response.js';
import type { LazyConnection } from '../lazy-connection.js';
import type { LlmRequest } from '../llm-request.js';
import { readSdkStream } from '../sdk-stream.js';
import {
  createMessage,
  type AnthropicConnection,
  type AnthropicRequestOptions,
} from './anthropic-client.js';
import { toModelError, type ErrorContext } from './error-conversion.js';
import { buildMessageCreateParams } from './request-conversion.js';
import { messageToLlmResponse } from './response-conversion.js';
import { AnthropicStreamAggregator } from './stream-aggregation.js';

/** One call of `AnthropicLlm.generateContentAsync`: the request and the adapter's settings. */
export interface ClaudeCall {
  readonly request: LlmRequest;
  /** The model name as configured (an `anthropic/` prefix is removed before sending). */
  readonly model: string;
  /** `max_tokens` when the request does not set `maxOutputTokens`. */
  readonly maxTokens: number;
  readonly stream: boolean;
  readonly abortSignal: AbortSignal | undefined;
  /** The adapter's client, made at its first call. */
  readonly connection: LazyConnection<AnthropicConnection>;
}

/**
 * Sends one request to Claude's Messages API and yields what
 * `AnthropicLlm.generateContentAsync` documents: one complete response, or
 * with `stream` the partial responses then the aggregated final one.
 * Failures become `ModelApiError`; an aborted call throws the signal's reason.
 */
export async function* generateClaudeContent({
  request,
  model,
  maxTokens,
  stream,
  abortSignal,
  connection,
}: ClaudeCall): AsyncGenerator<LlmResponse, void> {
  const params = buildMessageCreateParams(request, {
    model,
    maxTokens,
  });
  const { client, apiKey } = await connection.open();
  const context: ErrorContext = { model: params.model, apiKey, abortSignal };
  const options: AnthropicRequestOptions | undefined = abortSignal
    ? { signal: abortSignal }
    : undefined;

  if (!stream) {
    let body: unknown;
    try {
      body = await createMessage(client, params, options);
    } catch (error) {
      throw toModelError(error, context);
    }
    abortSignal?.throwIfAborted();
    yield messageToLlmResponse(body, params.model);
    return;
  }

  let events: AsyncIterable<unknown>;
  try {
    const body = { ...params, stream: true };
    events = (await createMessage(client, body, options)) as AsyncIterable<unknown>;
  } catch (error) {
    throw toModelError(error, context);
  }
  const aggregator = new AnthropicStreamAggregator(params.model);
  yield* readSdkStream(events, {
    abortSignal,
    toError: (error) => toModelError(error, context),
    process: (event) => aggregator.processEvent(event),
  });
  yield aggregator.close();
}
