import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { VERBATIM, dictRule, modelRule } from '../events/json-casing.js';
import { systemErrorCode } from '../utils/system-error-code.js';
import { BaseCriterion, CRITERION_CASING_RULE } from './eval-criteria.js';
import { evalToCamelCaseJson, evalToPythonJson, parseEvalJson } from './eval-json.js';
import { EvalMetric, METRIC_INFO_CASING_RULE, MetricInfo } from './eval-metrics.js';

/** The file name of an eval config that sits beside a test file (`AgentEvaluator`). */
export const TEST_CONFIG_FILE_NAME = 'test_config.json';

/**
 * Where a custom metric's scoring function is (Python `CodeConfig`): `name`
 * is a module path and export (`path/to/module.js:myMetric` here; Python's
 * dotted path there). Arguments are not supported for custom metrics.
 */
export const CustomMetricCodeConfig = z.looseObject({
  name: z.string(),
  args: z.array(z.unknown()).optional(),
});
/** Where a custom metric's scoring function is. */
export type CustomMetricCodeConfig = z.infer<typeof CustomMetricCodeConfig>;

/** A custom metric of an eval config (Python `CustomMetricConfig`). */
export const CustomMetricConfig = z
  .object({
    codeConfig: CustomMetricCodeConfig,
    /** What `metrics-info` tells about the metric; made from `description` and a [0, 1] range when absent. */
    metricInfo: MetricInfo.optional(),
    description: z.string().default(''),
  })
  .refine((config) => !config.codeConfig.args || config.codeConfig.args.length === 0, {
    message: 'args field in CodeConfig for custom metric is not supported.',
    path: ['codeConfig', 'args'],
  });
/** A custom metric of an eval config. */
export type CustomMetricConfig = z.infer<typeof CustomMetricConfig>;

/**
 * What an eval runs with (Python `EvalConfig`, the content of
 * `test_config.json` and of `--config_file_path`): `criteria` maps a metric
 * name to a threshold or to a criterion object; `customMetrics` locates the
 * metrics that are not built in; `userSimulatorConfig` configures the user
 * simulator (its fields are the simulator's own, kept as given).
 */
export const EvalConfig = z.object({
  criteria: z.record(z.string(), z.union([z.number(), BaseCriterion])).default(() => ({})),
  customMetrics: z.record(z.string(), CustomMetricConfig).optional(),
  userSimulatorConfig: z.looseObject({}).optional(),
});
/** What an eval runs with. */
export type EvalConfig = z.infer<typeof EvalConfig>;

/** The criteria used when no config is given: the tool trajectory must match, responses ROUGE-1 ≥ 0.8. */
export const DEFAULT_EVAL_CONFIG: EvalConfig = Object.freeze({
  criteria: Object.freeze({ tool_trajectory_avg_score: 1.0, response_match_score: 0.8 }),
}) as EvalConfig;

/**
 * The casing table of an `EvalConfig`: metric names are keys kept as
 * written; the user simulator's config is re-cased like a model.
 */
export const EVAL_CONFIG_CASING_RULE = modelRule({
  criteria: dictRule(CRITERION_CASING_RULE),
  customMetrics: dictRule(
    modelRule({ codeConfig: modelRule({ args: VERBATIM }), metricInfo: METRIC_INFO_CASING_RULE }),
  ),
});

/** Reads an eval config from its JSON (either casing); throws `InvalidArgumentError`. */
export function evalConfigFromJson(json: unknown): EvalConfig {
  return parseEvalJson(EvalConfig, EVAL_CONFIG_CASING_RULE, json, 'evalConfig');
}

/** The eval config as Python writes it (snake_case). */
export function evalConfigToPythonJson(
  config: z.input<typeof EvalConfig>,
): Record<string, unknown> {
  return evalToPythonJson(EvalConfig, EVAL_CONFIG_CASING_RULE, config, 'evalConfig');
}

/** The eval config as the HTTP API carries it (camelCase). */
export function evalConfigToCamelCaseJson(
  config: z.input<typeof EvalConfig>,
): Record<string, unknown> {
  return evalToCamelCaseJson(EvalConfig, EVAL_CONFIG_CASING_RULE, config, 'evalConfig');
}

/**
 * The eval config in the file at `configFilePath`, or `DEFAULT_EVAL_CONFIG`
 * when no path is given or no file is there (Python
 * `get_evaluation_criteria_or_default`). Throws `InvalidArgumentError` for a
 * file that is not a valid config.
 */
export async function getEvaluationCriteriaOrDefault(
  configFilePath: string | undefined,
): Promise<EvalConfig> {
  if (!configFilePath) return DEFAULT_EVAL_CONFIG;
  let text: string;
  try {
    text = await readFile(configFilePath, 'utf8');
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return DEFAULT_EVAL_CONFIG;
    throw error;
  }
  return evalConfigFromJson(parseJsonText(text, configFilePath));
}

/**
 * The eval config for a test file: `test_config.json` in the test file's
 * folder, or the default (Python `AgentEvaluator.find_config_for_test_file`).
 */
export function findConfigForTestFile(testFile: string): Promise<EvalConfig> {
  return getEvaluationCriteriaOrDefault(path.join(path.dirname(testFile), TEST_CONFIG_FILE_NAME));
}

/**
 * The metrics an eval config asks for, in its order (Python
 * `get_eval_metrics_from_config`): a bare threshold becomes
 * `{threshold, criterion: {threshold}}`, a criterion object keeps all its
 * fields; a metric that `customMetrics` names gets its code path.
 */
export function getEvalMetricsFromConfig(config: EvalConfig): EvalMetric[] {
  return Object.entries(config.criteria).map(([metricName, criterion]) => {
    const custom = config.customMetrics ? Object.hasOwn(config.customMetrics, metricName) : false;
    const customFunctionPath = custom
      ? config.customMetrics?.[metricName]?.codeConfig.name
      : undefined;
    const full = typeof criterion === 'number' ? { threshold: criterion } : criterion;
    return EvalMetric.parse({
      metricName,
      threshold: full.threshold,
      criterion: full,
      ...(customFunctionPath === undefined ? {} : { customFunctionPath }),
    });
  });
}

function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'evalConfig',
      message: `The eval config file ${file} is not JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
}
