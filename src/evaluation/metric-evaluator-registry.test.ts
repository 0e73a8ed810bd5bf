import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { MetricNotFoundError } from '../errors/metric-not-found-error.js';
import { UnsupportedMetricError } from '../errors/unsupported-metric-error.js';
import { customMetricEvaluatorFactory } from './custom-metric-evaluator.js';
import { createDefaultMetricEvaluatorRegistry } from './default-metric-evaluator-registry.js';
import type { EvalConfig } from './eval-config.js';
import { EvalStatus, type EvalMetric } from './eval-metrics.js';
import type { EvaluateInvocationsRequest, EvaluationResult, Evaluator } from './evaluator.js';
import { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';
import { invocation } from './metrics/metric-test-fixtures.js';
import { RougeEvaluator } from './metrics/rouge-evaluator.js';
import { TrajectoryEvaluator } from './metrics/trajectory-evaluator.js';
import { metricInfo, PREBUILT_METRIC_INFOS } from './prebuilt-metric-infos.js';
import { registerCustomMetricsFromConfig } from './register-custom-metrics.js';

const metric = (metricName: string, threshold = 0.5): EvalMetric =>
  ({ metricName, threshold, criterion: { threshold } }) as EvalMetric;

/** A user's metric: the share of invocations whose final response is non-empty. */
class AnsweredEvaluator implements Evaluator {
  constructor(readonly threshold: number) {}
  async evaluateInvocations({
    actualInvocations,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    const perInvocationResults = actualInvocations.map((actualInvocation) => {
      const score = actualInvocation.finalResponse?.parts?.some((part) => part.text) ? 1 : 0;
      return {
        actualInvocation,
        score,
        evalStatus: score >= this.threshold ? EvalStatus.PASSED : EvalStatus.FAILED,
      };
    });
    return { overallScore: 1, overallEvalStatus: EvalStatus.PASSED, perInvocationResults };
  }
}

describe('MetricEvaluatorRegistry', () => {
  it('makes a new evaluator per call from the registered factory', () => {
    const registry = new MetricEvaluatorRegistry();
    const seen: EvalMetric[] = [];
    registry.registerEvaluator({
      metricInfo: metricInfo('answered', 'Answered turns.'),
      evaluatorFactory: (evalMetric) => {
        seen.push(evalMetric);
        return new AnsweredEvaluator(evalMetric.threshold ?? 1);
      },
    });
    const first = registry.getEvaluator(metric('answered', 0.3));
    const second = registry.getEvaluator(metric('answered', 0.3));
    expect(first).toBeInstanceOf(AnsweredEvaluator);
    expect(first).not.toBe(second);
    expect(seen.map((m) => m.threshold)).toEqual([0.3, 0.3]);
  });

  it('names the missing metric and the registered ones', () => {
    const registry = new MetricEvaluatorRegistry();
    expect(() => registry.getEvaluator(metric('nope'))).toThrow(
      'nope not found in registry. No metric is registered.',
    );
    registry.registerEvaluator({
      metricInfo: metricInfo('answered', ''),
      evaluatorFactory: () => new AnsweredEvaluator(1),
    });
    let error: unknown;
    try {
      registry.getEvaluator(metric('nope'));
    } catch (caught) {
      error = caught;
    }
    expect(MetricNotFoundError.isInstance(error)).toBe(true);
    expect((error as MetricNotFoundError).metricName).toBe('nope');
    expect((error as Error).message).toContain('Registered metrics: answered.');
  });

  it('replaces a registration in place and hands out copies of the metric infos', () => {
    const registry = createDefaultMetricEvaluatorRegistry();
    const names = registry.getRegisteredMetrics().map((info) => info.metricName);
    registry.registerEvaluator({
      metricInfo: metricInfo('response_match_score', 'Mine.'),
      evaluatorFactory: () => new AnsweredEvaluator(1),
    });
    expect(registry.getRegisteredMetrics().map((info) => info.metricName)).toEqual(names);
    expect(registry.getEvaluator(metric('response_match_score'))).toBeInstanceOf(AnsweredEvaluator);
    const infos = registry.getRegisteredMetrics();
    infos[0]!.description = 'changed';
    expect(registry.getRegisteredMetrics()[0]!.description).not.toBe('changed');
  });

  it('keeps each registry separate', () => {
    const extended = createDefaultMetricEvaluatorRegistry();
    extended.registerEvaluator({
      metricInfo: metricInfo('answered', ''),
      evaluatorFactory: () => new AnsweredEvaluator(1),
    });
    expect(extended.hasMetric('answered')).toBe(true);
    expect(createDefaultMetricEvaluatorRegistry().hasMetric('answered')).toBe(false);
  });
});

describe('createDefaultMetricEvaluatorRegistry', () => {
  it('lists the prebuilt metrics in the reference order, with their infos', () => {
    const infos = createDefaultMetricEvaluatorRegistry().getRegisteredMetrics();
    expect(infos.slice(0, 7).map((info) => info.metricName)).toEqual([
      'tool_trajectory_avg_score',
      'response_evaluation_score',
      'response_match_score',
      'safety_v1',
      'multi_turn_task_success_v1',
      'multi_turn_trajectory_quality_v1',
      'multi_turn_tool_use_quality_v1',
    ]);
    expect(infos[1]).toEqual(PREBUILT_METRIC_INFOS.response_evaluation_score);
    expect(infos[1]!.metricValueInfo.interval).toEqual({
      minValue: 1,
      openAtMin: false,
      maxValue: 5,
      openAtMax: false,
    });
  });

  it('makes the deterministic evaluators and refuses the Vertex AI ones, naming the service', () => {
    const registry = createDefaultMetricEvaluatorRegistry();
    expect(registry.getEvaluator(metric('tool_trajectory_avg_score'))).toBeInstanceOf(
      TrajectoryEvaluator,
    );
    expect(registry.getEvaluator(metric('response_match_score'))).toBeInstanceOf(RougeEvaluator);
    for (const name of [
      'safety_v1',
      'response_evaluation_score',
      'multi_turn_task_success_v1',
      'multi_turn_trajectory_quality_v1',
      'multi_turn_tool_use_quality_v1',
    ]) {
      expect(() => registry.getEvaluator(metric(name))).toThrow(UnsupportedMetricError);
      expect(() => registry.getEvaluator(metric(name))).toThrow(
        `${name} needs the Vertex AI Gen AI evaluation service`,
      );
    }
  });
});

describe('custom metrics', () => {
  let rootDir: string;
  beforeEach(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'adk-custom-metric-'));
    await mkdir(path.join(rootDir, 'my_agent'));
    await writeFile(
      path.join(rootDir, 'my_agent', 'metrics.mjs'),
      [
        'export async function answered({ evalMetric, actualInvocations, expectedInvocations }) {',
        '  const score = actualInvocations.length / (expectedInvocations?.length ?? 1);',
        '  return {',
        '    overallScore: score,',
        '    overallEvalStatus: score >= evalMetric.criterion.threshold ? 1 : 2,',
        '    perInvocationResults: [],',
        "    seenThreshold: 'threshold' in evalMetric,",
        '  };',
        '}',
        'export const notAFunction = 3;',
      ].join('\n'),
    );
  });
  afterEach(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  const config = (name: string, extra: object = {}): EvalConfig =>
    ({
      criteria: { my_metric: 0.5 },
      customMetrics: { my_metric: { codeConfig: { name }, description: 'Mine.', ...extra } },
    }) as unknown as EvalConfig;

  it('registers a function metric from the eval config and calls it without the threshold', async () => {
    const registry = await registerCustomMetricsFromConfig({
      evalConfig: config('my_agent.metrics.answered'),
      registry: createDefaultMetricEvaluatorRegistry(),
      rootDir,
    });
    expect(registry.getRegisteredMetrics().at(-1)).toEqual(metricInfo('my_metric', 'Mine.'));
    const result = await registry.getEvaluator(metric('my_metric', 0.5)).evaluateInvocations({
      actualInvocations: [invocation()],
      expectedInvocations: [invocation(), invocation()],
    });
    expect(result).toMatchObject({
      overallScore: 0.5,
      overallEvalStatus: EvalStatus.PASSED,
      seenThreshold: false,
    });
  });

  it('reads a module path and export as well as a dotted name', async () => {
    const registry = await registerCustomMetricsFromConfig({
      evalConfig: config('my_agent/metrics.mjs:answered'),
      registry: new MetricEvaluatorRegistry(),
      rootDir,
    });
    const result = await registry.getEvaluator(metric('my_metric', 0.9)).evaluateInvocations({
      actualInvocations: [invocation()],
      expectedInvocations: [invocation(), invocation()],
    });
    expect(result).toMatchObject({ overallScore: 0.5, overallEvalStatus: EvalStatus.FAILED });
    await expect(
      registerCustomMetricsFromConfig({
        evalConfig: config('my_agent/metrics.mjs:missing'),
        registry,
        rootDir,
      }),
    ).rejects.toThrow('Could not import custom metric function from my_agent/metrics.mjs:missing');
  });

  it('uses the config’s metric info under the config’s key', async () => {
    const registry = await registerCustomMetricsFromConfig({
      evalConfig: config('my_agent.metrics.answered', {
        metricInfo: metricInfo('other_name', 'Ranged.', { minValue: -10, maxValue: 10 }),
      }),
      registry: new MetricEvaluatorRegistry(),
      rootDir,
    });
    expect(registry.getRegisteredMetrics()).toEqual([
      metricInfo('my_metric', 'Ranged.', { minValue: -10, maxValue: 10 }),
    ]);
  });

  it('rejects names that are not dotted identifiers, args, and exports that are not functions', async () => {
    const registry = new MetricEvaluatorRegistry();
    await expect(
      registerCustomMetricsFromConfig({ evalConfig: config('../evil.fn'), registry, rootDir }),
    ).rejects.toThrow(InvalidArgumentError);
    await expect(
      registerCustomMetricsFromConfig({
        evalConfig: {
          customMetrics: {
            my_metric: { codeConfig: { name: 'my_agent.metrics.answered', args: [{ value: 1 }] } },
          },
        } as unknown as EvalConfig,
        registry,
        rootDir,
      }),
    ).rejects.toThrow(/args field in CodeConfig/);
    await expect(
      registerCustomMetricsFromConfig({
        evalConfig: config('my_agent.metrics.notAFunction'),
        registry,
        rootDir,
      }),
    ).rejects.toThrow(AgentLoadError);
    await expect(
      registerCustomMetricsFromConfig({
        evalConfig: config('my_agent.missing.fn'),
        registry,
        rootDir,
      }),
    ).rejects.toThrow(AgentLoadError);
    expect(registry.getRegisteredMetrics()).toEqual([]);
  });

  it('registers a function metric directly', async () => {
    const registry = new MetricEvaluatorRegistry();
    registry.registerEvaluator({
      metricInfo: metricInfo('always_one', ''),
      evaluatorFactory: customMetricEvaluatorFactory(({ actualInvocations }) => ({
        overallScore: 1,
        overallEvalStatus: EvalStatus.PASSED,
        perInvocationResults: actualInvocations.map((actualInvocation) => ({
          actualInvocation,
          score: 1,
          evalStatus: EvalStatus.PASSED,
        })),
      })),
    });
    const result = await registry
      .getEvaluator(metric('always_one'))
      .evaluateInvocations({ actualInvocations: [invocation()] });
    expect(result.perInvocationResults).toHaveLength(1);
  });
});
