import { registerJudgeMetrics } from './judges/register-judge-metrics.js';
import type { LlmJudgeOptions } from './judges/llm-as-judge.js';
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
 * (`UnsupportedMetricError`). With `options.judgeModel`, every LLM-judged
 * metric calls that model instead of the one its criterion names (e.g. a
 * scripted judge for an offline run). Each call returns a fresh registry:
 * extend it with `registerEvaluator` without affecting others.
 */
export function createDefaultMetricEvaluatorRegistry(
  options: LlmJudgeOptions = {},
): MetricEvaluatorRegistry {
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

  // The LLM-judged metrics, in the reference's order.
  registerJudgeMetrics(registry, options);

  return registry;
}
