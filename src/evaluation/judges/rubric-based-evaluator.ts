import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { logger } from '../../utils/logger.js';
import type { Invocation } from '../eval-case.js';
import { RubricsBasedCriterion } from '../eval-criteria.js';
import type { EvalMetric } from '../eval-metrics.js';
import type { Rubric, RubricScore } from '../eval-rubrics.js';
import type { EvaluationResult, PerInvocationResult } from '../evaluator.js';
import { parseCriterion } from './judge-criterion.js';
import { LlmAsJudge, type AutoRaterScore, type LlmJudgeOptions } from './llm-as-judge.js';
import { getAverageRubricScore, getTextFromContent } from './llm-as-judge-utils.js';
import {
  MajorityVotePerInvocationResultsAggregator,
  MeanInvocationResultsSummarizer,
  type InvocationResultsSummarizer,
  type PerInvocationResultsAggregator,
} from './rubric-aggregation.js';
import {
  DefaultAutoRaterResponseParser,
  type AutoRaterResponseParser,
} from './rubric-response-parser.js';

/** Options of a rubric-based metric: the judge model, and the strategies it is built from. */
export interface RubricBasedEvaluatorOptions extends LlmJudgeOptions {
  readonly autoRaterResponseParser?: AutoRaterResponseParser;
  readonly perInvocationResultsAggregator?: PerInvocationResultsAggregator;
  readonly invocationResultsSummarizer?: InvocationResultsSummarizer;
}

// Python's `_normalize_text`: how a judge's property text is matched to a rubric.
function normalizeText(text: string | undefined): string {
  return typeof text === 'string' ? text.toLowerCase().trim() : '';
}

/**
 * The base of the rubric-based metrics (Python `RubricBasedEvaluator`). The
 * judge is shown the rubrics in force for an invocation (the criterion's,
 * then the invocation's own of `rubricType`, ids unique) and answers
 * `Property:`/`Rationale:`/`Verdict:` for each. Each verdict is matched back
 * to its rubric by its text (case and surrounding spaces ignored); a sample
 * scores the mean of its rubric scores. Samples of an invocation are reduced
 * per rubric by majority vote, and a case scores the mean of all its
 * invocations' rubric scores, with each rubric's mean in
 * `overallRubricScores`.
 */
export abstract class RubricBasedEvaluator extends LlmAsJudge<RubricsBasedCriterion> {
  protected readonly rubrics: readonly Rubric[];
  private readonly rubricType: string | undefined;
  private readonly parser: AutoRaterResponseParser;
  private readonly aggregator: PerInvocationResultsAggregator;
  private readonly summarizer: InvocationResultsSummarizer;

  /**
   * Throws `InvalidArgumentError` when the criterion is not a
   * `RubricsBasedCriterion` or has no rubrics.
   */
  protected constructor(
    evalMetric: EvalMetric,
    rubricType: string | undefined,
    options: RubricBasedEvaluatorOptions = {},
  ) {
    const criterion = parseCriterion(evalMetric, RubricsBasedCriterion, 'RubricsBasedCriterion');
    if (criterion.rubrics.length === 0) {
      throw new InvalidArgumentError({ message: 'Rubrics are required.', argument: 'evalMetric' });
    }
    super(evalMetric, criterion, false, options);
    this.rubrics = criterion.rubrics;
    this.rubricType = rubricType;
    this.parser = options.autoRaterResponseParser ?? new DefaultAutoRaterResponseParser();
    this.aggregator =
      options.perInvocationResultsAggregator ?? new MajorityVotePerInvocationResultsAggregator();
    this.summarizer = options.invocationResultsSummarizer ?? new MeanInvocationResultsSummarizer();
  }

  /**
   * The rubrics in force for `invocation`: the criterion's, then the
   * invocation's own (only those of this metric's rubric type, when it has
   * one). Two rubrics of one id throw `InvalidArgumentError`.
   */
  effectiveRubrics(invocation: Invocation): Rubric[] {
    const byId = new Map<string, Rubric>();
    const add = (rubrics: readonly Rubric[], scope: string): void => {
      for (const rubric of rubrics) {
        if (byId.has(rubric.rubricId)) {
          throw new InvalidArgumentError({
            message:
              `Rubric with rubric_id '${rubric.rubricId}' already exists. Rubric` +
              ` defined in ${scope} conflicts with an existing rubric.`,
            argument: 'rubrics',
          });
        }
        byId.set(rubric.rubricId, rubric);
      }
    };
    add(this.rubrics, 'criterion');
    const own = invocation.rubrics ?? [];
    add(
      this.rubricType === undefined ? own : own.filter((rubric) => rubric.type === this.rubricType),
      'invocation',
    );
    return [...byId.values()];
  }

  /** The rubrics as the prompt lists them: one `*  <property>` line each. */
  protected rubricsText(invocation: Invocation): string {
    return this.effectiveRubrics(invocation)
      .map((rubric) => `*  ${rubric.rubricContent.textProperty ?? 'None'}`)
      .join('\n');
  }

  protected override convertAutoRaterResponseToScore(
    response: LlmResponse,
    actual: Invocation,
  ): AutoRaterScore {
    const text = getTextFromContent(response.content) ?? '';
    const byText = new Map<string, Rubric>();
    for (const rubric of this.effectiveRubrics(actual)) {
      byText.set(normalizeText(rubric.rubricContent.textProperty), rubric);
    }
    const rubricScores: RubricScore[] = [];
    for (const verdict of this.parser.parse(text)) {
      const rubric = byText.get(normalizeText(verdict.propertyText));
      if (!rubric) {
        logger.warn(
          `Rubric ${String(verdict.propertyText)} not found in the rubrics provided to the metric.`,
        );
        continue;
      }
      rubricScores.push({
        rubricId: rubric.rubricId,
        ...(verdict.rationale === undefined ? {} : { rationale: verdict.rationale }),
        ...(verdict.score === undefined ? {} : { score: verdict.score }),
      });
    }
    return { score: getAverageRubricScore(rubricScores), rubricScores };
  }

  protected override aggregatePerInvocationSamples(
    samples: readonly PerInvocationResult[],
  ): PerInvocationResult {
    return this.aggregator.aggregate(samples, this.threshold);
  }

  protected override aggregateInvocationResults(
    results: readonly PerInvocationResult[],
  ): EvaluationResult {
    return this.summarizer.summarize(results, this.threshold);
  }
}
