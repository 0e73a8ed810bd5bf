import type { Hono } from 'hono';
import type { InMemorySpanStore } from '../telemetry/span-store.js';
import { registerDevBuilderRoutes } from './dev-builder-routes.js';
import { registerDevCacheRoutes } from './dev-cache-routes.js';
import { registerDevEvalRoutes, type DevEvalStores } from './dev-eval-routes.js';
import { registerDevGraphRoutes } from './dev-graph-routes.js';
import { registerDevTraceRoutes } from './dev-trace-routes.js';
import type { RouteContext } from './route-context.js';

/** The development routes of `adk web` (`ApiServerOptions.dev`). */
export interface DevRoutesOptions extends DevEvalStores {
  /**
   * Where `/dev/apps/{app}/debug/trace/…` read spans; without it those
   * routes are not served. Register it as the tracer provider
   * (`registerSpanStore`) so runs record into it.
   */
  spanStore?: InMemorySpanStore;
  /**
   * The agents directory: where eval sets and eval results are kept by
   * default, READMEs read for `build_graph`, and the agent builder reads
   * and writes.
   */
  agentsDirectory?: string;
}

/**
 * Registers adk-python's dev-server routes: debug traces (with a span
 * store), the agent graphs, the agent builder, and the eval routes (eval
 * sets and cases, running evals, results, metrics); and this package's
 * context-cache report.
 */
export function registerDevRoutes(api: Hono, route: RouteContext, options: DevRoutesOptions): void {
  if (options.spanStore) registerDevTraceRoutes(api, options.spanStore);
  registerDevGraphRoutes(api, route, options.agentsDirectory);
  registerDevBuilderRoutes(api, options.agentsDirectory);
  registerDevEvalRoutes(api, route, options.agentsDirectory, options);
  registerDevCacheRoutes(api, route);
}
