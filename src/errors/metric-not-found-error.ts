import { AdkError, hasMarker } from './adk-error.js';

const name = 'MetricNotFoundError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown by `MetricEvaluatorRegistry.getEvaluator` when no evaluator is
 * registered under an eval metric's name. The message starts as Python's
 * `NotFoundError('{metric_name} not found in registry.')` and lists the
 * registered names.
 */
export class MetricNotFoundError extends AdkError {
  private readonly [marker] = true;
  /** The metric name nothing is registered under. */
  readonly metricName: string;

  constructor({
    metricName,
    registeredMetricNames = [],
  }: {
    metricName: string;
    registeredMetricNames?: readonly string[];
  }) {
    const known =
      registeredMetricNames.length === 0
        ? ' No metric is registered.'
        : ` Registered metrics: ${registeredMetricNames.join(', ')}.`;
    super({ name, message: `${metricName} not found in registry.${known}` });
    this.metricName = metricName;
  }

  static override isInstance(error: unknown): error is MetricNotFoundError {
    return hasMarker(error, marker);
  }
}
