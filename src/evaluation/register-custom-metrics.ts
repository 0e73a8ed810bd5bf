import path from 'node:path';
import { isDottedName } from '../config/config-registry.js';
import { importModuleFile } from '../config/import-module-file.js';
import { createModuleReferenceResolver } from '../config/module-reference-resolver.js';
import { readModuleExport } from '../config/read-module-export.js';
import { AgentLoadError } from '../errors/agent-load-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import {
  customMetricEvaluatorFactory,
  type CustomMetricFunction,
} from './custom-metric-evaluator.js';
import type { EvalConfig } from './eval-config.js';
import type { MetricInfo } from './eval-metrics.js';
import type { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';
import { metricInfo } from './prebuilt-metric-infos.js';

/** What `registerCustomMetricsFromConfig` takes. */
export interface RegisterCustomMetricsRequest {
  /** The eval config whose `custom_metrics` are registered. */
  readonly evalConfig: EvalConfig;
  /** The registry to register them in. */
  readonly registry: MetricEvaluatorRegistry;
  /**
   * The folder the metrics' code is found under (the agents directory). A
   * `code_config.name` is either a dotted name, read as YAML agent configs
   * name code (`pkg.metrics.my_metric` is the export `my_metric` of
   * `<rootDir>/pkg/metrics.ts`, or `.mts`, `.js`, `.mjs`, `.cjs`, or
   * `pkg/metrics/index.*`), so Python's configs work unchanged; or a module
   * path and an export, `pkg/metrics.ts:myMetric` (relative to `rootDir`).
   */
  readonly rootDir: string;
}

/**
 * Registers every metric of the config's `custom_metrics` (Python's
 * `register_custom_metrics_from_config`): its `code_config.name` is imported
 * now, and the metric is registered under its key with the config's
 * `metric_info` (renamed to the key) or, without one, a [0, 1] metric info
 * with the config's description. Returns the registry.
 *
 * Errors: `InvalidArgumentError` for a name of neither form or a
 * `code_config` with `args` (which custom metrics do not take);
 * `AgentLoadError` for a module that is missing or fails to import, or an
 * export that is missing or not a function.
 */
export async function registerCustomMetricsFromConfig({
  evalConfig,
  registry,
  rootDir,
}: RegisterCustomMetricsRequest): Promise<MetricEvaluatorRegistry> {
  const customMetrics = Object.entries(evalConfig.customMetrics ?? {});
  if (customMetrics.length === 0) return registry;
  const resolveDottedName = createModuleReferenceResolver({ rootDir });
  // Everything is loaded before anything is registered, so a bad entry leaves the registry as it was.
  const loaded: { metricName: string; info: MetricInfo; metricFunction: CustomMetricFunction }[] =
    [];
  for (const [metricName, config] of customMetrics) {
    const { name, args } = config.codeConfig;
    if (args !== undefined && args !== null && args.length > 0) {
      throw new InvalidArgumentError({
        argument: 'evalConfig.customMetrics',
        message: `args field in CodeConfig for custom metric ${metricName} is not supported.`,
      });
    }
    loaded.push({
      metricName,
      info: config.metricInfo
        ? { ...structuredClone(config.metricInfo), metricName }
        : metricInfo(metricName, config.description ?? ''),
      metricFunction: await loadMetricFunction(name, metricName, rootDir, resolveDottedName),
    });
  }
  for (const { info, metricFunction } of loaded) {
    registry.registerEvaluator({
      metricInfo: info,
      evaluatorFactory: customMetricEvaluatorFactory(metricFunction),
    });
  }
  return registry;
}

async function loadMetricFunction(
  name: string,
  metricName: string,
  rootDir: string,
  resolveDottedName: ReturnType<typeof createModuleReferenceResolver>,
): Promise<CustomMetricFunction> {
  const separator = name.lastIndexOf(':');
  let value: unknown;
  let filePath: string;
  let exportName: string;
  if (separator > 0 && separator < name.length - 1) {
    filePath = path.resolve(rootDir, name.slice(0, separator));
    exportName = name.slice(separator + 1);
    value = readModuleExport(await importModuleFile(filePath), exportName);
  } else if (isDottedName(name)) {
    const segments = name.split('.');
    exportName = segments.pop()!;
    filePath = path.join(rootDir, ...segments);
    value = await resolveDottedName(name, 'function');
  } else {
    throw new InvalidArgumentError({
      argument: 'evalConfig.customMetrics',
      message:
        `Invalid function reference ${JSON.stringify(name)} for custom metric ${metricName}: ` +
        'expected a dotted name (`my_agent.metrics.my_metric`) or a module path and an ' +
        'export (`my_agent/metrics.ts:myMetric`).',
    });
  }
  if (typeof value !== 'function') {
    throw new AgentLoadError({
      filePath,
      exportName,
      message:
        `Could not import custom metric function from ${name}: ` +
        (value === undefined ? 'the module has no such export.' : 'the export is not a function.'),
    });
  }
  return value as CustomMetricFunction;
}
