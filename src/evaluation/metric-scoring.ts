import type { Content } from '@google/genai';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Invocation } from './eval-case.js';
import { EvalStatus, type EvalMetric } from './eval-metrics.js';
import type { EvaluationResult, PerInvocationResult } from './evaluator.js';

/**
 * The status a score earns against a threshold, as the reference's
 * evaluators decide it: `PASSED` when `score >= threshold`, `FAILED` below,
 * `NOT_EVALUATED` when there is no score.
 */
export function evalStatusOf(score: number | undefined, threshold: number): EvalStatus {
  if (score === undefined) return EvalStatus.NOT_EVALUATED;
  return score >= threshold ? EvalStatus.PASSED : EvalStatus.FAILED;
}

/**
 * The threshold of an eval metric: its criterion's threshold when it has a
 * criterion, else its (deprecated) top-level `threshold`. A metric with
 * neither is `InvalidArgumentError`.
 */
export function getMetricThreshold(evalMetric: EvalMetric): number {
  const threshold = evalMetric.criterion?.threshold ?? evalMetric.threshold;
  if (threshold === undefined || threshold === null) {
    throw new InvalidArgumentError({
      argument: 'evalMetric',
      message: `Metric ${evalMetric.metricName} has neither a criterion nor a threshold.`,
    });
  }
  return threshold;
}

/**
 * Rejects expected invocations that cannot be paired one to one with the
 * actual ones (`InvalidArgumentError`), as the reference's
 * `_validate_invocation_lengths` does. Absent expected invocations pass.
 */
export function checkInvocationLengths(
  actualInvocations: readonly Invocation[],
  expectedInvocations: readonly Invocation[] | undefined,
): void {
  if (
    expectedInvocations !== undefined &&
    actualInvocations.length !== expectedInvocations.length
  ) {
    throw new InvalidArgumentError({
      argument: 'expectedInvocations',
      message:
        'actualInvocations and expectedInvocations must have the same length; got ' +
        `${actualInvocations.length} and ${expectedInvocations.length}.`,
    });
  }
}

/**
 * The expected invocations a reference-based metric needs, checked against
 * the actual ones; `InvalidArgumentError` when they are absent.
 */
export function requireExpectedInvocations(
  metricName: string,
  actualInvocations: readonly Invocation[],
  expectedInvocations: readonly Invocation[] | undefined,
): readonly Invocation[] {
  if (expectedInvocations === undefined) {
    throw new InvalidArgumentError({
      argument: 'expectedInvocations',
      message: `expectedInvocations is needed by the ${metricName} metric.`,
    });
  }
  checkInvocationLengths(actualInvocations, expectedInvocations);
  return expectedInvocations;
}

/** The result of an evaluation that scored nothing: no score, `NOT_EVALUATED`. */
export function notEvaluatedResult(): EvaluationResult {
  return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
}

/**
 * An eval case's result from its per-invocation results, as the reference's
 * per-invocation metrics aggregate: the overall score is the mean of the
 * invocations that have a score, its status from `threshold`. With no
 * invocation results it is `notEvaluatedResult()`; with results but no score
 * among them, the results are kept and the overall is not evaluated.
 */
export function averageOverInvocations(
  perInvocationResults: readonly PerInvocationResult[],
  threshold: number,
): EvaluationResult {
  if (perInvocationResults.length === 0) return notEvaluatedResult();
  const scores = perInvocationResults
    .map((result) => result.score)
    .filter((score): score is number => score !== undefined);
  if (scores.length === 0) {
    return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults };
  }
  let total = 0;
  for (const score of scores) total += score;
  const overallScore = total / scores.length;
  return {
    overallScore,
    overallEvalStatus: evalStatusOf(overallScore, threshold),
    perInvocationResults,
  };
}

/** What `scoreEachAgainstExpected` scores. */
export interface ScoreEachAgainstExpectedRequest {
  /** The metric's name, for the error when the expected invocations are absent. */
  metricName: string;
  actualInvocations: readonly Invocation[];
  expectedInvocations: readonly Invocation[] | undefined;
  threshold: number;
  /** The score of one actual invocation against the expected one at its position. */
  score: (actual: Invocation, expected: Invocation) => number;
}

/**
 * A reference-based per-invocation metric's result: each actual invocation
 * scored against the expected one at its position, passing at
 * `score >= threshold`, the case's score their mean (`averageOverInvocations`).
 * `InvalidArgumentError` when the expected invocations are absent or do not
 * pair one to one with the actual ones.
 */
export function scoreEachAgainstExpected({
  metricName,
  actualInvocations,
  expectedInvocations,
  threshold,
  score,
}: ScoreEachAgainstExpectedRequest): EvaluationResult {
  const expected = requireExpectedInvocations(metricName, actualInvocations, expectedInvocations);
  const perInvocationResults: PerInvocationResult[] = actualInvocations.map((actual, index) => {
    const expectedInvocation = expected[index]!;
    const invocationScore = score(actual, expectedInvocation);
    return {
      actualInvocation: actual,
      expectedInvocation,
      score: invocationScore,
      evalStatus: evalStatusOf(invocationScore, threshold),
    };
  });
  return averageOverInvocations(perInvocationResults, threshold);
}

/**
 * The text of a content: its text parts joined with newlines (empty parts
 * skipped), or `''` for no content, as the reference's `_get_text_from_content`.
 */
export function textOf(content: Content | undefined | null): string {
  return (content?.parts ?? [])
    .map((part) => part.text)
    .filter((text): text is string => text !== undefined && text !== '')
    .join('\n');
}
