import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AdkError } from '../errors/adk-error.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { AppNotFoundError } from '../errors/app-not-found-error.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { ArtifactNotFoundError } from '../errors/artifact-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import { StaleSessionError } from '../errors/stale-session-error.js';
import { UnmatchedFunctionResponseError } from '../errors/unmatched-function-response-error.js';
import { newUuid } from '../utils/ids.js';
import { logger } from '../utils/logger.js';

/**
 * The HTTP status of an error, as adk-python's server answers:
 * - 422 a request that does not fit its schema (`RequestValidationError`);
 * - 404 a missing session, app, artifact, or eval set, case or result;
 * - 409 a session id already taken (`AlreadyExistsError`), or a session
 *   another writer kept changing while the request tried to store its event
 *   (`StaleSessionError`; nothing of that event was stored, so the request
 *   may be sent again);
 * - 400 any other bad input (`InvalidArgumentError` and its subclasses such
 *   as invalid app, artifact or id names), a service the server was not
 *   given, an invocation that cannot be resumed, function responses that
 *   answer no call (`UnmatchedFunctionResponseError`);
 * - 500 anything else.
 */
export function statusOfError(error: unknown): ContentfulStatusCode {
  if (RequestValidationError.isInstance(error)) return 422;
  if (
    SessionNotFoundError.isInstance(error) ||
    AppNotFoundError.isInstance(error) ||
    ArtifactNotFoundError.isInstance(error) ||
    EvalNotFoundError.isInstance(error)
  ) {
    return 404;
  }
  if (AlreadyExistsError.isInstance(error) || StaleSessionError.isInstance(error)) return 409;
  if (
    InvalidArgumentError.isInstance(error) ||
    ServiceNotConfiguredError.isInstance(error) ||
    InvocationNotResumableError.isInstance(error) ||
    UnmatchedFunctionResponseError.isInstance(error)
  ) {
    return 400;
  }
  return 500;
}

/**
 * What a client may be told about an error: the whole message when
 * `exposeMessages` is set; otherwise an ADK error's `publicMessage` (this
 * package writes those, leaving out infrastructure details) and undefined
 * for any other error.
 */
export function publicErrorMessage(error: unknown, exposeMessages: boolean): string | undefined {
  if (exposeMessages && error instanceof Error) return error.message;
  if (AdkError.isInstance(error)) return error.publicMessage;
  return undefined;
}

/**
 * The JSON error response FastAPI would send: `{"detail": …}` with the
 * status of `statusOfError` (the issue list for a 422); a 4xx carries the
 * error's message. A 500 gets a new request id: the server logs the full
 * error under it, and the client gets it as `requestId` in the body and the
 * `x-request-id` header, with a `detail` of "Internal Server Error" unless
 * the error has a public message (`publicErrorMessage`).
 */
export function errorResponse(context: Context, error: unknown, exposeMessages: boolean): Response {
  if (error instanceof HTTPException) return error.getResponse();
  const status = statusOfError(error);
  if (RequestValidationError.isInstance(error)) {
    return context.json({ detail: error.issues }, status);
  }
  if (status === 500) {
    const requestId = newUuid();
    logger.error(`${context.req.method} ${context.req.path} failed (request ${requestId}).`, error);
    const detail = publicErrorMessage(error, exposeMessages) ?? 'Internal Server Error';
    return context.json({ detail, requestId }, status, { 'x-request-id': requestId });
  }
  return context.json({ detail: (error as Error).message }, status);
}
