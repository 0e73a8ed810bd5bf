import type { Context } from 'hono';
import { BaseAgent } from '../agents/base-agent.js';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { AppNotFoundError } from '../errors/app-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EvalSetResultsManager } from '../evaluation/eval-set-results-manager.js';
import type { EvalSetsManager } from '../evaluation/eval-sets-manager.js';
import type { MetricEvaluatorRegistry } from '../evaluation/metric-evaluator-registry.js';
import type { App } from '../runner/app.js';
import { sessionPath, type RouteContext } from './route-context.js';

// Eval set and result ids name files: letters, digits, `_`, `-` and `.` only, no `..`.
const ID_PATTERN = /^(?!.*\.\.)[A-Za-z0-9_.-]{1,255}$/;

/** What the eval routes share: the route context, the eval stores, the metrics and the agents directory. */
export interface DevEvalContext {
  readonly route: RouteContext;
  readonly evalSetsManager: EvalSetsManager;
  readonly evalSetResultsManager: EvalSetResultsManager;
  readonly metricEvaluatorRegistry: MetricEvaluatorRegistry;
  readonly agentsDirectory: string | undefined;
}

/**
 * The `app_name` path parameter of an eval route, validated (400) and known
 * to the agent loader (`AppNotFoundError`, 404), so that no eval file is
 * read or written for an app the server does not serve.
 */
export async function evalAppName(
  context: Context,
  { route, agentsDirectory }: DevEvalContext,
): Promise<string> {
  const { appName } = sessionPath(context);
  const apps = await route.options.agentLoader.listApps();
  if (!apps.includes(appName)) {
    throw new AppNotFoundError({ appName, agentsDir: agentsDirectory ?? '(none)' });
  }
  return appName;
}

/**
 * The path parameter `name` as an eval set, case or result id: 1 to 255
 * letters, digits, `_`, `-` or `.`, without `..` (they become file names);
 * otherwise `InvalidArgumentError` (400).
 */
export function evalIdParam(context: Context, name: string): string {
  const id = context.req.param(name) ?? '';
  if (!ID_PATTERN.test(id)) {
    throw new InvalidArgumentError({
      message: `Invalid ${name}: ${JSON.stringify(id)}.`,
      argument: name,
    });
  }
  return id;
}

/** FastAPI's `HTTPException(status, detail)` body. */
export function detailResponse(
  context: Context,
  status: 400 | 404 | 500,
  detail: string,
): Response {
  return context.json({ detail }, status);
}

/**
 * Runs an eval store write, answering a taken id as adk-python's eval routes
 * do: with 400 (its stores raise `ValueError`), not the 409 an
 * `AlreadyExistsError` gets elsewhere.
 */
export async function evalWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!AlreadyExistsError.isInstance(error)) throw error;
    throw new InvalidArgumentError({ message: error.message, cause: error });
  }
}

/**
 * The app as the agent loader gives it: an `App` (its plugins and settings
 * take part in eval runs, as in adk-python) or a bare root agent.
 */
export async function loadEvalApp(
  evals: DevEvalContext,
  appName: string,
): Promise<{ app?: App; rootAgent: BaseAgent }> {
  const loaded = await evals.route.options.agentLoader.loadApp(appName);
  return loaded instanceof BaseAgent
    ? { rootAgent: loaded }
    : { app: loaded, rootAgent: loaded.rootAgent };
}
