import { requestJson, segment } from '../api/http';
import type {
  WireEvalCase,
  WireEvalCaseResult,
  WireEvalMetric,
  WireEvalSetResult,
  WireMetricInfo,
} from './eval-types';

/*
 * The eval routes of adk-python's dev server (`/dev/apps/{app}/…`), in the
 * forms its adk-web calls. Every function rejects with ApiError on a non-2xx
 * answer; the caller shows it.
 */

function appPath(appName: string): string {
  return `/dev/apps/${segment(appName)}`;
}

function casePath(appName: string, evalSetId: string, evalId: string): string {
  return `${appPath(appName)}/eval-sets/${segment(evalSetId)}/eval-cases/${segment(evalId)}`;
}

/** `GET …/eval-sets`: the app's eval set ids. */
export async function listEvalSets(appName: string): Promise<string[]> {
  const body = await requestJson<{ evalSetIds?: string[] }>(`${appPath(appName)}/eval-sets`);
  return body.evalSetIds ?? [];
}

/** `POST …/eval-sets`: creates an empty eval set (the inner EvalSet is snake_case, as Python reads it). */
export async function createEvalSet(appName: string, evalSetId: string): Promise<void> {
  await requestJson<unknown>(`${appPath(appName)}/eval-sets`, {
    method: 'POST',
    body: JSON.stringify({ evalSet: { eval_set_id: evalSetId, eval_cases: [] } }),
  });
}

/** `GET …/eval_sets/{id}/evals`: the set's eval case ids, sorted. */
export function listEvalCases(appName: string, evalSetId: string): Promise<string[]> {
  return requestJson<string[]>(`${appPath(appName)}/eval_sets/${segment(evalSetId)}/evals`);
}

/** What `addSessionToEvalSet` needs: the set, the new case's id and the session to turn into it. */
export interface AddSessionRequest {
  appName: string;
  evalSetId: string;
  evalId: string;
  sessionId: string;
  userId: string;
}

/** `POST …/eval-sets/{id}/add-session`: adds the session's invocations as a new case. */
export async function addSessionToEvalSet(request: AddSessionRequest): Promise<void> {
  const { appName, evalSetId, evalId, sessionId, userId } = request;
  await requestJson<unknown>(`${appPath(appName)}/eval-sets/${segment(evalSetId)}/add-session`, {
    method: 'POST',
    body: JSON.stringify({ evalId, sessionId, userId }),
  });
}

/** `GET …/eval-sets/{set}/eval-cases/{id}`. */
export function getEvalCase(
  appName: string,
  evalSetId: string,
  evalId: string,
): Promise<WireEvalCase> {
  return requestJson<WireEvalCase>(casePath(appName, evalSetId, evalId));
}

/** `PUT …/eval-sets/{set}/eval-cases/{id}`: replaces the case. */
export async function updateEvalCase(
  appName: string,
  evalSetId: string,
  evalCase: WireEvalCase,
): Promise<void> {
  await requestJson<unknown>(casePath(appName, evalSetId, evalCase.evalId), {
    method: 'PUT',
    body: JSON.stringify(evalCase),
  });
}

/** `DELETE …/eval-sets/{set}/eval-cases/{id}`. */
export async function deleteEvalCase(
  appName: string,
  evalSetId: string,
  evalId: string,
): Promise<void> {
  await requestJson<unknown>(casePath(appName, evalSetId, evalId), { method: 'DELETE' });
}

/** `GET …/metrics-info`: the metrics the server can score. */
export async function getMetricsInfo(appName: string): Promise<WireMetricInfo[]> {
  const body = await requestJson<{ metricsInfo?: WireMetricInfo[] }>(
    `${appPath(appName)}/metrics-info`,
  );
  return body.metricsInfo ?? [];
}

/** What `runEval` needs: the set, the cases to run and the metrics with their thresholds. */
export interface RunEvalRequest {
  appName: string;
  evalSetId: string;
  evalCaseIds: string[];
  evalMetrics: WireEvalMetric[];
}

/** `POST …/eval-sets/{id}/run`: runs the cases and answers one result per case. */
export async function runEval(request: RunEvalRequest): Promise<WireEvalCaseResult[]> {
  const { appName, evalSetId, evalCaseIds, evalMetrics } = request;
  const body = await requestJson<{ runEvalResults?: WireEvalCaseResult[] }>(
    `${appPath(appName)}/eval-sets/${segment(evalSetId)}/run`,
    { method: 'POST', body: JSON.stringify({ evalCaseIds, evalMetrics }) },
  );
  return body.runEvalResults ?? [];
}

/** `GET …/eval-results`: the stored results' ids. */
export async function listEvalResults(appName: string): Promise<string[]> {
  const body = await requestJson<{ evalResultIds?: string[] }>(`${appPath(appName)}/eval-results`);
  return body.evalResultIds ?? [];
}

/** `GET …/eval-results/{id}`: one stored run. */
export function getEvalResult(appName: string, evalResultId: string): Promise<WireEvalSetResult> {
  return requestJson<WireEvalSetResult>(
    `${appPath(appName)}/eval-results/${segment(evalResultId)}`,
  );
}
