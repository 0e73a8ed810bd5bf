import type { MetricEvaluatorRegistry } from '../metric-evaluator-registry.js';
import { PREBUILT_METRIC_INFOS } from '../prebuilt-metric-infos.js';
import { FinalResponseMatchV2Evaluator } from './final-response-match-v2.js';
import { HallucinationsV1Evaluator } from './hallucinations-v1.js';

import type { LlmJudgeOptions } from './llm-as-judge.js';
import { PerTurnUserSimulatorQualityV1 } from './per-turn-user-simulator-quality-v1.js';
import { RubricBasedFinalResponseQualityV1Evaluator } from './rubric-based-final-response-quality-v1.js';
import { RubricBasedMultiTurnTrajectoryEvaluator } from './rubric-based-multi-turn-trajectory-quality-v1.js';
import { RubricBasedToolUseV1Evaluator } from './rubric-based-tool-use-quality-v1.js';

/**
 * Registers the LLM-judged prebuilt metrics in `registry`, each with
 * adk-python's MetricInfo: `final_response_match_v2`,
 * `rubric_based_final_response_quality_v1`, `hallucinations_v1`,
 * `rubric_based_tool_use_quality_v1`, `per_turn_user_simulator_quality_v1` and
 * `rubric_based_multi_turn_trajectory_quality_v1`.
 * With `options.judgeModel`, every one of them calls that model instead of
 * resolving its criterion's judge model name (e.g. a scripted judge for an
 * offline run).
 */
export function registerJudgeMetrics(
  registry: MetricEvaluatorRegistry,
  options: LlmJudgeOptions = {},
): void {
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.final_response_match_v2,
    evaluatorFactory: (evalMetric) => new FinalResponseMatchV2Evaluator(evalMetric, options),
  });
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.rubric_based_final_response_quality_v1,
    evaluatorFactory: (evalMetric) =>
      new RubricBasedFinalResponseQualityV1Evaluator(evalMetric, options),
  });
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.hallucinations_v1,
    evaluatorFactory: (evalMetric) => new HallucinationsV1Evaluator(evalMetric, options),
  });
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.rubric_based_tool_use_quality_v1,
    evaluatorFactory: (evalMetric) => new RubricBasedToolUseV1Evaluator(evalMetric, options),
  });
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.per_turn_user_simulator_quality_v1,
    evaluatorFactory: (evalMetric) => new PerTurnUserSimulatorQualityV1(evalMetric, options),
  });
  registry.registerEvaluator({
    metricInfo: PREBUILT_METRIC_INFOS.rubric_based_multi_turn_trajectory_quality_v1,
    evaluatorFactory: (evalMetric) =>
      new RubricBasedMultiTurnTrajectoryEvaluator(evalMetric, options),
  });
}
