import type { LlmResponse } from '../../events/llm-response.js';
import type { LazyConnection } from '../lazy-connection.js';
import type { LlmRequest } from '../llm-request.js';
import { readSdkStream } from '../sdk-stream.js';
import type { ChatCompletionCreateParams } from './chat-completions-api.js';
import { toModelError, type ErrorContext } from './error-conversion.js';
import {
  createChatCompletion,
  type OpenAIConnection,
  type OpenAIRequestOptions,
} from './openai-client.js';
import type { MaxTokensField } from './provider-prefixes.js';
import { buildChatCompletionParams } from './request-conversion.js';
import { completionToLlmResponse } from './response-conversion.js';
import { OpenAIStreamAggregator } from './stream-aggregation.js';

/** One call of `OpenAILlm.generateContentAsync`: the request and the adapter's settings. */
export interface ChatCompletionCall {
  readonly request: LlmRequest;
  /** The model name as configured (a provider prefix is removed before sending). */
  readonly model: string;
  /** The body field the output token limit is sent in. */
  readonly maxTokensField: MaxTokensField;
  /** Whether the provider takes `top_k`. */
  readonly sendsTopK: boolean;
  /** Fields merged into every request body, under the converted request's. */
  readonly extraBody: Record<string, unknown> | undefined;
  readonly stream: boolean;
  readonly abortSignal: AbortSignal | undefined;
  /** The adapter's client, made at its first call. */
  readonly connection: LazyConnection<OpenAIConnection>;
}

/**
 * Sends one request to a Chat Completions endpoint and yields what
 * `OpenAILlm.generateContentAsync` documents: one complete response, or
 * with `stream` the partial responses then the aggregated final one.
 * Failures become `ModelApiError`; an aborted call throws the signal's reason.
 */
export async function* generateChatCompletionContent({
  request,
  model,
  maxTokensField,
  sendsTopK,
  extraBody,
  stream,
  abortSignal,
  connection,
}: ChatCompletionCall): AsyncGenerator<LlmResponse, void> {
  const params: ChatCompletionCreateParams = {
    ...extraBody,
    ...buildChatCompletionParams(request, {
      model,
      maxTokensField,
      sendsTopK,
    }),
  };
  const { client, apiKey } = await connection.open();
  const context: ErrorContext = { model: params.model, apiKey, abortSignal };
  const options: OpenAIRequestOptions | undefined = abortSignal
    ? { signal: abortSignal }
    : undefined;

  if (!stream) {
    let body: unknown;
    try {
      body = await createChatCompletion(client, params, options);
    } catch (error) {
      throw toModelError(error, context);
    }
    abortSignal?.throwIfAborted();
    yield completionToLlmResponse(body, params.model);
    return;
  }

  let chunks: AsyncIterable<unknown>;
  try {
    const body = { ...params, stream: true, stream_options: { include_usage: true } };
    chunks = (await createChatCompletion(client, body, options)) as AsyncIterable<unknown>;
  } catch (error) {
    throw toModelError(error, context);
  }
  const aggregator = new OpenAIStreamAggregator(params.model);
  yield* readSdkStream(chunks, {
    abortSignal,
    toError: (error) => toModelError(error, context),
    process: (chunk) => aggregator.processChunk(chunk),
  });
  yield aggregator.close();
}
