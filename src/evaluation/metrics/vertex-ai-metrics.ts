import { UnsupportedMetricError } from '../../errors/unsupported-metric-error.js';
import type { EvalMetric } from '../eval-metrics.js';
import type { Evaluator } from '../evaluator.js';

/** The service the reference computes `safety_v1`, `response_evaluation_score` and the multi-turn quality metrics with. */
export const VERTEX_AI_EVALUATION_SERVICE = 'the Vertex AI Gen AI evaluation service';

/**
 * The evaluator factory of a metric the reference delegates to the Vertex
 * AI Gen AI evaluation service (`safety_v1`, `response_evaluation_score`,
 * `multi_turn_task_success_v1`, `multi_turn_trajectory_quality_v1`,
 * `multi_turn_tool_use_quality_v1`): it refuses with
 * `UnsupportedMetricError` naming the metric and the service. The metrics
 * stay registered so that `metrics-info` lists them as the reference does.
 */
export function refuseVertexAiMetric(evalMetric: EvalMetric): Evaluator {
  throw new UnsupportedMetricError({
    metricName: evalMetric.metricName,
    service: VERTEX_AI_EVALUATION_SERVICE,
  });
}
