import { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';
import { RougeEvaluator } from './metrics/rouge-evaluator.js';
import { TrajectoryEvaluator } from './metrics/trajectory-evaluator.js';
import { refuseVertexAiMetric } from './metrics/vertex-ai-metrics.js';
import { PREBUILT_METRIC_INFOS } from './prebuilt-metric-infos.js';

/**
 * A new registry with every prebuilt metric registered, in the reference's
 * order (so `metrics-info` lists them as Python does):
 * `tool_trajectory_avg_score`, `response_evaluation_score`,
 * `response_match_score`, `safety_v1`, the Vertex AI multi-turn metrics, and
 * the LLM-judged metrics. The metrics the reference computes with the
 * Vertex AI evaluation service are listed but refuse to make an evaluator
 * (`UnsupportedMetricError`). Each call returns a fresh registry: extend it
 * with `registerEvaluator` without affecting others.
 */
export function createDefaultMetricEvaluatorRegistry(): MetricEvaluatorRegistry {
  const registry = new MetricEvaluatorRegistry();
  const info = PREBUILT_METRIC_INFOS;

  registry.registerEvaluator({
    metricInfo: info.tool_trajectory_avg_score,
    evaluatorFactory: (evalMetric) => new TrajectoryEvaluator({ evalMetric }),
  });
  registry.registerEvaluator({
    metricInfo: info.response_evaluation_score,
    evaluatorFactory: refuseVertexAiMetric,
  });
  registry.registerEvaluator({
    metricInfo: info.response_match_score,
    evaluatorFactory: (evalMetric) => new RougeEvaluator({ evalMetric }),
  });
  registry.registerEvaluator({
    metricInfo: info.safety_v1,
    evaluatorFactory: refuseVertexAiMetric,
  });
  registry.registerEvaluator({
    metricInfo: info.multi_turn_task_success_v1,
    evaluatorFactory: refuseVertexAiMetric,
  });
  registry.registerEvaluator({
    metricInfo: info.multi_turn_trajectory_quality_v1,
    evaluatorFactory: refuseVertexAiMetric,
  });
  registry.registerEvaluator({
    metricInfo: info.multi_turn_tool_use_quality_v1,
    evaluatorFactory: refuseVertexAiMetric,
  });

  // LLM-judged metrics (eval-judges), in the reference's order, each with its
  // info from PREBUILT_METRIC_INFOS:
  // final_response_match_v2, rubric_based_final_response_quality_v1,
  // hallucinations_v1, rubric_based_tool_use_quality_v1,
  // per_turn_user_simulator_quality_v1,
  // rubric_based_multi_turn_trajectory_quality_v1.

  return registry;
}
