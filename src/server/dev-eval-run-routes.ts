import type { Context, Hono } from 'hono';
import { redactCredentials } from '../auth/redact-credentials.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { InferenceResult } from '../evaluation/base-eval-service.js';
import type { EvalCaseResult } from '../evaluation/eval-result.js';
import { evalCaseResultToCamelCaseJson } from '../evaluation/eval-result-json.js';
import { LocalEvalService } from '../evaluation/local-eval-service.js';
import { UserSimulatorProvider } from '../evaluation/simulation/user-simulator-provider.js';
import {
  detailResponse,
  evalAppName,
  evalIdParam,
  loadEvalApp,
  type DevEvalContext,
} from './dev-eval-context.js';
import { RunEvalRequest } from './dev-eval-request-schemas.js';
import { readJsonBody } from './read-request.js';

/**
 * The routes that run an eval (adk-python's dev server):
 * `POST /dev/apps/{app}/eval-sets/{id}/run` `{evalCaseIds, evalMetrics,
 * userSimulatorConfig?}` → `{runEvalResults: [{evalSetFile, evalSetId,
 * evalId, finalEvalStatus, evalMetricResults: [], overallEvalMetricResults,
 * evalMetricResultPerInvocation, userId, sessionId}]}`; the legacy
 * `POST …/eval_sets/{id}/run_eval` answers the bare list. The selected cases
 * (all when `evalCaseIds`, or the deprecated `evalIds`, is empty) run
 * through the app with the server's session and artifact services (eval
 * sessions are hidden from session listings), are scored with each metric
 * by the server's registry, and their results are saved as one
 * EvalSetResult. A missing eval set is 400 (as the reference answers), an
 * unknown case id 404; `liveModelConfig` is refused with 400: live
 * (bidirectional streaming) inference is not offered here.
 */
export function registerDevEvalRunRoutes(api: Hono, evals: DevEvalContext): void {
  const run = async (context: Context): Promise<unknown[] | Response> => {
    const appName = await evalAppName(context, evals);
    const evalSetId = evalIdParam(context, 'eval_set_id');
    const request = await readJsonBody(context, RunEvalRequest);
    if (request.liveModelConfig !== undefined) {
      throw new InvalidArgumentError({
        argument: 'live_model_config',
        message: 'Live (bidirectional streaming) eval inference is not supported by this server.',
      });
    }
    if (!(await evals.evalSetsManager.getEvalSet({ appName, evalSetId }))) {
      return detailResponse(context, 400, `Eval set \`${evalSetId}\` not found.`);
    }
    const { options } = evals.route;
    const service = new LocalEvalService({
      ...(await loadEvalApp(evals, appName)),
      evalSetsManager: evals.evalSetsManager,
      evalSetResultsManager: evals.evalSetResultsManager,
      metricEvaluatorRegistry: evals.metricEvaluatorRegistry,
      sessionService: options.sessionService,
      ...(options.artifactService ? { artifactService: options.artifactService } : {}),
      userSimulatorProvider: new UserSimulatorProvider(
        request.userSimulatorConfig ? { userSimulatorConfig: request.userSimulatorConfig } : {},
      ),
    });
    const inferenceResults: InferenceResult[] = [];
    for await (const result of service.performInference({
      appName,
      evalSetId,
      evalCaseIds: request.evalCaseIds.length > 0 ? request.evalCaseIds : request.evalIds,
    })) {
      inferenceResults.push(result);
    }
    const results: unknown[] = [];
    for await (const result of service.evaluate({
      inferenceResults,
      evaluateConfig: { evalMetrics: request.evalMetrics },
    })) {
      results.push(runEvalResult(result, evalSetId));
    }
    return results;
  };
  api.post('/dev/apps/:app_name/eval-sets/:eval_set_id/run', async (context) => {
    const results = await run(context);
    return results instanceof Response ? results : context.json({ runEvalResults: results });
  });
  api.post('/dev/apps/:app_name/eval_sets/:eval_set_id/run_eval', async (context) => {
    const results = await run(context);
    return results instanceof Response ? results : context.json(results);
  });
}

// Python's RunEvalResult: the case result's fields, the deprecated
// `evalMetricResults` left empty, credentials redacted.
function runEvalResult(result: EvalCaseResult, evalSetId: string): unknown {
  const json = redactCredentials(evalCaseResultToCamelCaseJson(result)) as Record<string, unknown>;
  return {
    evalSetFile: json['evalSetFile'],
    evalSetId,
    evalId: json['evalId'],
    finalEvalStatus: json['finalEvalStatus'],
    evalMetricResults: [],
    overallEvalMetricResults: json['overallEvalMetricResults'],
    evalMetricResultPerInvocation: json['evalMetricResultPerInvocation'],
    userId: json['userId'],
    sessionId: json['sessionId'],
  };
}
