import { describe, expect, it } from 'vitest';
import { createDefaultMetricEvaluatorRegistry } from '../default-metric-evaluator-registry.js';
import { MetricEvaluatorRegistry } from '../metric-evaluator-registry.js';
import { FinalResponseMatchV2Evaluator } from './final-response-match-v2.js';
import { HallucinationsV1Evaluator } from './hallucinations-v1.js';
import { judgeMetric, scriptedJudge, textInvocation } from './judge-test-fixtures.js';
import { PerTurnUserSimulatorQualityV1 } from './per-turn-user-simulator-quality-v1.js';
import { registerJudgeMetrics } from './register-judge-metrics.js';
import { RubricBasedFinalResponseQualityV1Evaluator } from './rubric-based-final-response-quality-v1.js';
import { RubricBasedToolUseV1Evaluator } from './rubric-based-tool-use-quality-v1.js';

const rubrics = [{ rubricId: 'r', rubricContent: { textProperty: 'P' } }];

describe('registerJudgeMetrics', () => {
  it("registers the six judge metrics with adk-python's MetricInfo", () => {
    const registry = new MetricEvaluatorRegistry();
    registerJudgeMetrics(registry);
    const infos = registry.getRegisteredMetrics();
    expect(infos.map((info) => info.metricName)).toEqual([
      'final_response_match_v2',
      'rubric_based_final_response_quality_v1',
      'hallucinations_v1',
      'rubric_based_tool_use_quality_v1',
      'per_turn_user_simulator_quality_v1',
      'rubric_based_multi_turn_trajectory_quality_v1',
    ]);
    expect(infos[0]).toEqual({
      metricName: 'final_response_match_v2',
      description:
        "This metric evaluates if the agent's final response matches a golden/expected final" +
        ' response using LLM as a judge. Value range for this metric is [0,1], with values' +
        ' closer to 1 more desirable.',
      metricValueInfo: {
        interval: { minValue: 0, openAtMin: false, maxValue: 1, openAtMax: false },
      },
    });
    expect(infos[4]?.description?.endsWith('closer to 1 more desirable. ')).toBe(true);
  });

  it('makes each evaluator, all calling the judge model given', async () => {
    const judge = scriptedJudge(['"is_the_agent_response_valid": "valid",']);
    const registry = new MetricEvaluatorRegistry();
    registerJudgeMetrics(registry, { judgeModel: judge });
    const made = [
      registry.getEvaluator(judgeMetric('final_response_match_v2', 1)),
      registry.getEvaluator(judgeMetric('rubric_based_final_response_quality_v1', 1, { rubrics })),
      registry.getEvaluator(judgeMetric('hallucinations_v1', 1)),
      registry.getEvaluator(judgeMetric('rubric_based_tool_use_quality_v1', 1, { rubrics })),
      registry.getEvaluator(judgeMetric('per_turn_user_simulator_quality_v1', 1)),
    ];
    expect(made[0]).toBeInstanceOf(FinalResponseMatchV2Evaluator);
    expect(made[1]).toBeInstanceOf(RubricBasedFinalResponseQualityV1Evaluator);
    expect(made[2]).toBeInstanceOf(HallucinationsV1Evaluator);
    expect(made[3]).toBeInstanceOf(RubricBasedToolUseV1Evaluator);
    expect(made[4]).toBeInstanceOf(PerTurnUserSimulatorQualityV1);
    const pair = [textInvocation('q', 'a')];
    const result = await made[0]?.evaluateInvocations({
      actualInvocations: pair,
      expectedInvocations: pair,
    });
    expect(result?.overallScore).toBe(1);
    expect(judge.requests).toHaveLength(1);
  });

  it('is part of the default registry, which passes the judge model on', async () => {
    const judge = scriptedJudge(['"is_the_agent_response_valid": "invalid",']);
    const registry = createDefaultMetricEvaluatorRegistry({ judgeModel: judge });
    expect(registry.getRegisteredMetrics().map((info) => info.metricName)).toEqual(
      expect.arrayContaining([
        'final_response_match_v2',
        'rubric_based_final_response_quality_v1',
        'hallucinations_v1',
        'rubric_based_tool_use_quality_v1',
        'per_turn_user_simulator_quality_v1',
      ]),
    );
    const pair = [textInvocation('q', 'a')];
    const result = await registry
      .getEvaluator(judgeMetric('final_response_match_v2', 1))
      .evaluateInvocations({ actualInvocations: pair, expectedInvocations: pair });
    expect(result.overallScore).toBe(0);
    expect(judge.requests).toHaveLength(1);
  });
});
