import type { Hono } from 'hono';
import type { EvalSetResultsManager } from '../evaluation/eval-set-results-manager.js';
import type { EvalSetsManager } from '../evaluation/eval-sets-manager.js';
import { InMemoryEvalSetResultsManager } from '../evaluation/in-memory-eval-set-results-manager.js';
import { InMemoryEvalSetsManager } from '../evaluation/in-memory-eval-sets-manager.js';
import { LocalEvalSetResultsManager } from '../evaluation/local-eval-set-results-manager.js';
import { LocalEvalSetsManager } from '../evaluation/local-eval-sets-manager.js';
import { createDefaultMetricEvaluatorRegistry } from '../evaluation/default-metric-evaluator-registry.js';
import type { MetricEvaluatorRegistry } from '../evaluation/metric-evaluator-registry.js';
import { registerDevEvalAddSessionRoute } from './dev-eval-add-session-route.js';
import { registerDevEvalResultRoutes } from './dev-eval-result-routes.js';
import { registerDevEvalRunRoutes } from './dev-eval-run-routes.js';
import { registerDevEvalSetRoutes } from './dev-eval-set-routes.js';
import type { RouteContext } from './route-context.js';

/** Where the eval routes keep eval sets and results, and their metrics (`DevRoutesOptions`). */
export interface DevEvalStores {
  /**
   * The eval sets; default the agents directory's `<app>/*.evalset.json`
   * files (`LocalEvalSetsManager`), or in memory without an agents directory.
   */
  readonly evalSetsManager?: EvalSetsManager;
  /**
   * The eval results; default `<app>/.adk/eval_history/` in the agents
   * directory (`LocalEvalSetResultsManager`), or in memory without one.
   */
  readonly evalSetResultsManager?: EvalSetResultsManager;
  /**
   * The metrics evals are scored with and `metrics-info` lists; default
   * `createDefaultMetricEvaluatorRegistry()`. Register your own metric here.
   */
  readonly metricEvaluatorRegistry?: MetricEvaluatorRegistry;
}

/**
 * adk-python's dev-server eval routes (both the new and the legacy forms):
 * eval sets and cases (`registerDevEvalSetRoutes`), a session added as a
 * case (`registerDevEvalAddSessionRoute`), running evals
 * (`registerDevEvalRunRoutes`), results and metrics-info
 * (`registerDevEvalResultRoutes`); over the given stores and registry or
 * the defaults of `DevEvalStores`.
 */
export function registerDevEvalRoutes(
  api: Hono,
  route: RouteContext,
  agentsDirectory: string | undefined,
  stores: DevEvalStores = {},
): void {
  const evals = {
    route,
    agentsDirectory,
    evalSetsManager:
      stores.evalSetsManager ??
      (agentsDirectory === undefined
        ? new InMemoryEvalSetsManager()
        : new LocalEvalSetsManager(agentsDirectory)),
    evalSetResultsManager:
      stores.evalSetResultsManager ??
      (agentsDirectory === undefined
        ? new InMemoryEvalSetResultsManager()
        : new LocalEvalSetResultsManager(agentsDirectory)),
    metricEvaluatorRegistry:
      stores.metricEvaluatorRegistry ?? createDefaultMetricEvaluatorRegistry(),
  };
  registerDevEvalSetRoutes(api, evals);
  registerDevEvalAddSessionRoute(api, evals);
  registerDevEvalRunRoutes(api, evals);
  registerDevEvalResultRoutes(api, evals);
}
