import { finalEvalStatus, getMetricThreshold } from './eval-case-scoring.js';
import { type EvalMetricResult, EvalStatus } from './eval-metrics.js';
import type { EvalCaseResult } from './eval-result.js';

/** True for a metric that reports a value but never passes or fails. */
function isInformational(result: EvalMetricResult): boolean {
  const informational = (EvalStatus as Record<string, number>).INFORMATIONAL;
  return (
    (informational !== undefined && result.evalStatus === informational) ||
    (result.criterion === undefined && result.threshold === undefined)
  );
}

// A run whose inference threw has no metric results; its failure must still count.
function hasHardFailedRun(runs: readonly EvalCaseResult[]): boolean {
  return runs.some(
    (run) =>
      run.finalEvalStatus === EvalStatus.FAILED &&
      !run.evalMetricResultPerInvocation.some((entry) => entry.evalMetricResults.length > 0),
  );
}

// Every per-invocation result of every run pooled by metric, in first-seen order, and averaged.
function meanOverInvocations(runs: readonly EvalCaseResult[]): EvalMetricResult[] {
  const byMetric = new Map<string, EvalMetricResult[]>();
  for (const run of runs) {
    for (const entry of run.evalMetricResultPerInvocation) {
      for (const result of entry.evalMetricResults) {
        const list = byMetric.get(result.metricName);
        if (list) list.push(result);
        else byMetric.set(result.metricName, [result]);
      }
    }
  }
  const overall: EvalMetricResult[] = [];
  for (const results of byMetric.values()) {
    const aggregate = structuredClone(results[0]!);
    const scores = results.flatMap((result) =>
      typeof result.score === 'number' ? [result.score] : [],
    );
    const mean = scores.length
      ? scores.reduce((sum, score) => sum + score, 0) / scores.length
      : undefined;
    delete aggregate.score;
    if (mean !== undefined) aggregate.score = mean;
    if (isInformational(aggregate)) {
      const informational = (EvalStatus as Record<string, number>).INFORMATIONAL;
      aggregate.evalStatus = (informational ?? EvalStatus.NOT_EVALUATED) as EvalStatus;
    } else if (mean !== undefined) {
      aggregate.evalStatus =
        mean >= getMetricThreshold(aggregate) ? EvalStatus.PASSED : EvalStatus.FAILED;
    } else {
      aggregate.evalStatus = EvalStatus.NOT_EVALUATED;
    }
    overall.push(aggregate);
  }
  return overall;
}

/**
 * Folds the results of repeated runs into one result per eval case (Python
 * `aggregate_eval_case_results`, strategy `MEAN_OVER_INVOCATIONS`): results
 * are grouped by eval set and case; a case run once is returned as it is;
 * for a case run several times, each metric's overall score is the mean of
 * its scores over every invocation of every run (not the mean of the runs'
 * means), passing when it reaches the metric's threshold. A run whose
 * inference failed fails the case. The representative result is the run
 * with the smallest session id, carrying every run's invocations. The list
 * is sorted by eval set id, then case id.
 */
export function aggregateEvalCaseResults(results: readonly EvalCaseResult[]): EvalCaseResult[] {
  const byCase = new Map<string, EvalCaseResult[]>();
  for (const result of results) {
    const key = JSON.stringify([result.evalSetId, result.evalId]);
    const list = byCase.get(key);
    if (list) list.push(result);
    else byCase.set(key, [result]);
  }
  const aggregated: EvalCaseResult[] = [];
  for (const runs of byCase.values()) {
    if (runs.length === 1) {
      aggregated.push(runs[0]!);
      continue;
    }
    // Runs arrive in completion order; sorting makes the representative run deterministic.
    const sorted = [...runs].sort((a, b) => compare(a.sessionId ?? '', b.sessionId ?? ''));
    const overall = meanOverInvocations(sorted);
    let status = finalEvalStatus(overall);
    if (status !== EvalStatus.FAILED && hasHardFailedRun(sorted)) status = EvalStatus.FAILED;
    const aggregate = structuredClone(sorted[0]!);
    aggregate.overallEvalMetricResults = overall;
    aggregate.finalEvalStatus = status;
    aggregate.evalMetricResultPerInvocation = sorted.flatMap((run) =>
      structuredClone(run.evalMetricResultPerInvocation),
    );
    aggregated.push(aggregate);
  }
  return aggregated.sort(
    (a, b) => compare(a.evalSetId, b.evalSetId) || compare(a.evalId, b.evalId),
  );
}

// Python compares str by code point, not by locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
