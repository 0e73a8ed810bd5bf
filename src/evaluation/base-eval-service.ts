import type { Invocation } from './eval-case.js';
import type { EvalMetric } from './eval-metrics.js';
import type { EvalCaseResult } from './eval-result.js';

/** The default number of eval cases run (or evaluated) at once (Python's). */
export const DEFAULT_EVAL_PARALLELISM = 4;

/** How inferences are run (Python `InferenceConfig`). */
export interface InferenceConfig {
  /** Labels with user-defined metadata to break down billed charges. */
  labels?: Record<string, string>;
  /**
   * How many eval cases run at once; default 4. Mind the model's quota and
   * the limits of the tools the agent calls.
   */
  parallelism?: number;
}

/** Request of `performInference`: the eval cases of one eval set to run (Python `InferenceRequest`). */
export interface InferenceRequest {
  /** The app the eval set belongs to. */
  appName: string;
  evalSetId: string;
  /** The cases to run, all of them belonging to the eval set; all its cases when empty or left out. */
  evalCaseIds?: readonly string[];
  inferenceConfig?: InferenceConfig;
}

/** Whether the inference of an eval case succeeded (Python `InferenceStatus`, numeric as its enum). */
export const InferenceStatus = { UNKNOWN: 0, SUCCESS: 1, FAILURE: 2 } as const;
export type InferenceStatus = (typeof InferenceStatus)[keyof typeof InferenceStatus];

/** What the agent did for one eval case (Python `InferenceResult`). */
export interface InferenceResult {
  appName: string;
  evalSetId: string;
  evalCaseId: string;
  /** The invocations the agent produced, one per user turn; absent when inference failed. */
  inferences?: Invocation[];
  /** The session the case ran in. */
  sessionId?: string;
  status: InferenceStatus;
  /** Why inference failed, when it did. */
  errorMessage?: string;
}

/** How inferences are evaluated (Python `EvaluateConfig`). */
export interface EvaluateConfig {
  /** The metrics to score each inference with. */
  evalMetrics: readonly EvalMetric[];
  /** How many inferences are evaluated at once; default 4. Mind the judge model's quota. */
  parallelism?: number;
}

/** Request of `evaluate` (Python `EvaluateRequest`). */
export interface EvaluateRequest {
  /** The inferences to evaluate. */
  inferenceResults: readonly InferenceResult[];
  evaluateConfig: EvaluateConfig;
}

/**
 * A service that runs evals of an ADK agent (Python `BaseEvalService`), in
 * two steps: inference (run the eval cases through the agent) and
 * evaluation (score the inferences with metrics).
 */
export interface BaseEvalService {
  /**
   * Yields each eval case's InferenceResult as soon as it is ready (in
   * completion order, not case order). The inference of one case failing is
   * reported in its result, not thrown.
   */
  performInference(request: InferenceRequest): AsyncGenerator<InferenceResult, void, undefined>;

  /** Yields each inference's EvalCaseResult as soon as it is ready (in completion order). */
  evaluate(request: EvaluateRequest): AsyncGenerator<EvalCaseResult, void, undefined>;
}
