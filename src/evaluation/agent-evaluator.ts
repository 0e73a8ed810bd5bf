import path from 'node:path';
import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { EvalFailedError } from '../errors/eval-failed-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { App } from '../runner/app.js';
import { aggregateEvalCaseResults } from './eval-case-result-aggregator.js';
import { type EvalConfig, getEvalMetricsFromConfig } from './eval-config.js';
import { getMetricThreshold } from './eval-case-scoring.js';
import { type EvalMetricResult, EvalStatus } from './eval-metrics.js';
import type { EvalCaseResult } from './eval-result.js';
import type { EvalSet } from './eval-set.js';
import type { EvalSetResultsManager } from './eval-set-results-manager.js';
import {
  findEvalDataFiles,
  loadAgentModule,
  loadEvalConfigForTestFile,
  loadEvalSetFromFile,
  readInitialSessionFile,
} from './agent-evaluator-files.js';
import { createDefaultMetricEvaluatorRegistry } from './default-metric-evaluator-registry.js';
import { type EvalSetsReader, LocalEvalService } from './local-eval-service.js';
import type { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';
import { formatMetricDetails } from './agent-evaluator-report.js';
import { UserSimulatorProvider } from './simulation/user-simulator-provider.js';

/** How many times each case runs by default (Python `NUM_RUNS`). */
export const DEFAULT_NUM_RUNS = 2;

/** Which agent `AgentEvaluator` evaluates: one of `agent`, `app` or `agentModule`. */
export interface AgentUnderEvaluation {
  /** The agent itself. */
  agent?: BaseAgent;
  /** An App: its root agent, with its plugins and settings. */
  app?: App;
  /**
   * An app folder (`<agents_dir>/<app>/` with `agent.ts`, `root_agent.yaml`,
   * …, loaded as `adk web` loads it) or a module file exporting `app` or
   * `rootAgent` (Python's `agent_module`).
   */
  agentModule?: string;
  /** A sub-agent to evaluate instead of the root agent, by name. */
  agentName?: string;
}

/** Options shared by `evaluate` and `evaluateEvalSet`. */
export interface AgentEvaluatorOptions extends AgentUnderEvaluation {
  /** How many times each case runs; scores are averaged over every invocation of every run. Default 2. */
  numRuns?: number;
  /** Print each metric's summary and per-invocation table (`print`). Default true. */
  printDetailedResults?: boolean;
  /** Where printed output goes; default `console.log`. */
  print?: (text: string) => void;
  /** The artifact service the runs use; default an in-memory one. */
  artifactService?: BaseArtifactService;
  /** The app name results are saved under; required with `evalSetResultsManager`. */
  appName?: string;
  /** Saves each run's EvalSetResult (`*.evalset_result.json`). */
  evalSetResultsManager?: EvalSetResultsManager;
  /** The metrics it can score with; default `createDefaultMetricEvaluatorRegistry()`. */
  metricEvaluatorRegistry?: MetricEvaluatorRegistry;
}

/** Request of `AgentEvaluator.evaluateEvalSet`. */
export interface EvaluateEvalSetRequest extends AgentEvaluatorOptions {
  evalSet: EvalSet;
  /** The criteria, simulator config and custom metrics. */
  evalConfig?: EvalConfig;
  /** Deprecated: metric name → threshold; becomes an EvalConfig. */
  criteria?: Record<string, number>;
}

/** Request of `AgentEvaluator.evaluate`. */
export interface AgentEvaluateRequest extends AgentEvaluatorOptions {
  /**
   * An eval data file (`*.evalset.json`, or the older `*.test.json` list
   * form), or a folder searched recursively for such files. Each file's
   * criteria come from the `test_config.json` beside it (the defaults when
   * there is none).
   */
  evalDatasetFilePathOrDir: string;
  /** A JSON file with the initial session (`{app_name, user_id, state}`) for old-format files. */
  initialSessionFile?: string;
}

/**
 * Evaluates agents from tests (Python `AgentEvaluator`), e.g. in vitest:
 * `await AgentEvaluator.evaluate({ agentModule, evalDatasetFilePathOrDir })`.
 * Each case runs `numRuns` times through `LocalEvalService`; each metric's
 * score is the mean over every invocation of every run, compared with its
 * threshold. Throws `EvalFailedError` listing every metric that failed or
 * could not be evaluated and every case whose runs failed without a score.
 */
export const AgentEvaluator = {
  /**
   * Evaluates the agent on each eval data file found at
   * `evalDatasetFilePathOrDir`, file by file. Throws
   * `InvalidArgumentError` when `evalSetResultsManager` is given without
   * `appName` or nothing is found, and `EvalFailedError` at the first file
   * whose criteria the agent misses.
   */
  async evaluate(request: AgentEvaluateRequest): Promise<void> {
    requireAppNameForResults(request);
    const files = await findEvalDataFiles(request.evalDatasetFilePathOrDir);
    const initialSession = await readInitialSessionFile(request.initialSessionFile);
    for (const file of files) {
      const evalConfig = await loadEvalConfigForTestFile(file);
      const evalSet = await loadEvalSetFromFile(file, evalConfig, initialSession);
      await AgentEvaluator.evaluateEvalSet({ ...request, evalSet, evalConfig });
    }
  },

  /** Evaluates the agent on one eval set; see `AgentEvaluator`. */
  async evaluateEvalSet(request: EvaluateEvalSetRequest): Promise<EvalCaseResult[]> {
    requireAppNameForResults(request);
    const evalConfig = evalConfigOf(request);
    const { agent, app } = await agentUnderEvaluation(request);
    const appName = request.appName ?? 'test_app';
    const evalSetsManager = singleEvalSet(request.evalSet);
    const service = new LocalEvalService({
      rootAgent: agent,
      ...(app ? { app } : {}),
      evalSetsManager,
      metricEvaluatorRegistry:
        request.metricEvaluatorRegistry ?? createDefaultMetricEvaluatorRegistry(),
      userSimulatorProvider: new UserSimulatorProvider(
        evalConfig.userSimulatorConfig
          ? { userSimulatorConfig: evalConfig.userSimulatorConfig }
          : {},
      ),
      ...(request.artifactService ? { artifactService: request.artifactService } : {}),
      ...(request.evalSetResultsManager
        ? { evalSetResultsManager: request.evalSetResultsManager }
        : {}),
    });

    const numRuns = request.numRuns ?? DEFAULT_NUM_RUNS;
    const inferences = [];
    for (let run = 0; run < numRuns; run++) {
      for await (const inference of service.performInference({
        appName,
        evalSetId: request.evalSet.evalSetId,
      })) {
        inferences.push(inference);
      }
    }
    const results: EvalCaseResult[] = [];
    for await (const result of service.evaluate({
      inferenceResults: inferences,
      evaluateConfig: { evalMetrics: getEvalMetricsFromConfig(evalConfig) },
    })) {
      results.push(result);
    }

    const print = request.print ?? ((text: string) => console.log(text));
    const printDetails = request.printDetailedResults ?? true;
    const label = request.agentModule ?? agent.name;
    const failures: string[] = [];
    for (const [evalId, runs] of groupByEvalId(results)) {
      failures.push(...metricFailures(runs, label, printDetails ? print : undefined));
      failures.push(...failedRunFailures(evalId, runs, label));
    }
    if (failures.length) {
      let message = 'Following are all the test failures.';
      if (!printDetails) {
        message +=
          ' If you looking to get more details on the failures, then please re-run this test ' +
          'with `print_detailed_results` set to `True`.';
      }
      throw new EvalFailedError({ failures, message: `${message}\n${failures.join('\n')}` });
    }
    return aggregateEvalCaseResults(results);
  },
};

// The eval set being evaluated, as the service reads it. Old-format files get a uuid4 id, which
// the eval sets managers would refuse; Python's in-memory manager takes it.
function singleEvalSet(evalSet: EvalSet): EvalSetsReader {
  return {
    getEvalSet: ({ evalSetId }) =>
      Promise.resolve(evalSetId === evalSet.evalSetId ? structuredClone(evalSet) : undefined),
    getEvalCase: ({ evalSetId, evalCaseId }) =>
      Promise.resolve(
        evalSetId === evalSet.evalSetId
          ? structuredClone(evalSet.evalCases.find((evalCase) => evalCase.evalId === evalCaseId))
          : undefined,
      ),
  };
}

function requireAppNameForResults(request: AgentEvaluatorOptions): void {
  if (request.evalSetResultsManager && !request.appName) {
    throw new InvalidArgumentError({
      message: 'app_name is required when eval_set_results_manager is provided.',
      argument: 'appName',
    });
  }
}

function evalConfigOf(request: EvaluateEvalSetRequest): EvalConfig {
  if (request.criteria) {
    const criteria: Record<string, { threshold: number }> = {};
    for (const [metric, threshold] of Object.entries(request.criteria)) {
      criteria[metric] = { threshold };
    }
    return { criteria } as EvalConfig;
  }
  if (!request.evalConfig) {
    throw new InvalidArgumentError({
      message: '`eval_config` is required.',
      argument: 'evalConfig',
    });
  }
  return request.evalConfig;
}

async function agentUnderEvaluation(
  request: AgentUnderEvaluation,
): Promise<{ agent: BaseAgent; app: App | undefined }> {
  let root: BaseAgent;
  let app: App | undefined;
  if (request.app) {
    app = request.app;
    root = app.rootAgent;
  } else if (request.agent) {
    root = request.agent;
  } else if (request.agentModule) {
    ({ root, app } = await loadAgentModule(path.resolve(request.agentModule)));
  } else {
    throw new InvalidArgumentError({
      message: 'AgentEvaluator needs an agent, an app or an agentModule.',
      argument: 'agent',
    });
  }
  if (!request.agentName) return { agent: root, app };
  const agent = root.findAgent(request.agentName);
  if (!agent) {
    throw new AgentNotFoundError({
      agentName: request.agentName,
      message: `Sub-Agent '${request.agentName}' not found.`,
    });
  }
  return { agent, app };
}

function groupByEvalId(results: readonly EvalCaseResult[]): Map<string, EvalCaseResult[]> {
  const groups = new Map<string, EvalCaseResult[]>();
  for (const result of results) {
    const group = groups.get(result.evalId);
    if (group) group.push(result);
    else groups.set(result.evalId, [result]);
  }
  return groups;
}

/** Python `_process_metrics_and_get_failures`: one line per metric of the case that did not pass. */
function metricFailures(
  runs: readonly EvalCaseResult[],
  label: string,
  print: ((text: string) => void) | undefined,
): string[] {
  const byMetric = new Map<
    string,
    { result: EvalMetricResult; entry: EvalCaseResult['evalMetricResultPerInvocation'][number] }[]
  >();
  for (const run of runs) {
    for (const entry of run.evalMetricResultPerInvocation) {
      for (const result of entry.evalMetricResults) {
        const list = byMetric.get(result.metricName) ?? [];
        list.push({ result, entry });
        byMetric.set(result.metricName, list);
      }
    }
  }
  const failures: string[] = [];
  for (const [metricName, rows] of byMetric) {
    const threshold = getMetricThreshold(rows[0]!.result);
    const scores = rows.flatMap(({ result }) =>
      typeof result.score === 'number' ? [result.score] : [],
    );
    const overallScore = scores.length
      ? scores.reduce((sum, score) => sum + score, 0) / scores.length
      : undefined;
    const status =
      overallScore === undefined
        ? EvalStatus.NOT_EVALUATED
        : overallScore >= threshold
          ? EvalStatus.PASSED
          : EvalStatus.FAILED;
    if (status === EvalStatus.NOT_EVALUATED) {
      failures.push(
        `${metricName} for ${label} was not evaluated. No score was produced, so the threshold ` +
          `of ${threshold} was never checked and this is not a score regression. See the logs ` +
          'for why the metric could not run.',
      );
    } else if (status === EvalStatus.FAILED) {
      failures.push(
        `${metricName} for ${label} Failed. Expected ${threshold}, but got ${overallScore}.`,
      );
    }
    print?.(formatMetricDetails({ metricName, threshold, overallScore, status, rows }));
  }
  return failures;
}

/** Python `_get_failures_from_final_eval_status`: runs that failed without producing any score. */
function failedRunFailures(
  evalId: string,
  runs: readonly EvalCaseResult[],
  label: string,
): string[] {
  const failed = runs.filter(
    (run) =>
      run.finalEvalStatus === EvalStatus.FAILED &&
      !run.evalMetricResultPerInvocation.some((entry) => entry.evalMetricResults.length > 0),
  ).length;
  if (!failed) return [];
  return [
    `${evalId} for ${label} Failed. ${failed} of ${runs.length} runs were recorded as failed ` +
      'without producing any metric results.',
  ];
}
