import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import {
  DEFAULT_EVAL_CONFIG,
  evalConfigFromJson,
  evalConfigToCamelCaseJson,
  evalConfigToPythonJson,
  findConfigForTestFile,
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
} from './eval-config.js';
import {
  HallucinationsCriterion,
  LlmAsAJudgeCriterion,
  LlmBackedUserSimulatorCriterion,
  RubricsBasedCriterion,
  ToolTrajectoryCriterion,
  toolTrajectoryMatchTypeOf,
} from './eval-criteria.js';

const EXAMPLE_TEST_FILE = new URL(
  '../../examples/agents/hello_eval/roll_die.test.json',
  import.meta.url,
);

describe('EvalConfig', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eval-config-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the example test_config.json beside its test file', async () => {
    const config = await findConfigForTestFile(EXAMPLE_TEST_FILE.pathname);
    expect(config.criteria).toEqual({ tool_trajectory_avg_score: 1, response_match_score: 0.8 });
    expect(getEvalMetricsFromConfig(config)).toEqual([
      { metricName: 'tool_trajectory_avg_score', threshold: 1, criterion: { threshold: 1 } },
      { metricName: 'response_match_score', threshold: 0.8, criterion: { threshold: 0.8 } },
    ]);
  });

  it('uses the default criteria without a config file', async () => {
    expect(await getEvaluationCriteriaOrDefault(undefined)).toBe(DEFAULT_EVAL_CONFIG);
    expect(await getEvaluationCriteriaOrDefault(path.join(dir, 'none.json'))).toBe(
      DEFAULT_EVAL_CONFIG,
    );
    expect(await findConfigForTestFile(path.join(dir, 'x.test.json'))).toEqual({
      criteria: { tool_trajectory_avg_score: 1, response_match_score: 0.8 },
    });
  });

  it('refuses a config file that is not JSON or not a config', async () => {
    const file = path.join(dir, 'test_config.json');
    await writeFile(file, '{"criteria": ');
    await expect(getEvaluationCriteriaOrDefault(file)).rejects.toSatisfy(
      InvalidArgumentError.isInstance,
    );
    await writeFile(file, '{"criteria": {"m": "high"}}');
    await expect(getEvaluationCriteriaOrDefault(file)).rejects.toThrow(/criteria/);
  });

  it('keeps every field of a criterion object, and reads custom metrics', () => {
    const config = evalConfigFromJson({
      criteria: {
        final_response_match_v2: {
          threshold: 0.5,
          judge_model_options: { judge_model: 'my-judge', num_samples: 3 },
        },
        tool_trajectory_avg_score: { threshold: 1.0, match_type: 'in order' },
        my_metric: 0.25,
      },
      custom_metrics: {
        my_metric: {
          code_config: { name: 'metrics.js:myMetric' },
          metric_info: {
            metric_name: 'my_metric',
            metric_value_info: { interval: { min_value: -1, max_value: 1 } },
          },
        },
      },
    });
    const metrics = getEvalMetricsFromConfig(config);
    expect(metrics[0]).toEqual({
      metricName: 'final_response_match_v2',
      threshold: 0.5,
      criterion: { threshold: 0.5, judgeModelOptions: { judgeModel: 'my-judge', numSamples: 3 } },
    });
    expect(metrics[2]).toEqual({
      metricName: 'my_metric',
      threshold: 0.25,
      criterion: { threshold: 0.25 },
      customFunctionPath: 'metrics.js:myMetric',
    });
    expect(config.customMetrics?.['my_metric']?.description).toBe('');
    expect(LlmAsAJudgeCriterion.parse(metrics[0]?.criterion).judgeModelOptions).toEqual({
      judgeModel: 'my-judge',
      numSamples: 3,
    });
    expect(ToolTrajectoryCriterion.parse(metrics[1]?.criterion).matchType).toBe('IN_ORDER');
    expect(evalConfigToPythonJson(config)).toMatchObject({
      criteria: { final_response_match_v2: { judge_model_options: { judge_model: 'my-judge' } } },
      custom_metrics: { my_metric: { code_config: { name: 'metrics.js:myMetric' } } },
    });
    expect(evalConfigToCamelCaseJson(config)).toMatchObject({
      criteria: { final_response_match_v2: { judgeModelOptions: { judgeModel: 'my-judge' } } },
      customMetrics: { my_metric: { codeConfig: { name: 'metrics.js:myMetric' } } },
    });
  });

  it('refuses arguments for a custom metric’s code', () => {
    expect(() =>
      evalConfigFromJson({
        criteria: { m: 1 },
        custom_metrics: { m: { code_config: { name: 'x.js:m', args: [{ value: 1 }] } } },
      }),
    ).toThrow(/args field in CodeConfig for custom metric is not supported/);
  });
});

describe('criteria', () => {
  it('applies the judge defaults', () => {
    expect(LlmAsAJudgeCriterion.parse({ threshold: 0.8 })).toEqual({
      threshold: 0.8,
      judgeModelOptions: { judgeModel: 'gemini-2.5-flash', numSamples: 5 },
    });
    expect(RubricsBasedCriterion.parse({ threshold: 0.8 }).rubrics).toEqual([]);
    expect(HallucinationsCriterion.parse({ threshold: 0.8 }).evaluateIntermediateNlResponses).toBe(
      false,
    );
    expect(LlmBackedUserSimulatorCriterion.parse({ threshold: 1 }).stopSignal).toBe('</finished>');
  });

  it('reads a tool trajectory match type by name or by Python’s number', () => {
    expect(ToolTrajectoryCriterion.parse({ threshold: 1 }).matchType).toBe('EXACT');
    expect(toolTrajectoryMatchTypeOf(2)).toBe('ANY_ORDER');
    expect(toolTrajectoryMatchTypeOf(' any-order ')).toBe('ANY_ORDER');
    expect(toolTrajectoryMatchTypeOf('in_order')).toBe('IN_ORDER');
    expect(toolTrajectoryMatchTypeOf('sometimes')).toBeUndefined();
    expect(toolTrajectoryMatchTypeOf(3)).toBeUndefined();
    expect(() => ToolTrajectoryCriterion.parse({ threshold: 1, matchType: 'sometimes' })).toThrow(
      /Invalid match type/,
    );
  });
});
