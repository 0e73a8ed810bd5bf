import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { logger } from '../utils/logger.js';
import type { EvalCase, Invocation } from './eval-case.js';
import {
  type EvalMetric,
  type EvalMetricResult,
  type EvalMetricResultPerInvocation,
  EvalStatus,
} from './eval-metrics.js';
import type { Rubric, RubricScore } from './eval-rubrics.js';
import type { EvaluationResult } from './evaluator.js';
import type { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';

/**
 * Adds the eval case's rubrics to every actual invocation, and each expected
 * invocation's rubrics to the actual invocation at its position, so rubric
 * metrics find them on the invocation they judge (Python
 * `_copy_eval_case_rubrics_to_actual_invocations` and
 * `_copy_invocation_rubrics_to_actual_invocations`). Throws
 * `InvalidArgumentError` when a rubric id would appear twice on one invocation.
 */
export function copyRubricsToActualInvocations(evalCase: EvalCase, actual: Invocation[]): void {
  if (evalCase.rubrics?.length) {
    for (const invocation of actual) addRubrics(invocation, evalCase.rubrics);
  }
  const expected = evalCase.conversation ?? [];
  actual.forEach((invocation, index) => {
    const rubrics = expected[index]?.rubrics;
    if (rubrics?.length) addRubrics(invocation, rubrics);
  });
}

function addRubrics(invocation: Invocation, rubrics: readonly Rubric[]): void {
  const existing = (invocation.rubrics ??= []);
  const ids = new Set(existing.map((rubric) => rubric.rubricId));
  for (const rubric of rubrics) {
    if (ids.has(rubric.rubricId)) {
      throw new InvalidArgumentError({
        message: `Rubric with rubric_id '${rubric.rubricId}' already exists.`,
        argument: 'rubrics',
      });
    }
    existing.push(structuredClone(rubric));
    ids.add(rubric.rubricId);
  }
}

/** Request of `scoreEvalCase`. */
export interface ScoreEvalCaseRequest {
  registry: MetricEvaluatorRegistry;
  evalMetrics: readonly EvalMetric[];
  evalCase: EvalCase;
  /** The inference's invocations, rubrics already copied onto them. */
  actualInvocations: Invocation[];
}

/** The scoring part of an EvalCaseResult. */
export interface EvalCaseScores {
  finalEvalStatus: EvalStatus;
  overallEvalMetricResults: EvalMetricResult[];
  evalMetricResultPerInvocation: EvalMetricResultPerInvocation[];
}

/**
 * Scores one inference with each metric in order (Python
 * `_evaluate_single_inference_result`): each metric's overall result, and its
 * result on each invocation beside the expected invocation at that position.
 * A metric that throws (an unknown metric, a judge that fails) is logged and
 * counted `NOT_EVALUATED`. The case passes when no metric failed and at
 * least one passed (`finalEvalStatus`).
 */
export async function scoreEvalCase(request: ScoreEvalCaseRequest): Promise<EvalCaseScores> {
  const { evalCase, actualInvocations } = request;
  const expected = evalCase.conversation;
  const perInvocation: EvalMetricResultPerInvocation[] = actualInvocations.map(
    (actualInvocation, index) => {
      const entry: EvalMetricResultPerInvocation = { actualInvocation, evalMetricResults: [] };
      const expectedInvocation = expected?.[index];
      if (expectedInvocation) entry.expectedInvocation = expectedInvocation;
      return entry;
    },
  );
  const overall: EvalMetricResult[] = [];
  for (const evalMetric of request.evalMetrics) {
    const result = await evaluateMetric(request, evalMetric);
    overall.push(
      metricResult(
        evalMetric,
        result.overallScore,
        result.overallEvalStatus,
        result.overallRubricScores,
      ),
    );
    const evaluated = result.overallEvalStatus !== EvalStatus.NOT_EVALUATED;
    if (evaluated && result.perInvocationResults.length !== perInvocation.length) {
      throw new InvalidArgumentError({
        message:
          'Eval metric should return results for each invocation. Found ' +
          `${result.perInvocationResults.length} results for ${perInvocation.length} invocations.`,
        argument: 'evalMetrics',
      });
    }
    perInvocation.forEach((entry, index) => {
      const invocationResult = evaluated ? result.perInvocationResults[index] : undefined;
      entry.evalMetricResults.push(
        metricResult(
          evalMetric,
          invocationResult?.score,
          invocationResult?.evalStatus ?? EvalStatus.NOT_EVALUATED,
          invocationResult?.rubricScores,
        ),
      );
    });
  }
  return {
    finalEvalStatus: finalEvalStatus(overall),
    overallEvalMetricResults: overall,
    evalMetricResultPerInvocation: perInvocation,
  };
}

async function evaluateMetric(
  request: ScoreEvalCaseRequest,
  evalMetric: EvalMetric,
): Promise<EvaluationResult> {
  try {
    const evaluator = request.registry.getEvaluator(evalMetric);
    return await evaluator.evaluateInvocations({
      actualInvocations: request.actualInvocations,
      ...(request.evalCase.conversation
        ? { expectedInvocations: request.evalCase.conversation }
        : {}),
      ...(request.evalCase.conversationScenario
        ? { conversationScenario: request.evalCase.conversationScenario }
        : {}),
    });
  } catch (error) {
    // One metric failing must not affect the others.
    logger.error(
      `Metric evaluation failed for metric \`${evalMetric.metricName}\` for eval case id ` +
        `'${request.evalCase.evalId}' with following error \`${String(error)}\``,
    );
    return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
  }
}

function metricResult(
  evalMetric: EvalMetric,
  score: number | undefined,
  evalStatus: EvalStatus,
  rubricScores: readonly RubricScore[] | undefined,
): EvalMetricResult {
  const result: EvalMetricResult = {
    ...structuredClone(evalMetric),
    evalStatus,
    details: rubricScores === undefined ? {} : { rubricScores: structuredClone([...rubricScores]) },
  };
  if (score !== undefined && score !== null) result.score = score;
  return result;
}

/**
 * The threshold a metric's score is held to (Python `_get_metric_threshold`):
 * its criterion's, else its own. Throws `InvalidArgumentError` for a metric
 * with neither.
 */
export function getMetricThreshold(
  metric: Pick<EvalMetric, 'metricName' | 'threshold' | 'criterion'>,
): number {
  const threshold = metric.criterion?.threshold ?? metric.threshold;
  if (typeof threshold !== 'number') {
    throw new InvalidArgumentError({
      message: `Metric ${metric.metricName} has no threshold (neither in its criterion nor its own).`,
      argument: 'evalMetric',
    });
  }
  return threshold;
}

/**
 * The status of a case from its metrics' overall statuses (Python
 * `_generate_final_eval_status`): `FAILED` as soon as one failed, else
 * `PASSED` when one passed, else `NOT_EVALUATED`. Metrics that were not
 * evaluated, or are only informational, do not count.
 */
export function finalEvalStatus(
  overall: readonly Pick<EvalMetricResult, 'evalStatus'>[],
): EvalStatus {
  let status: EvalStatus = EvalStatus.NOT_EVALUATED;
  for (const { evalStatus } of overall) {
    if (evalStatus === EvalStatus.FAILED) return EvalStatus.FAILED;
    if (evalStatus === EvalStatus.PASSED) status = EvalStatus.PASSED;
  }
  return status;
}
