import { AdkError, hasMarker } from './adk-error.js';

const name = 'UnsupportedMetricError';
const marker = Symbol.for(`adk-ts.error.${name}`);

/**
 * Thrown when an evaluator is asked for a metric that the reference computes
 * with a cloud service this package does not call (`safety_v1` and
 * `response_evaluation_score` use the Vertex AI Gen AI evaluation service).
 * The message names the metric and the service, and says what to use instead.
 */
export class UnsupportedMetricError extends AdkError {
  private readonly [marker] = true;
  /** The metric that cannot be computed, e.g. `safety_v1`. */
  readonly metricName: string;
  /** The service the reference computes it with, e.g. `the Vertex AI Gen AI evaluation service`. */
  readonly service: string;

  constructor({
    metricName,
    service,
    message,
  }: {
    metricName: string;
    service: string;
    message?: string;
  }) {
    super({
      name,
      message:
        message ??
        `${metricName} needs ${service}, which this package does not call. Use an LLM-judged ` +
          'metric instead (final_response_match_v2, rubric_based_final_response_quality_v1, ' +
          `hallucinations_v1), or register your own evaluator under the name ${metricName}.`,
    });
    this.metricName = metricName;
    this.service = service;
  }

  static override isInstance(error: unknown): error is UnsupportedMetricError {
    return hasMarker(error, marker);
  }
}
