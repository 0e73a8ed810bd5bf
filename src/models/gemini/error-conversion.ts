import { z } from 'zod';
import {
  toProviderError,
  type ProviderErrorContext,
  type ProviderErrorRules,
} from '../provider-errors.js';

/** The provider name on errors. */
export const PROVIDER = 'gemini';

/** Where a 429 answer points (Python adds the same pointer to its error). */
const RESOURCE_EXHAUSTED_HELP =
  'On how to mitigate this, see https://google.github.io/adk-docs/agents/models/google-gemini/#error-code-429-resource_exhausted';

/** A Google API error body: `{"error": {code, message, status}}`. */
export const GoogleApiErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});
/** A Google API error body: `{"error": {code, message, status}}`. */
export type GoogleApiErrorBody = z.infer<typeof GoogleApiErrorBody>;

/** What `toModelError` needs besides the error. */
export type ErrorContext = ProviderErrorContext;

// The SDK's ApiError (HTTP 4xx/5xx, or an error chunk in a stream); checked
// by shape so that another copy of the SDK is recognised too.
function isSdkApiError(error: Error): error is Error & { status: number } {
  return error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * The error body an SDK ApiError message carries: the whole message for an
 * HTTP error, the text after `got status: …. ` for an error chunk in a stream.
 */
function errorBodyOf(message: string): GoogleApiErrorBody | undefined {
  const start = message.indexOf('{');
  if (start < 0) return undefined;
  try {
    const parsed = GoogleApiErrorBody.safeParse(JSON.parse(message.slice(start)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const MALFORMED_STREAM_MESSAGES = [
  'Incomplete JSON segment at the end',
  'exception parsing stream chunk',
];

// Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, …) is on its cause.
function describe(error: Error): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const reason = typeof cause?.code === 'string' ? cause.code : cause?.message;
  return typeof reason === 'string' && reason ? `${error.message} (${reason})` : error.message;
}

const rules: ProviderErrorRules = {
  provider: PROVIDER,
  api: 'the Gemini API',
  malformedStreamDetail: 'a streamed chunk is not complete JSON.',
  malformedBodyDetail: 'the response body is not valid JSON.',
  readAnswer(error) {
    if (!isSdkApiError(error)) return undefined;
    const body = errorBodyOf(error.message)?.error;
    let message = body?.message || error.message;
    if (error.status === 429) message = `${message}\n${RESOURCE_EXHAUSTED_HELP}`;
    return { status: error.status, code: body?.status, message };
  },
  isMalformedStream: (error) =>
    error instanceof SyntaxError ||
    MALFORMED_STREAM_MESSAGES.some((start) => error.message.startsWith(start)),
  describe,
  // An error printed with its cause must not print the key through the cause either.
  withholdsCauseNamingKey: true,
};

/**
 * The error to throw for what the SDK threw during a call (sending the
 * request or reading its stream), by `toProviderError`:
 *
 * - after the caller's signal fired: the signal's reason, whatever the SDK threw;
 * - an ADK error: itself;
 * - the SDK's ApiError (an HTTP 4xx/5xx answer after the retries, or an
 *   error chunk in the stream): ModelApiError with the HTTP status, the
 *   API's `error.status` (e.g. `RESOURCE_EXHAUSTED`) as `code` and its
 *   `error.message` (for 429, followed by where to read about quotas);
 * - a streamed chunk that is not JSON, or a stream ending inside a chunk:
 *   ModelApiError `malformed_response` ("a streamed chunk is not complete
 *   JSON."); a non-streamed body that is not JSON (`context.stream` false)
 *   likewise, saying so ("the response body is not valid JSON.");
 * - any other Error (connection failures, the SDK refusing the request):
 *   ModelApiError without status, with the connection failure's reason;
 * - a thrown non-Error: unchanged.
 *
 * Messages never contain the API key, nor does the cause of an error.
 */
export function toModelError(error: unknown, context: ErrorContext): unknown {
  return toProviderError(error, context, rules);
}
