import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { AgentsDirectoryLoader } from '../config/agents-directory.js';
import type { InferenceRequest, InferenceResult } from '../evaluation/base-eval-service.js';
import { getAllToolCalls, type IntermediateDataType } from '../evaluation/eval-case.js';
import {
  evalConfigToPythonJson,
  getEvalMetricsFromConfig,
  getEvaluationCriteriaOrDefault,
  type EvalConfig,
} from '../evaluation/eval-config.js';
import type { EvalCaseResult } from '../evaluation/eval-result.js';
import type { EvalSetsManager } from '../evaluation/eval-sets-manager.js';
import { InMemoryEvalSetsManager } from '../evaluation/in-memory-eval-sets-manager.js';
import { createDefaultMetricEvaluatorRegistry } from '../evaluation/default-metric-evaluator-registry.js';
import { LocalEvalService } from '../evaluation/local-eval-service.js';
import { registerCustomMetricsFromConfig } from '../evaluation/register-custom-metrics.js';
import { UserSimulatorProvider } from '../evaluation/simulation/user-simulator-provider.js';
import { LocalEvalSetResultsManager } from '../evaluation/local-eval-set-results-manager.js';
import {
  LocalEvalSetsManager,
  loadEvalSetFromFile,
} from '../evaluation/local-eval-sets-manager.js';
import { setLogger } from '../utils/logger.js';
import { resolveAgentPath } from './agent-path.js';
import type { CliIo } from './cli-io.js';
import { detailedEvalResult, evalRunSummary } from './eval-report.js';
import { refuseEvalStorageUri } from './eval-storage-uri.js';
import { parseEvalTargets } from './eval-targets.js';
import { parseLogLevel, stderrLogger } from './log-level.js';
import { pythonRepr } from '../utils/python-repr.js';
import { pythonFloat } from './python-text.js';

/** Options of `adk eval` (Python's flags). */
export interface EvalCommandOptions {
  readonly config_file_path?: string;
  readonly print_detailed_results?: boolean;
  readonly eval_storage_uri?: string;
  readonly log_level?: string;
}

/** Adds `adk eval` to `program`. */
export function registerEvalCommand(program: Command, io: CliIo): void {
  program
    .command('eval')
    .description(
      'Evaluates an agent given the eval sets (Python `adk eval`). Each EVAL_SET_FILE_PATH_OR_ID ' +
        'is an eval set file or the id of an eval set in the app folder, optionally followed by ' +
        '`:` and a comma-separated list of the eval case ids to run; mixing files and ids is not allowed.',
    )
    .argument('<agent_module_file_path>', 'the app folder')
    .argument('[eval_set_file_path_or_id...]', 'eval set files or ids, each optionally :case,case')
    .option('--config_file_path <path>', 'the eval config (test_config.json) with the criteria')
    .option('--print_detailed_results', 'print each case’s metrics and invocations')
    .option('--eval_storage_uri <uri>', 'where eval sets and results are stored (gs:// in Python)')
    .option('--log_level <level>', 'DEBUG, INFO, WARNING, ERROR or CRITICAL', 'INFO')
    .action(async (agent: string, evalSets: string[], options: EvalCommandOptions) => {
      process.exitCode = await evalCommand(agent, evalSets, options, io);
    });
}

/**
 * `adk eval`: runs the selected eval cases through the app's agent, scores
 * them with the metrics of the eval config (`--config_file_path`, else
 * `tool_trajectory_avg_score` 1.0 and `response_match_score` 0.8), saves the
 * results under `<app>/.adk/eval_history/` and prints adk-python's output:
 * `Using evaluation criteria: …`, the run summary (cases passed and failed
 * per eval set) and, with `--print_detailed_results`, each case's metrics
 * and invocation table. Progress goes to stderr, one line per case run and
 * per case scored. When the first argument is an existing file, every
 * argument is an eval set file (any format adk-python reads); otherwise
 * they are eval set ids of the app folder. Returns 1 when a case did not
 * pass, else 0 (adk-python exits 0 either way).
 */
export async function evalCommand(
  agent: string,
  evalSetArgs: readonly string[],
  options: EvalCommandOptions,
  io: CliIo,
): Promise<number> {
  // Logs go to stderr: stdout is the result.
  setLogger(stderrLogger(io.stderr, parseLogLevel(options.log_level ?? 'INFO')));
  if (options.eval_storage_uri !== undefined) refuseEvalStorageUri(options.eval_storage_uri);
  const target = await resolveAgentPath(agent);
  const evalConfig = await getEvaluationCriteriaOrDefault(options.config_file_path);
  io.stdout.write(`Using evaluation criteria: ${evalConfigText(evalConfig)}\n`);
  const evalMetrics = getEvalMetricsFromConfig(evalConfig);
  const app = await new AgentsDirectoryLoader({ agentsDir: target.agentsDir }).loadApp(
    target.appName,
  );
  const evalSetResultsManager = new LocalEvalSetResultsManager(target.agentsDir);
  const metricEvaluatorRegistry = await registerCustomMetricsFromConfig({
    evalConfig,
    registry: createDefaultMetricEvaluatorRegistry(),
    rootDir: target.agentsDir,
  });
  const targets = parseEvalTargets(evalSetArgs);
  const { evalSetsManager, inferenceRequests } = await evalSetsToRun(
    targets,
    target.appName,
    target.agentsDir,
  );
  const service = new LocalEvalService({
    app,
    evalSetsManager,
    evalSetResultsManager,
    metricEvaluatorRegistry,
    userSimulatorProvider: new UserSimulatorProvider(
      evalConfig.userSimulatorConfig ? { userSimulatorConfig: evalConfig.userSimulatorConfig } : {},
    ),
  });
  const inferenceResults: InferenceResult[] = [];
  for (const request of inferenceRequests) {
    for await (const result of service.performInference(request)) {
      inferenceResults.push(result);
      io.stderr.write(
        `Ran eval case ${result.evalSetId}/${result.evalCaseId} (${inferenceResults.length})` +
          `${result.errorMessage ? `: ${result.errorMessage}` : ''}\n`,
      );
    }
  }
  const evalResults: EvalCaseResult[] = [];
  for await (const result of service.evaluate({
    inferenceResults,
    evaluateConfig: { evalMetrics },
  })) {
    evalResults.push(result);
    io.stderr.write(
      `Scored eval case ${result.evalSetId}/${result.evalId} (${evalResults.length} of ${inferenceResults.length})\n`,
    );
  }
  io.stdout.write(evalRunSummary(evalResults));
  if (options.print_detailed_results) {
    for (const result of evalResults) {
      io.stdout.write(`${'*'.repeat(68)}\n`);
      io.stdout.write(
        detailedEvalResult(result, (data) =>
          getAllToolCalls(data as IntermediateDataType | undefined),
        ),
      );
    }
  }
  return evalResults.every((result) => result.finalEvalStatus === 1) ? 0 : 1;
}

async function evalSetsToRun(
  targets: ReadonlyMap<string, readonly string[]>,
  appName: string,
  agentsDir: string,
): Promise<{ evalSetsManager: EvalSetsManager; inferenceRequests: InferenceRequest[] }> {
  const [first] = targets.keys();
  if (first === undefined || !(await isFile(first))) {
    return {
      evalSetsManager: new LocalEvalSetsManager(agentsDir),
      inferenceRequests: [...targets].map(([evalSetId, evalCaseIds]) => ({
        appName,
        evalSetId,
        evalCaseIds,
      })),
    };
  }
  const evalSetsManager = new InMemoryEvalSetsManager();
  const inferenceRequests: InferenceRequest[] = [];
  for (const [file, evalCaseIds] of targets) {
    if (!(await isFile(file))) {
      throw new InvalidArgumentError({
        argument: 'eval_set_file_path_or_id',
        message: `\`${file}\` should be a valid eval set file.`,
      });
    }
    // An older-format file has no id of its own: it is named after the file.
    const evalSet = await loadEvalSetFromFile(file, evalSetIdOfFile(file));
    await evalSetsManager.createEvalSet({ appName, evalSetId: evalSet.evalSetId });
    for (const evalCase of evalSet.evalCases) {
      await evalSetsManager.addEvalCase({ appName, evalSetId: evalSet.evalSetId, evalCase });
    }
    inferenceRequests.push({ appName, evalSetId: evalSet.evalSetId, evalCaseIds });
  }
  return { evalSetsManager, inferenceRequests };
}

function evalSetIdOfFile(file: string): string {
  return path
    .basename(file)
    .replace(/\.evalset\.json$|\.test\.json$|\.json$/, '')
    .replace(/[^A-Za-z0-9_]/g, '_');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

// pydantic's str() of EvalConfig: its fields as `name=repr(value)`. A
// threshold is a Python float; a criterion object reads as pydantic's repr of
// a BaseCriterion (its fields, extra ones included, in snake_case).
function evalConfigText(config: EvalConfig): string {
  const python = evalConfigToPythonJson(config);
  const criteria = Object.entries((python['criteria'] ?? {}) as Record<string, unknown>)
    .map(([name, criterion]) => {
      if (typeof criterion === 'number') return `${pythonRepr(name)}: ${pythonFloat(criterion)}`;
      const fields = Object.entries(criterion as Record<string, unknown>).map(
        ([field, value]) =>
          `${field}=${field === 'threshold' && typeof value === 'number' ? pythonFloat(value) : pythonRepr(value)}`,
      );
      return `${pythonRepr(name)}: BaseCriterion(${fields.join(', ')})`;
    })
    .join(', ');
  return (
    `criteria={${criteria}} ` +
    `custom_metrics=${pythonRepr(python['custom_metrics'] ?? null)} ` +
    `user_simulator_config=${pythonRepr(python['user_simulator_config'] ?? null)}`
  );
}
