import type { FunctionCall } from '@google/genai';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { getAllToolCalls, type Invocation } from '../eval-case.js';
import { toolTrajectoryMatchTypeOf, type ToolTrajectoryMatchType } from '../eval-criteria.js';
import type { EvalMetric } from '../eval-metrics.js';
import type { EvaluateInvocationsRequest, EvaluationResult, Evaluator } from '../evaluator.js';
import { getMetricThreshold, scoreEachAgainstExpected } from '../metric-scoring.js';
import { pythonEquals } from '../python-equals.js';

/**
 * `tool_trajectory_avg_score` (Python's `TrajectoryEvaluator`): each
 * invocation scores 1 when its tool calls match the expected ones under the
 * criterion's match type and 0 otherwise; the case's score is the mean.
 * Calls match on name and arguments (Python `==` on the arguments, so key
 * order does not count and `1 == 1.0`); call ids and tool responses are
 * ignored, and so are the arguments when the criterion sets `ignore_args`.
 *
 * - `EXACT`: the same calls in the same order, nothing more or less.
 * - `IN_ORDER`: the expected calls appear in order, other calls between them allowed.
 * - `ANY_ORDER`: each expected call appears (one actual call per expected call), in any order.
 *
 * Without a criterion the metric's threshold is used and the match is `EXACT`.
 */
export class TrajectoryEvaluator implements Evaluator {
  readonly #threshold: number;
  readonly #matchType: ToolTrajectoryMatchType;
  readonly #ignoreArgs: boolean;

  constructor({ evalMetric }: { evalMetric: EvalMetric }) {
    const criterion = evalMetric.criterion as Readonly<Record<string, unknown>> | undefined | null;
    if (criterion === undefined || criterion === null) {
      // Without a criterion, getMetricThreshold reads the metric's own threshold.
      this.#threshold = getMetricThreshold(evalMetric);
      this.#matchType = 'EXACT';
      this.#ignoreArgs = false;
      return;
    }
    const matchType = parseMatchType(criterion['matchType'] ?? criterion['match_type']);
    const ignoreArgs = criterion['ignoreArgs'] ?? criterion['ignore_args'] ?? false;
    if (
      typeof criterion['threshold'] !== 'number' ||
      matchType === undefined ||
      typeof ignoreArgs !== 'boolean'
    ) {
      throw new InvalidArgumentError({
        argument: 'evalMetric.criterion',
        message:
          `\`${evalMetric.metricName}\` metric expects a criterion of type ` +
          '`ToolTrajectoryCriterion` (a numeric threshold, match_type EXACT, IN_ORDER or ' +
          'ANY_ORDER, and an optional boolean ignore_args).',
      });
    }
    this.#threshold = criterion['threshold'];
    this.#matchType = matchType;
    this.#ignoreArgs = ignoreArgs;
  }

  async evaluateInvocations({
    actualInvocations,
    expectedInvocations,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    return scoreEachAgainstExpected({
      metricName: 'tool_trajectory_avg_score',
      actualInvocations,
      expectedInvocations,
      threshold: this.#threshold,
      score: (actual, expected) => this.#toolUseAccuracy(actual, expected),
    });
  }

  #toolUseAccuracy(actual: Invocation, expected: Invocation): number {
    const actualCalls = getAllToolCalls(actual.intermediateData);
    const expectedCalls = getAllToolCalls(expected.intermediateData);
    const matches = (call: FunctionCall, other: FunctionCall): boolean =>
      call.name === other.name && (this.#ignoreArgs || pythonEquals(call.args, other.args));
    switch (this.#matchType) {
      case 'EXACT':
        return exactMatch(actualCalls, expectedCalls, matches) ? 1 : 0;
      case 'IN_ORDER':
        return inOrderMatch(actualCalls, expectedCalls, matches) ? 1 : 0;
      case 'ANY_ORDER':
        return anyOrderMatch(actualCalls, expectedCalls, matches) ? 1 : 0;
    }
  }
}

type CallMatcher = (actual: FunctionCall, expected: FunctionCall) => boolean;

function exactMatch(
  actual: readonly FunctionCall[],
  expected: readonly FunctionCall[],
  matches: CallMatcher,
): boolean {
  return (
    actual.length === expected.length && actual.every((call, i) => matches(call, expected[i]!))
  );
}

// Walks the actual calls once, advancing through the expected ones as they are met.
function inOrderMatch(
  actual: readonly FunctionCall[],
  expected: readonly FunctionCall[],
  matches: CallMatcher,
): boolean {
  let next = 0;
  for (const call of actual) {
    if (next === expected.length) break;
    if (matches(call, expected[next]!)) next += 1;
  }
  return next === expected.length;
}

// Each expected call consumes the first unused actual call that matches it.
function anyOrderMatch(
  actual: readonly FunctionCall[],
  expected: readonly FunctionCall[],
  matches: CallMatcher,
): boolean {
  const unused = [...actual];
  for (const call of expected) {
    const index = unused.findIndex((candidate) => matches(candidate, call));
    if (index === -1) return false;
    unused.splice(index, 1);
  }
  return true;
}

// Absent means EXACT; otherwise Python's enum values (0, 1, 2) or names, as the criterion reads them.
function parseMatchType(value: unknown): ToolTrajectoryMatchType | undefined {
  return value === undefined || value === null ? 'EXACT' : toolTrajectoryMatchTypeOf(value);
}
