import type { Context } from 'hono';
import { assertValidAppName } from '../config/app-name.js';
import type { ApiServerOptions } from './api-server-options.js';
import type { AppRunners } from './app-runners.js';
import { readIdParam } from './read-request.js';
import type { RunTracker } from './run-tracker.js';

/** What every route group shares: the options, the app runners and the server's shutdown signal. */
export interface RouteContext {
  readonly options: ApiServerOptions;
  readonly runners: AppRunners;
  /** Fires when the server closes: running agents stop and SSE streams end. */
  readonly shutdown: AbortSignal;
  /** The runs in progress. */
  readonly runs: RunTracker;
}

/**
 * The `app_name`, `user_id` and `session_id` path parameters: the app name
 * validated (400, `InvalidAppNameError`), the user and session ids as ids
 * of the HTTP API (422, see `readIdParam`). A route without a `session_id`
 * gets an empty one.
 */
export function sessionPath(context: Context): {
  appName: string;
  userId: string;
  sessionId: string;
} {
  const appName = context.req.param('app_name') ?? '';
  assertValidAppName(appName);
  return {
    appName,
    userId: context.req.param('user_id') === undefined ? '' : readIdParam(context, 'user_id'),
    sessionId:
      context.req.param('session_id') === undefined ? '' : readIdParam(context, 'session_id'),
  };
}
