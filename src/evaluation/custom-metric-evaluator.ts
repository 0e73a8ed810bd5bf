import type { EvalMetric } from './eval-metrics.js';
import type { EvaluateInvocationsRequest, EvaluationResult, Evaluator } from './evaluator.js';
import type { EvaluatorFactory } from './metric-evaluator-registry.js';

/** What a custom metric function receives: the invocations to score and its eval metric. */
export interface CustomMetricRequest extends EvaluateInvocationsRequest {
  /**
   * A copy of the eval metric being computed, without the deprecated
   * top-level `threshold` (as the reference passes it): read the threshold
   * from `evalMetric.criterion`.
   */
  readonly evalMetric: EvalMetric;
}

/**
 * A metric written as a function (the reference's custom metric function):
 * scores one eval case's invocations, synchronously or not.
 */
export type CustomMetricFunction = (
  request: CustomMetricRequest,
) => EvaluationResult | Promise<EvaluationResult>;

/**
 * The evaluator of a custom metric (Python's `_CustomMetricEvaluator`): calls
 * the metric's function with the invocations and a copy of the eval metric
 * whose `threshold` is removed, and returns what the function returns.
 */
export class CustomMetricEvaluator implements Evaluator {
  readonly #evalMetric: EvalMetric;
  readonly #metricFunction: CustomMetricFunction;

  constructor({
    evalMetric,
    metricFunction,
  }: {
    evalMetric: EvalMetric;
    metricFunction: CustomMetricFunction;
  }) {
    this.#evalMetric = evalMetric;
    this.#metricFunction = metricFunction;
  }

  async evaluateInvocations(request: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    const { threshold: _threshold, ...evalMetric } = structuredClone(this.#evalMetric);
    return await this.#metricFunction({ ...request, evalMetric: evalMetric as EvalMetric });
  }
}

/**
 * An `EvaluatorFactory` for a metric written as a function, to register with
 * `MetricEvaluatorRegistry.registerEvaluator`.
 */
export function customMetricEvaluatorFactory(
  metricFunction: CustomMetricFunction,
): EvaluatorFactory {
  return (evalMetric) => new CustomMetricEvaluator({ evalMetric, metricFunction });
}
