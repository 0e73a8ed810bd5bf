import { AdkError } from '../errors/adk-error.js';
import { ModelApiError } from '../errors/model-api-error.js';

/** What an adapter's `toModelError` needs besides the error. */
export interface ProviderErrorContext {
  /** The model name of the request. */
  model: string;
  /** The key in use, removed from any message that would repeat it. */
  apiKey: string | undefined;
  /** The caller's signal: once it has fired, its reason is what the call throws. */
  abortSignal: AbortSignal | undefined;
  /**
   * Whether the call streams its answer: an answer that cannot be parsed is
   * worded by it (`malformedStreamDetail` or `malformedBodyDetail`).
   * Default true.
   */
  stream?: boolean;
}

/** What a provider's HTTP error answer said, as read from its SDK's error. */
export interface ProviderErrorAnswer {
  /** The HTTP status; undefined for an error sent inside a stream. */
  status: number | undefined;
  /** The provider's own error code or type, when it sent one. */
  code: string | undefined;
  /** What the provider said (the key is removed afterwards). */
  message: string;
}

/** The provider-specific parts of converting an SDK's error. */
export interface ProviderErrorRules {
  /** The provider name on errors (`anthropic`, `openai`, `gemini`). */
  provider: string;
  /** The API's name in messages about malformed answers, e.g. `the Messages API`. */
  api: string;
  /** What is malformed about a stream that could not be parsed, e.g. `an event is not JSON.` */
  malformedStreamDetail: string;
  /**
   * What is malformed about a non-streamed answer that could not be parsed,
   * e.g. `the response body is not valid JSON.`; default `malformedStreamDetail`.
   */
  malformedBodyDetail?: string;
  /** Errors the call throws unchanged (the SDK's own abort error); default none. */
  passesThrough?: (error: Error) => boolean;
  /** The answer an SDK error reports, or undefined when it is not an API error answer. */
  readAnswer: (error: Error) => ProviderErrorAnswer | undefined;
  /** Whether the error means the stream's data could not be parsed. */
  isMalformedStream: (error: Error) => boolean;
  /** The message of any other Error; default its `message`. */
  describe?: (error: Error) => string;
  /**
   * Leaves out the SDK's error as `cause` when its message holds the key,
   * so an error printed with its cause does not print the key either;
   * default false (the SDK keeps keys out of its messages).
   */
  withholdsCauseNamingKey?: boolean;
}

/** Replaces every occurrence of the API key (when at least 4 characters long) by `[redacted]`. */
export function redactApiKey(message: string, apiKey: string | undefined): string {
  return apiKey && apiKey.length >= 4 ? message.replaceAll(apiKey, '[redacted]') : message;
}

/** A ModelApiError `malformed_response`: "Malformed response from <api>: <detail>". */
export function malformedResponseError({
  provider,
  api,
  model,
  detail,
  cause,
}: {
  provider: string;
  api: string;
  model: string;
  detail: string;
  cause?: unknown;
}): ModelApiError {
  return new ModelApiError({
    provider,
    model,
    code: 'malformed_response',
    message: `Malformed response from ${api}: ${detail}`,
    cause,
  });
}

/**
 * The error to throw for what a provider SDK threw during a call (sending
 * the request or reading its stream):
 *
 * - after the caller's signal fired: the signal's reason, whatever the SDK threw;
 * - an ADK error, a thrown non-Error, or an error `passesThrough` accepts: itself;
 * - an API error answer (`readAnswer`): ModelApiError with its status, code and message;
 * - an answer that cannot be parsed (`isMalformedStream`): ModelApiError
 *   `malformed_response`, worded by the call's kind (a stream or one body);
 * - any other Error (connection failures, the SDK refusing the request):
 *   ModelApiError without status, with `describe`'s message.
 *
 * Messages never contain the API key.
 */
export function toProviderError(
  error: unknown,
  { model, apiKey, abortSignal, stream = true }: ProviderErrorContext,
  rules: ProviderErrorRules,
): unknown {
  if (abortSignal?.aborted) return abortSignal.reason ?? error;
  if (AdkError.isInstance(error) || !(error instanceof Error)) return error;
  if (rules.passesThrough?.(error)) return error;
  const { provider } = rules;
  const cause =
    rules.withholdsCauseNamingKey && apiKey && apiKey.length >= 4 && error.message.includes(apiKey)
      ? undefined
      : error;
  const answer = rules.readAnswer(error);
  if (answer) {
    return new ModelApiError({
      provider,
      model,
      status: answer.status,
      code: answer.code,
      message: redactApiKey(answer.message, apiKey),
      cause,
    });
  }
  if (rules.isMalformedStream(error)) {
    return malformedResponseError({
      provider,
      api: rules.api,
      model,
      detail: stream
        ? rules.malformedStreamDetail
        : (rules.malformedBodyDetail ?? rules.malformedStreamDetail),
      cause: error,
    });
  }
  const message = rules.describe ? rules.describe(error) : error.message;
  return new ModelApiError({ provider, model, message: redactApiKey(message, apiKey), cause });
}
