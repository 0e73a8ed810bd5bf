import type { Context } from 'hono';
import type { RunConfig } from '../context/run-config.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { SessionNotFoundError } from '../errors/session-not-found-error.js';
import type { Event } from '../events/event.js';
import type { Runner } from '../runner/runner.js';
import type { RunOverrides } from './api-server-options.js';
import { assertFunctionResponsesAnswerCalls } from './function-response-check.js';
import { readJsonBody } from './read-request.js';
import { RunAgentRequest } from './request-schemas.js';
import type { RouteContext } from './route-context.js';

/** A validated `/run` or `/run_sse` request, ready to start. */
export interface PreparedRun {
  readonly request: RunAgentRequest;
  readonly appName: string;
  /** Starts the run; it stops when `abortSignal` fires. */
  events(abortSignal: AbortSignal): AsyncGenerator<Event, void, undefined>;
  /** Releases what the run held (plugins a `beforeRun` hook gave); call once the run is over. */
  finish(): Promise<void>;
}

/**
 * Everything `/run` and `/run_sse` check before a run starts, so that bad
 * input gets a status code rather than an error in the stream:
 * - the body (422), the app name (400 when missing and no default app,
 *   400 when invalid, 404 when unknown);
 * - a new message with parts, or an invocation id to resume (400);
 * - the session exists, unless sessions are auto-created (404);
 * - function responses in the message answer a call of the session (400,
 *   `assertFunctionResponsesAnswerCalls`);
 * then the `beforeRun` hook, which may give the run its own runner.
 * `streamingRoute` is true for `/run_sse`, where `streaming: true` selects
 * SSE streaming mode (partial events); `/run` always runs without it.
 */
export async function prepareRun(
  context: Context,
  route: RouteContext,
  streamingRoute: boolean,
): Promise<PreparedRun> {
  const { options, runners, runs } = route;
  const request = await readJsonBody(context, RunAgentRequest);
  const appName = request.appName ?? options.defaultAppName;
  if (!appName) {
    throw new InvalidArgumentError({
      message: 'app_name is required when no default app is configured.',
      argument: 'appName',
    });
  }
  const loaded = await runners.get(appName);
  if (!request.newMessage && !request.invocationId) {
    throw new InvalidArgumentError({
      message: 'Running an agent requires either a new_message or an invocation_id.',
      argument: 'newMessage',
    });
  }
  if (request.newMessage && !request.newMessage.parts?.length) {
    throw new InvalidArgumentError({
      message: 'No parts in the new_message.',
      argument: 'newMessage',
    });
  }
  const { userId, sessionId } = request;
  const answersCalls = request.newMessage?.parts?.some((part) => part.functionResponse) === true;
  // A beforeRun hook sees the stored state (conformance replay reads it), and
  // function responses are checked against the stored calls, so the session is
  // read for them even when a missing one would be auto-created.
  const session =
    options.autoCreateSession && !options.beforeRun && !answersCalls
      ? undefined
      : await options.sessionService.getSession({ appName, userId, sessionId });
  if (!options.autoCreateSession && !session) {
    throw new SessionNotFoundError({ sessionId, message: `Session not found: ${sessionId}` });
  }
  if (answersCalls) assertFunctionResponsesAnswerCalls(request.newMessage, session?.events ?? []);
  const streaming = streamingRoute && request.streaming;
  const overrides: RunOverrides | undefined =
    (await options.beforeRun?.({
      appName,
      userId,
      sessionId,
      newMessage: request.newMessage,
      stateDelta: request.stateDelta,
      sessionState: session?.state,
      invocationId: request.invocationId,
      streaming,
      app: loaded.app,
    })) ?? undefined;
  const runner: Runner =
    overrides && (overrides.app !== undefined || overrides.plugins !== undefined)
      ? runners.createOverrideRunner(appName, loaded.app, overrides)
      : loaded.runner;
  const runConfig: Partial<RunConfig> = {
    streamingMode: streaming ? 'sse' : 'none',
    ...(request.customMetadata ? { customMetadata: request.customMetadata } : {}),
    ...(options.maxLlmCalls === undefined ? {} : { maxLlmCalls: options.maxLlmCalls }),
  };
  const runOver = runs.start();
  return {
    request,
    appName,
    events: (abortSignal) =>
      runner.runAsync({
        userId,
        sessionId,
        ...(request.newMessage ? { newMessage: request.newMessage } : {}),
        ...(request.stateDelta ? { stateDelta: request.stateDelta } : {}),
        ...(request.invocationId ? { invocationId: request.invocationId } : {}),
        runConfig,
        abortSignal,
      }),
    finish: async () => {
      try {
        await runners.closeRunPlugins(overrides?.plugins ?? []);
      } finally {
        runOver();
      }
    },
  };
}
