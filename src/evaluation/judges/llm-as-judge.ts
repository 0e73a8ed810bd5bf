import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { JudgeNoResponseError } from '../../errors/judge-no-response-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import type { BaseLlm } from '../../models/base-llm.js';
import type { LlmRequest } from '../../models/llm-request.js';
import { logger } from '../../utils/logger.js';
import type { Invocation } from '../eval-case.js';
import type { JudgeModelOptions } from '../eval-criteria.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import type { RubricScore } from '../eval-rubrics.js';
import type {
  EvaluateInvocationsRequest,
  EvaluationResult,
  Evaluator,
  PerInvocationResult,
} from '../evaluator.js';
import { checkInvocationLengths, evalStatusOf, getMetricThreshold } from '../metric-scoring.js';
import { buildJudgeRequest, resolveJudgeModel, sampleJudge } from './judge-model.js';

/** What a judge's verdict on one sample is read as (Python `AutoRaterScore`). */
export interface AutoRaterScore {
  readonly score?: number | undefined;
  readonly rubricScores?: readonly RubricScore[] | undefined;
}

/** Options every LLM-judged metric takes besides its eval metric. */
export interface LlmJudgeOptions {
  /**
   * The judge model to call, instead of the one `LLMRegistry` resolves for
   * the criterion's `judgeModelOptions.judgeModel` (e.g. a scripted model).
   */
  readonly judgeModel?: BaseLlm;
}

/** The criterion fields every LLM judge reads. */
export interface JudgeCriterionBase {
  readonly threshold: number;
  readonly judgeModelOptions: JudgeModelOptions;
}

/**
 * The base of the metrics scored by an LLM judge (Python `LlmAsJudge`). For
 * each actual invocation (paired with its expected one, when given) it
 * renders a prompt (`formatAutoRaterPrompt`), asks the judge model
 * `numSamples` times, reads each answer (`convertAutoRaterResponseToScore`),
 * reduces the samples of an invocation to one result
 * (`aggregatePerInvocationSamples`) and the invocations to the case's result
 * (`aggregateInvocationResults`). Samples run concurrently, at most
 * `judgeModelOptions.parallelismLimit` at a time when set. An invocation one
 * of whose samples failed (the model threw, or gave no response) is not
 * evaluated (no score, `NOT_EVALUATED`); the others are scored as usual.
 */
export abstract class LlmAsJudge<C extends JudgeCriterionBase> implements Evaluator {
  protected readonly evalMetric: EvalMetric;
  protected readonly criterion: C;
  /** The threshold each sample's and invocation's status is judged against. */
  protected readonly threshold: number;
  protected readonly judgeModelOptions: JudgeModelOptions;
  protected readonly judgeModel: BaseLlm;
  private readonly expectedInvocationsRequired: boolean;

  protected constructor(
    evalMetric: EvalMetric,
    criterion: C,
    expectedInvocationsRequired: boolean,
    options: LlmJudgeOptions = {},
  ) {
    this.evalMetric = evalMetric;
    this.criterion = criterion;
    this.expectedInvocationsRequired = expectedInvocationsRequired;
    this.judgeModelOptions = criterion.judgeModelOptions;
    this.threshold = getMetricThreshold(evalMetric);
    this.judgeModel = resolveJudgeModel(this.judgeModelOptions.judgeModel, options.judgeModel);
  }

  /** The judge prompt for one invocation. */
  protected abstract formatAutoRaterPrompt(actual: Invocation, expected?: Invocation): string;

  /** Reads one judge answer for `actual` as a score. */
  protected abstract convertAutoRaterResponseToScore(
    response: LlmResponse,
    actual: Invocation,
  ): AutoRaterScore;

  /** Reduces the samples of one invocation to its result. */
  protected abstract aggregatePerInvocationSamples(
    samples: readonly PerInvocationResult[],
  ): PerInvocationResult;

  /** Reduces the invocations' results to the case's result. */
  protected abstract aggregateInvocationResults(
    results: readonly PerInvocationResult[],
  ): EvaluationResult;

  /**
   * Scores the case. Throws `InvalidArgumentError` when the metric needs
   * expected invocations and has none, or when the two lists differ in
   * length.
   */
  async evaluateInvocations({
    actualInvocations,
    expectedInvocations,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    if (this.expectedInvocationsRequired && expectedInvocations === undefined) {
      throw new InvalidArgumentError({
        message: 'expected_invocations is needed by this metric.',
        argument: 'expectedInvocations',
      });
    }
    checkInvocationLengths(actualInvocations, expectedInvocations);

    const samples: (() => Promise<PerInvocationResult>)[] = [];
    const owners: number[] = [];
    actualInvocations.forEach((actual, index) => {
      const expected = expectedInvocations?.[index];
      const request = buildJudgeRequest(
        this.judgeModelOptions.judgeModel,
        this.judgeModelOptions.judgeModelConfig,
        this.formatAutoRaterPrompt(actual, expected),
        { disableAutomaticFunctionCalling: true },
      );
      for (let sample = 0; sample < this.judgeModelOptions.numSamples; sample++) {
        samples.push(() => this.evaluateSingleSample(structuredClone(request), actual, expected));
        owners.push(index);
      }
    });

    const settled = await runLimited(samples, parallelismLimitOf(this.judgeModelOptions));
    const byInvocation = new Map<number, PromiseSettledResult<PerInvocationResult>[]>();
    settled.forEach((outcome, position) => {
      const index = owners[position] ?? 0;
      if (outcome.status === 'rejected') {
        logger.warn(`Evaluation sample failed for invocation ${index}: ${String(outcome.reason)}`);
      }
      const list = byInvocation.get(index) ?? [];
      list.push(outcome);
      byInvocation.set(index, list);
    });

    const results: PerInvocationResult[] = [];
    for (const index of [...byInvocation.keys()].sort((a, b) => a - b)) {
      const outcomes = byInvocation.get(index) ?? [];
      const actual = actualInvocations[index] as Invocation;
      if (outcomes.some((outcome) => outcome.status === 'rejected')) {
        results.push({
          actualInvocation: actual,
          expectedInvocation: expectedInvocations?.[index],
          score: undefined,
          evalStatus: EvalStatus.NOT_EVALUATED,
        });
      } else {
        results.push(
          this.aggregatePerInvocationSamples(
            outcomes.map(
              (outcome) => (outcome as PromiseFulfilledResult<PerInvocationResult>).value,
            ),
          ),
        );
      }
    }
    if (results.length === 0) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
    }
    return this.aggregateInvocationResults(results);
  }

  private async evaluateSingleSample(
    request: LlmRequest,
    actual: Invocation,
    expected: Invocation | undefined,
  ): Promise<PerInvocationResult> {
    const response = await sampleJudge(this.judgeModel, request);
    if (response === undefined) throw new JudgeNoResponseError({ model: this.judgeModel.model });
    const { score, rubricScores } = this.convertAutoRaterResponseToScore(response, actual);
    return {
      actualInvocation: actual,
      expectedInvocation: expected,
      score,
      evalStatus: evalStatusOf(score, this.threshold),
      rubricScores,
    };
  }
}

/**
 * The `parallelismLimit` of judge model options (newer adk-python spells it
 * there), when it is a positive integer.
 */
function parallelismLimitOf(options: JudgeModelOptions): number | undefined {
  const limit = (options as { parallelismLimit?: unknown }).parallelismLimit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

/**
 * Runs `tasks` at most `limit` at a time (all at once without a limit),
 * started in order, and settles each as `Promise.allSettled` does.
 */
export async function runLimited<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number | undefined,
): Promise<PromiseSettledResult<T>[]> {
  const width = limit === undefined || limit < 1 ? tasks.length : limit;
  const settled: PromiseSettledResult<T>[] = new Array<PromiseSettledResult<T>>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const position = next++;
      const task = tasks[position] as () => Promise<T>;
      try {
        settled[position] = { status: 'fulfilled', value: await task() };
      } catch (reason) {
        settled[position] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return settled;
}
