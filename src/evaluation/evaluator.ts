import type { ConversationScenario } from './conversation-scenarios.js';
import type { Invocation } from './eval-case.js';
import type { EvalStatus } from './eval-metrics.js';
import type { RubricScore } from './eval-rubrics.js';

/**
 * A metric's verdict on one invocation (Python's `PerInvocationResult`).
 * `score` is absent when the invocation was not scored; `evalStatus` is then
 * `NOT_EVALUATED`.
 */
export interface PerInvocationResult {
  readonly actualInvocation: Invocation;
  readonly expectedInvocation?: Invocation | undefined;
  readonly score?: number | undefined;
  readonly evalStatus: EvalStatus;
  readonly rubricScores?: readonly RubricScore[] | undefined;
}

/**
 * A metric's verdict on one eval case (Python's `EvaluationResult`): the
 * overall score and status, based on each invocation, and the per-invocation
 * results. An evaluator that scored nothing returns no score and
 * `NOT_EVALUATED` (see `notEvaluatedResult`).
 */
export interface EvaluationResult {
  readonly overallScore?: number | undefined;
  readonly overallEvalStatus: EvalStatus;
  readonly perInvocationResults: readonly PerInvocationResult[];
  readonly overallRubricScores?: readonly RubricScore[] | undefined;
}

/** What an evaluator scores: one eval case's invocations. */
export interface EvaluateInvocationsRequest {
  /** The invocations the agent under test produced. */
  readonly actualInvocations: readonly Invocation[];
  /**
   * The reference (golden) invocations, one per actual invocation, when the
   * case has them; absent for conversation-scenario cases. Metrics that need
   * them reject a call without them (`InvalidArgumentError`), and every
   * metric rejects lists of different lengths.
   */
  readonly expectedInvocations?: readonly Invocation[] | undefined;
  /** The scenario a simulated user followed, for multi-turn conversation cases. */
  readonly conversationScenario?: ConversationScenario | undefined;
}

/**
 * A metric evaluator (Python's `Evaluator`): scores the invocations of one
 * eval case. Made per eval metric by a `MetricEvaluatorRegistry` factory,
 * which reads the metric's threshold and criterion.
 */
export interface Evaluator {
  /** Scores one eval case's invocations. */
  evaluateInvocations(request: EvaluateInvocationsRequest): Promise<EvaluationResult>;
}
