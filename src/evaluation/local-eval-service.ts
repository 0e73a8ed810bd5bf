import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { App } from '../runner/app.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { newUuid } from '../utils/ids.js';
import { logger } from '../utils/logger.js';
import {
  type BaseEvalService,
  DEFAULT_EVAL_PARALLELISM,
  type EvaluateConfig,
  type EvaluateRequest,
  type InferenceRequest,
  type InferenceResult,
  InferenceStatus,
} from './base-eval-service.js';
import { inCompletionOrder } from './completion-order.js';
import type { EvalCase } from './eval-case.js';
import {
  copyRubricsToActualInvocations,
  type EvalCaseScores,
  scoreEvalCase,
} from './eval-case-scoring.js';
import { EvalStatus } from './eval-metrics.js';
import type { EvalCaseResult } from './eval-result.js';
import type { EvalSetResultsManager } from './eval-set-results-manager.js';
import type { EvalSetsManager } from './eval-sets-manager.js';
import {
  DEFAULT_EVAL_APP_NAME,
  DEFAULT_EVAL_USER_ID,
  generateInferences,
} from './evaluation-generator.js';
import { createDefaultMetricEvaluatorRegistry } from './default-metric-evaluator-registry.js';
import type { MetricEvaluatorRegistry } from './metric-evaluator-registry.js';
import { UserSimulatorProvider } from './simulation/user-simulator-provider.js';

/** Prefix of the ids of the sessions eval cases run in (Python's). */
export const EVAL_SESSION_ID_PREFIX = '___eval___session___';

/** The part of an `EvalSetsManager` the service uses: it only reads sets and cases. */
export type EvalSetsReader = Pick<EvalSetsManager, 'getEvalSet' | 'getEvalCase'>;

/** Fields of a LocalEvalService. */
export interface LocalEvalServiceOptions {
  /** The agent to evaluate; with `app`, one of its agents (default its root agent). */
  rootAgent?: BaseAgent;
  /** The App whose plugins and settings take part in the runs, as in `adk web`. */
  app?: App;
  /** Where the eval sets and cases are read from (only read). */
  evalSetsManager: EvalSetsReader;
  /** The metrics it can score with; default a fresh `createDefaultMetricEvaluatorRegistry()`. */
  metricEvaluatorRegistry?: MetricEvaluatorRegistry;
  /** Where eval sessions live; default a new in-memory one. */
  sessionService?: BaseSessionService;
  /** Default a new in-memory one. */
  artifactService?: BaseArtifactService;
  /** Default a new in-memory one for each case. */
  memoryService?: BaseMemoryService;
  /** When given, each `evaluate` call saves its results through it, one EvalSetResult per eval set. */
  evalSetResultsManager?: EvalSetResultsManager;
  /** Makes the id of each case's session; default `___eval___session___<uuid4>`. */
  sessionIdSupplier?: () => string;
  /** Gives each case its user simulator; default one built from no config. */
  userSimulatorProvider?: UserSimulatorProvider;
}

/**
 * Runs evals locally (Python `LocalEvalService`): inference runs each eval
 * case through the agent in a fresh session made from its session input,
 * one invocation per user turn (replayed, or simulated for conversation
 * scenarios); evaluation scores each inference with every configured metric
 * (per invocation and overall, thresholds deciding pass or fail) and builds
 * its EvalCaseResult. A case whose inference fails is reported as failed
 * inference and its EvalCaseResult is `FAILED` without scores; a metric that throws is
 * `NOT_EVALUATED` for that case; neither stops the others.
 */
export class LocalEvalService implements BaseEvalService {
  private readonly rootAgent: BaseAgent;
  private readonly app: App | undefined;
  private readonly evalSetsManager: EvalSetsReader;
  private readonly metricEvaluatorRegistry: MetricEvaluatorRegistry;
  private readonly sessionService: BaseSessionService;
  private readonly artifactService: BaseArtifactService;
  private readonly memoryService: BaseMemoryService | undefined;
  private readonly evalSetResultsManager: EvalSetResultsManager | undefined;
  private readonly sessionIdSupplier: () => string;
  private readonly userSimulatorProvider: UserSimulatorProvider;

  /** Throws `InvalidArgumentError` when given neither a root agent nor an app. */
  constructor(options: LocalEvalServiceOptions) {
    const rootAgent = options.rootAgent ?? options.app?.rootAgent;
    if (!rootAgent) {
      throw new InvalidArgumentError({
        message: 'LocalEvalService needs a rootAgent or an app.',
        argument: 'rootAgent',
      });
    }
    this.rootAgent = rootAgent;
    this.app = options.app;
    this.evalSetsManager = options.evalSetsManager;
    this.metricEvaluatorRegistry =
      options.metricEvaluatorRegistry ?? createDefaultMetricEvaluatorRegistry();
    this.sessionService = options.sessionService ?? new InMemorySessionService();
    this.artifactService = options.artifactService ?? new InMemoryArtifactService();
    this.memoryService = options.memoryService;
    this.evalSetResultsManager = options.evalSetResultsManager;
    this.sessionIdSupplier =
      options.sessionIdSupplier ?? (() => `${EVAL_SESSION_ID_PREFIX}${newUuid()}`);
    this.userSimulatorProvider = options.userSimulatorProvider ?? new UserSimulatorProvider();
  }

  /**
   * Runs the requested cases of the eval set (all of them when no ids are
   * given), `inferenceConfig.parallelism` at a time, and yields each result
   * as it completes. Throws `EvalNotFoundError` when the eval set does not exist.
   */
  async *performInference(
    request: InferenceRequest,
  ): AsyncGenerator<InferenceResult, void, undefined> {
    const evalSet = await this.evalSetsManager.getEvalSet({
      appName: request.appName,
      evalSetId: request.evalSetId,
    });
    if (!evalSet) {
      throw new EvalNotFoundError({
        kind: 'evalSet',
        id: request.evalSetId,
        message: `Eval set with id ${request.evalSetId} not found for app ${request.appName}`,
      });
    }
    const wanted = request.evalCaseIds?.length ? new Set(request.evalCaseIds) : undefined;
    const evalCases = evalSet.evalCases.filter(
      (evalCase) => !wanted || wanted.has(evalCase.evalId),
    );
    const parallelism = request.inferenceConfig?.parallelism ?? DEFAULT_EVAL_PARALLELISM;
    yield* inCompletionOrder(evalCases, parallelism, (evalCase) =>
      this.inferOne(request.appName, request.evalSetId, evalCase),
    );
  }

  /**
   * Scores each inference with every metric of the config,
   * `evaluateConfig.parallelism` at a time, and yields each EvalCaseResult as
   * it completes. Once all are done, the results are saved through the
   * results manager (when there is one), one EvalSetResult per app and eval
   * set. Throws `EvalNotFoundError` when an inference's eval case no longer
   * exists, and `InvalidArgumentError` when a static conversation and its
   * inference differ in length or a metric returns per-invocation results
   * that do not match the invocations.
   */
  async *evaluate(request: EvaluateRequest): AsyncGenerator<EvalCaseResult, void, undefined> {
    const config = request.evaluateConfig;
    const parallelism = config.parallelism ?? DEFAULT_EVAL_PARALLELISM;
    const toSave = new Map<
      string,
      { appName: string; evalSetId: string; results: EvalCaseResult[] }
    >();
    for await (const [inference, result] of inCompletionOrder(
      request.inferenceResults,
      parallelism,
      async (inference) => [inference, await this.evaluateOne(inference, config)] as const,
    )) {
      const key = JSON.stringify([inference.appName, inference.evalSetId]);
      const entry = toSave.get(key) ?? {
        appName: inference.appName,
        evalSetId: inference.evalSetId,
        results: [],
      };
      entry.results.push(result);
      toSave.set(key, entry);
      yield result;
    }
    if (!this.evalSetResultsManager) return;
    for (const { appName, evalSetId, results } of toSave.values()) {
      await this.evalSetResultsManager.saveEvalSetResult({
        appName,
        evalSetId,
        evalCaseResults: results,
      });
    }
  }

  private async inferOne(
    appName: string,
    evalSetId: string,
    evalCase: EvalCase,
  ): Promise<InferenceResult> {
    const sessionId = this.sessionIdSupplier();
    const result: InferenceResult = {
      appName,
      evalSetId,
      evalCaseId: evalCase.evalId,
      sessionId,
      status: InferenceStatus.UNKNOWN,
    };
    try {
      result.inferences = await generateInferences({
        rootAgent: this.rootAgent,
        ...(this.app ? { app: this.app } : {}),
        userSimulator: this.userSimulatorProvider.provide(evalCase),
        ...(evalCase.sessionInput ? { initialSession: evalCase.sessionInput } : {}),
        sessionId,
        sessionService: this.sessionService,
        artifactService: this.artifactService,
        ...(this.memoryService ? { memoryService: this.memoryService } : {}),
      });
      result.status = InferenceStatus.SUCCESS;
    } catch (error) {
      // One case failing must not stop the others.
      logger.error(
        `Inference failed for eval case \`${evalCase.evalId}\` with error ${String(error)}.`,
      );
      result.status = InferenceStatus.FAILURE;
      result.errorMessage = error instanceof Error ? error.message : String(error);
    }
    return result;
  }

  private async evaluateOne(
    inference: InferenceResult,
    config: EvaluateConfig,
  ): Promise<EvalCaseResult> {
    const evalCase = await this.evalSetsManager.getEvalCase({
      appName: inference.appName,
      evalSetId: inference.evalSetId,
      evalCaseId: inference.evalCaseId,
    });
    if (!evalCase) {
      throw new EvalNotFoundError({
        kind: 'evalCase',
        id: inference.evalCaseId,
        message:
          `Eval case with id ${inference.evalCaseId} not found for app ${inference.appName} ` +
          `and eval set ${inference.evalSetId}.`,
      });
    }
    const userId = evalCase.sessionInput?.userId || DEFAULT_EVAL_USER_ID;
    const sessionDetails = await this.sessionDetails(evalCase, userId, inference.sessionId);
    const result = (scores: EvalCaseScores): EvalCaseResult => ({
      evalSetFile: inference.evalSetId,
      evalSetId: inference.evalSetId,
      evalId: inference.evalCaseId,
      ...scores,
      evalMetricResults: [],
      sessionId: inference.sessionId ?? '',
      ...(sessionDetails ? { sessionDetails } : {}),
      userId,
    });
    if (inference.status === InferenceStatus.FAILURE || inference.inferences === undefined) {
      logger.error(
        `Evaluation attempted on failed inference for eval case \`${inference.evalCaseId}\`. ` +
          `Error: ${inference.errorMessage ?? 'None'}`,
      );
      // Recorded as failed: a crashed run must not read as a pass (Python's current behaviour).
      return result({
        finalEvalStatus: EvalStatus.FAILED,
        overallEvalMetricResults: [],
        evalMetricResultPerInvocation: [],
      });
    }
    const expected = evalCase.conversation;
    if (!evalCase.conversationScenario && inference.inferences.length !== (expected?.length ?? 0)) {
      throw new InvalidArgumentError({
        message:
          'Inferences should match conversations in eval case. Found' +
          `${inference.inferences.length} inferences ${expected?.length ?? 0} conversations in eval cases.`,
        argument: 'inferenceResults',
      });
    }
    const actual = structuredClone(inference.inferences);
    copyRubricsToActualInvocations(evalCase, actual);
    const scores = await scoreEvalCase({
      registry: this.metricEvaluatorRegistry,
      evalMetrics: config.evalMetrics,
      evalCase,
      actualInvocations: actual,
    });
    return result(scores);
  }

  // The session the case ran in, looked up where it was created.
  private async sessionDetails(evalCase: EvalCase, userId: string, sessionId: string | undefined) {
    if (sessionId === undefined) return undefined;
    return this.sessionService.getSession({
      appName: evalCase.sessionInput?.appName ?? DEFAULT_EVAL_APP_NAME,
      userId,
      sessionId: evalCase.sessionInput?.sessionId || sessionId,
    });
  }
}
