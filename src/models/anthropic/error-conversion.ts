import {
  toProviderError,
  type ProviderErrorContext,
  type ProviderErrorRules,
} from '../provider-errors.js';
import { isStainlessApiError, isStainlessUserAbort } from '../stainless-api-error.js';
import { ErrorBody } from './messages-api.js';
import { PROVIDER } from './anthropic-client.js';
import { MESSAGES_API } from './response-conversion.js';

/** What `toModelError` needs besides the error. */
export type ErrorContext = ProviderErrorContext;

const rules: ProviderErrorRules = {
  provider: PROVIDER,
  api: MESSAGES_API,
  malformedStreamDetail: 'an event is not JSON.',
  passesThrough: isStainlessUserAbort,
  readAnswer(error) {
    if (!isStainlessApiError(error)) return undefined;
    const body = ErrorBody.safeParse(error.error);
    return {
      status: error.status,
      code: body.success ? body.data.error.type : undefined,
      message: (body.success ? body.data.error.message : undefined) ?? error.message,
    };
  },
  isMalformedStream: (error) => error instanceof SyntaxError,
};

/**
 * The error to throw for what the SDK threw during a call (creating the
 * request or reading its stream), by `toProviderError`:
 *
 * - after the caller's signal fired: the signal's reason (an AbortError), whatever the SDK threw;
 * - an ADK error: itself;
 * - the SDK's APIError (HTTP 4xx/5xx after its retries, or an `error`
 *   event in the stream): ModelApiError with the HTTP status (none for a
 *   stream event), the API's `error.type` as `code` and its message;
 * - the SDK's connection and timeout errors: ModelApiError without status;
 * - a server-sent event whose data is not JSON: ModelApiError
 *   `malformed_response`;
 * - any other Error (the SDK's own refusals, a connection dropped while the
 *   stream is read): ModelApiError without status;
 * - a thrown non-Error: unchanged.
 *
 * Messages never contain the API key.
 */
export function toModelError(error: unknown, context: ErrorContext): unknown {
  return toProviderError(error, context, rules);
}
