import { Hono } from 'hono';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ApiServerOptions } from './api-server-options.js';
import { registerAppRoutes } from './app-routes.js';
import { AppRunners } from './app-runners.js';
import { registerDevRoutes } from './dev-routes.js';
import { registerDevUiRoutes } from './dev-ui-routes.js';
import { registerArtifactRoutes } from './artifact-routes.js';
import { errorResponse } from './error-response.js';
import { registerHealthRoutes } from './health-routes.js';
import { registerMemoryRoutes } from './memory-routes.js';
import { registerOpenApiRoutes } from './openapi-routes.js';
import { OriginPolicy } from './origin-policy.js';
import type { RouteContext } from './route-context.js';
import { registerRewindRoutes } from './rewind-routes.js';
import { registerRunLiveRoute } from './run-live-route.js';
import { registerRunRoutes } from './run-routes.js';
import { registerRunSseRoutes } from './run-sse-routes.js';
import { RunTracker } from './run-tracker.js';
import { registerA2aAppRoutes } from './a2a-app-routes.js';
import { corsForPolicy, requestBodyLimit, requestGuard } from './security-middleware.js';
import { registerSessionRoutes } from './session-routes.js';
import { adkVersion } from './version.js';

/** The default request body limit: 10 MiB (inline artifacts arrive base64-encoded in JSON). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/** The API server: a hono app, plus what its owner needs to shut it down. */
export interface ApiServer {
  /** The hono app; `app.fetch` serves a web-standard Request. */
  readonly app: Hono;
  /**
   * Stops every running agent (their SSE streams end), waits up to
   * `graceMs` (default 5000) for the runs to unwind, then closes the plugins
   * of every app runner. Requests that arrive afterwards still get answers;
   * `serveApiServer`'s `close` stops accepting them first.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Builds the HTTP API of adk-python's `api_server` (docs/api-server.md):
 * health and version, app listing, session CRUD, artifacts, memory, `/run`
 * and `/run_sse`, the `/run_live` WebSocket (served by `serveApiServer`), the OpenAPI description (`/openapi.json`, `/docs`), with
 * the security defaults of ARCHITECTURE §6 — a guard against cross-origin
 * writes and DNS rebinding, CORS only for
 * `allowOrigins`, a body limit, and JSON `{"detail": …}` errors (4xx for
 * bad input, a generic 500 otherwise). Throws `InvalidArgumentError` for an
 * invalid `urlPrefix`, `bodyLimit` or `allowOrigins` regex.
 */
export function createApiServer(options: ApiServerOptions): ApiServer {
  const prefix = checkUrlPrefix(options.urlPrefix);
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (!Number.isInteger(limit) || limit <= 0) {
    throw new InvalidArgumentError({
      message: `bodyLimit must be a positive integer number of bytes, got ${String(limit)}.`,
      argument: 'bodyLimit',
    });
  }
  const policy = new OriginPolicy(options.allowOrigins);
  const shutdown = new AbortController();
  const runners = new AppRunners(options);
  const runs = new RunTracker();
  const route: RouteContext = { options, runners, shutdown: shutdown.signal, runs };
  const exposeMessages = options.exposeErrorMessages ?? false;

  const api = new Hono();
  registerHealthRoutes(api, route);
  registerAppRoutes(api, route);
  registerSessionRoutes(api, route);
  registerRewindRoutes(api, route);
  registerArtifactRoutes(api, route);
  registerMemoryRoutes(api, route);
  registerRunRoutes(api, route);
  registerRunSseRoutes(api, route);
  registerRunLiveRoute(api, route);
  if (options.dev) registerDevRoutes(api, route, options.dev);
  if (options.a2a) registerA2aAppRoutes(api, route);
  // Read at the first request, when `app` holds every route.
  registerOpenApiRoutes(api, {
    routes: () => app.routes,
    version: options.version ?? adkVersion(),
    urlPrefix: prefix,
  });

  const app = new Hono();
  app.use('*', requestGuard(policy, options.bindHost));
  if (policy.configured) app.use('*', corsForPolicy(policy));
  app.use('*', requestBodyLimit(limit));
  if (prefix) app.route(prefix, api);
  app.route('/', api);
  if (options.devUi) {
    registerDevUiRoutes(app, options.devUi === true ? {} : options.devUi, prefix);
  }
  app.notFound((context) => context.json({ detail: 'Not Found' }, 404));
  app.onError((error, context) => errorResponse(context, error, exposeMessages));

  return {
    app,
    async close(graceMs = 5000) {
      shutdown.abort();
      await runs.whenIdle(graceMs);
      await runners.close();
    },
  };
}

function checkUrlPrefix(prefix: string | undefined): string | undefined {
  if (prefix === undefined || prefix === '' || prefix === '/') return undefined;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(prefix)) {
    throw new InvalidArgumentError({
      message:
        `urlPrefix must look like /path or /path/sub (letters, digits, . _ ~ -), ` +
        `without a trailing slash; got ${JSON.stringify(prefix)}.`,
      argument: 'urlPrefix',
    });
  }
  return prefix;
}
