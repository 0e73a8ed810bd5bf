import type { Hono } from 'hono';
import { redactCredentials } from '../auth/redact-credentials.js';
import { evalToCamelCaseJson } from '../evaluation/eval-json.js';
import { METRIC_INFO_CASING_RULE, MetricInfo } from '../evaluation/eval-metrics.js';
import { evalSetResultToCamelCaseJson } from '../evaluation/eval-result-json.js';
import { evalAppName, evalIdParam, type DevEvalContext } from './dev-eval-context.js';

/**
 * The eval result routes of adk-python's dev server (`/dev/apps/{app}/…`):
 * - `GET eval-results` → `{evalResultIds}`; legacy `eval_results` → `string[]`;
 * - `GET eval-results/{id}` (legacy `eval_results/{id}`) → the EvalSetResult
 *   in camelCase with credentials redacted; 404 when there is none;
 * - `GET metrics-info` → `{metricsInfo: [{metricName, description,
 *   metricValueInfo}]}`: the metrics of the server's evaluator registry.
 */
export function registerDevEvalResultRoutes(api: Hono, evals: DevEvalContext): void {
  const listResults = async (appName: string): Promise<string[]> =>
    evals.evalSetResultsManager.listEvalSetResults({ appName });
  api.get('/dev/apps/:app_name/eval-results', async (context) =>
    context.json({ evalResultIds: await listResults(await evalAppName(context, evals)) }),
  );
  api.get('/dev/apps/:app_name/eval_results', async (context) =>
    context.json(await listResults(await evalAppName(context, evals))),
  );
  for (const route of [
    '/dev/apps/:app_name/eval-results/:eval_result_id',
    '/dev/apps/:app_name/eval_results/:eval_result_id',
  ]) {
    api.get(route, async (context) => {
      const appName = await evalAppName(context, evals);
      const result = await evals.evalSetResultsManager.getEvalSetResult({
        appName,
        evalSetResultId: evalIdParam(context, 'eval_result_id'),
      });
      return context.json(redactCredentials(evalSetResultToCamelCaseJson(result)));
    });
  }

  api.get('/dev/apps/:app_name/metrics-info', async (context) => {
    // Python ignores the app too: metrics are not tied to an app (yet).
    await evalAppName(context, evals);
    return context.json({
      metricsInfo: evals.metricEvaluatorRegistry
        .getRegisteredMetrics()
        .map((info) =>
          evalToCamelCaseJson(MetricInfo, METRIC_INFO_CASING_RULE, info, 'metricInfo'),
        ),
    });
  });
}
