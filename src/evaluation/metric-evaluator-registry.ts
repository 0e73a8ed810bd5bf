import { MetricNotFoundError } from '../errors/metric-not-found-error.js';
import type { EvalMetric, MetricInfo } from './eval-metrics.js';
import type { Evaluator } from './evaluator.js';

/**
 * Makes the evaluator of one eval metric, reading its threshold and
 * criterion. It may throw: `InvalidArgumentError` for a criterion of the
 * wrong shape, `UnsupportedMetricError` for a metric this package cannot
 * compute.
 */
export type EvaluatorFactory = (evalMetric: EvalMetric) => Evaluator;

/** What `MetricEvaluatorRegistry.registerEvaluator` takes. */
export interface RegisterEvaluatorRequest {
  /** The metric's description; its `metricName` is the key it is registered under. */
  readonly metricInfo: MetricInfo;
  /** Makes the metric's evaluator, once per `getEvaluator` call. */
  readonly evaluatorFactory: EvaluatorFactory;
}

interface Registration {
  readonly metricInfo: MetricInfo;
  readonly evaluatorFactory: EvaluatorFactory;
}

/**
 * Maps metric names to evaluator factories and the metrics' `MetricInfo`
 * (Python's `MetricEvaluatorRegistry`). It starts empty;
 * `createDefaultMetricEvaluatorRegistry()` returns one with the prebuilt
 * metrics. Each registry is its own: there is no process-wide one, so users
 * extend the registry they pass to the eval service.
 */
export class MetricEvaluatorRegistry {
  readonly #registrations = new Map<string, Registration>();

  /**
   * A new evaluator for `evalMetric`, made by the factory registered under
   * its name. `MetricNotFoundError` when nothing is registered under it; the
   * factory's own errors pass through.
   */
  getEvaluator(evalMetric: EvalMetric): Evaluator {
    const registration = this.#registrations.get(evalMetric.metricName);
    if (registration === undefined) {
      throw new MetricNotFoundError({
        metricName: evalMetric.metricName,
        registeredMetricNames: [...this.#registrations.keys()],
      });
    }
    return registration.evaluatorFactory(evalMetric);
  }

  /**
   * Registers an evaluator factory under `metricInfo.metricName`, replacing
   * any registration of that name (a user's evaluator may replace a
   * prebuilt one). The registry keeps its own copy of `metricInfo`.
   */
  registerEvaluator({ metricInfo, evaluatorFactory }: RegisterEvaluatorRequest): void {
    this.#registrations.set(metricInfo.metricName, {
      metricInfo: structuredClone(metricInfo),
      evaluatorFactory,
    });
  }

  /** True when an evaluator is registered under `metricName`. */
  hasMetric(metricName: string): boolean {
    return this.#registrations.has(metricName);
  }

  /** Copies of the `MetricInfo` of every registered metric, in registration order. */
  getRegisteredMetrics(): MetricInfo[] {
    return [...this.#registrations.values()].map(({ metricInfo }) => structuredClone(metricInfo));
  }
}
