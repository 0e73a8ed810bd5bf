import type { BaseLlm } from '../../models/base-llm.js';
import { logger } from '../../utils/logger.js';
import type { GenerateContentConfig } from '../../types/index.js';
import { isInvocationEvents, type Invocation, type InvocationEvent } from '../eval-case.js';
import { HallucinationsCriterion } from '../eval-criteria.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import type {
  EvaluateInvocationsRequest,
  EvaluationResult,
  Evaluator,
  PerInvocationResult,
} from '../evaluator.js';
import { evalStatusOf, getMetricThreshold } from '../metric-scoring.js';
import { createHallucinationsContext } from './hallucinations-v1-context.js';
import { HALLUCINATIONS_V1_SEGMENTER_PROMPT } from './hallucinations-v1-segmenter-prompt.js';
import { HALLUCINATIONS_V1_VALIDATOR_PROMPT } from './hallucinations-v1-validator-prompt.js';
import { parseCriterion } from './judge-criterion.js';
import { buildJudgeRequest, resolveJudgeModel, sampleJudge } from './judge-model.js';
import type { LlmJudgeOptions } from './llm-as-judge.js';
import { getTextFromContent } from './llm-as-judge-utils.js';
import { formatPythonTemplate } from './python-format.js';

const POSITIVE_LABELS: ReadonlySet<string> = new Set(['supported', 'not_applicable']);
const NEGATIVE_LABELS: ReadonlySet<string> = new Set(['unsupported', 'contradictory', 'disputed']);

/** One natural-language response to check and the context it is checked against. */
export interface HallucinationsEvaluationStep {
  readonly context: string;
  readonly nlResponse: string;
}

/** One sentence's verdict as the validator wrote it (Python's parsed block). */
export interface SentenceValidation {
  readonly sentence: string;
  readonly label: string;
  readonly rationale: string;
  readonly supportingExcerpt: string | undefined;
  readonly contradictingExcerpt: string | undefined;
}

/** The sentences a segmenter answer holds (Python `_parse_sentences`). */
export function parseSentences(responseText: string): string[] {
  return [...responseText.matchAll(/<sentence>(.*?)<\/sentence>/gs)].map((match) => match[1] ?? '');
}

/**
 * The sentence blocks of a validator answer (Python
 * `_parse_validation_results`): `sentence:`, `label:`, `rationale:`,
 * `supporting_excerpt:`, `contradicting_excerpt:` on consecutive lines (field
 * names in any case), each value trimmed, `null` excerpts absent.
 */
export function parseValidationResults(responseText: string): SentenceValidation[] {
  const pattern =
    /sentence:(.*?)\nlabel:(.*?)\nrationale:(.*?)\nsupporting_excerpt:(.*?)\ncontradicting_excerpt:(.*?)(?=\nsentence:|$)/gis;
  const excerpt = (value: string | undefined): string | undefined => {
    const trimmed = (value ?? '').trim();
    return trimmed.toLowerCase() === 'null' ? undefined : trimmed;
  };
  return [...responseText.trim().matchAll(pattern)].map((match) => ({
    sentence: (match[1] ?? '').trim(),
    label: (match[2] ?? '').trim(),
    rationale: (match[3] ?? '').trim(),
    supportingExcerpt: excerpt(match[4]),
    contradictingExcerpt: excerpt(match[5]),
  }));
}

function mean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/**
 * `hallucinations_v1`: whether the agent's responses hold false,
 * contradictory or unsupported claims, judged in two steps with the
 * reference's prompts: a segmenter splits each natural-language response
 * into sentences, and a validator labels each sentence against the context
 * (instructions, user message, tool declarations, and the tool calls,
 * outputs and texts before it). A response scores the fraction of its
 * sentences labelled `supported` or `not_applicable`; an invocation the mean
 * of its responses' scores (the final response only, or every text of its
 * invocation events too with the criterion's
 * `evaluateIntermediateNlResponses`); the case the mean over invocations
 * that were scored. A judge call that fails leaves that response unscored.
 */
export class HallucinationsV1Evaluator implements Evaluator {
  private readonly criterion: HallucinationsCriterion;
  private readonly threshold: number;
  private readonly judgeModel: BaseLlm;
  private readonly judgeModelName: string;
  private readonly judgeModelConfig: GenerateContentConfig | undefined;

  /**
   * Throws `InvalidArgumentError` when the criterion is not a
   * `HallucinationsCriterion`, and `ModelNotFoundError` for an unknown judge
   * model name when no judge model is given.
   */
  constructor(evalMetric: EvalMetric, options: LlmJudgeOptions = {}) {
    this.criterion = parseCriterion(evalMetric, HallucinationsCriterion, 'HallucinationsCriterion');
    this.threshold = getMetricThreshold(evalMetric);
    this.judgeModelName = this.criterion.judgeModelOptions.judgeModel;
    this.judgeModelConfig = this.criterion.judgeModelOptions.judgeModelConfig;
    this.judgeModel = resolveJudgeModel(this.judgeModelName, options.judgeModel);
  }

  /** Scores each actual invocation; expected invocations and scenarios are not used. */
  async evaluateInvocations({
    actualInvocations,
    expectedInvocations,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    const results: PerInvocationResult[] = [];
    for (const [index, actual] of actualInvocations.entries()) {
      const expected = expectedInvocations?.[index];
      const steps = this.stepsToEvaluate(actual);
      if (steps.length === 0) {
        results.push({
          actualInvocation: actual,
          expectedInvocation: expected,
          score: undefined,
          evalStatus: EvalStatus.NOT_EVALUATED,
          rubricScores: [],
        });
        continue;
      }
      const scores: number[] = [];
      for (const step of steps) {
        const score = await this.evaluateNlResponse(step.nlResponse, step.context);
        if (score !== undefined) scores.push(score);
      }
      const score = mean(scores);
      results.push({
        actualInvocation: actual,
        expectedInvocation: expected,
        score,
        evalStatus: evalStatusOf(score, this.threshold),
        rubricScores: [],
      });
    }
    if (results.length === 0) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
    }
    const overallScore = mean(
      results.map((result) => result.score).filter((score): score is number => score !== undefined),
    );
    if (overallScore === undefined) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: results };
    }
    return {
      overallScore,
      overallEvalStatus: evalStatusOf(overallScore, this.threshold),
      perInvocationResults: results,
    };
  }

  /**
   * The responses of `actual` to check, each with its context (Python
   * `_get_steps_to_evaluate`): with `evaluateIntermediateNlResponses`, every
   * text part of its invocation events, against the events before it; then
   * the final response, against all the events.
   */
  stepsToEvaluate(actual: Invocation): HallucinationsEvaluationStep[] {
    const steps: HallucinationsEvaluationStep[] = [];
    const data = actual.intermediateData;
    const allEvents: readonly InvocationEvent[] =
      data && isInvocationEvents(data) ? data.invocationEvents : [];
    let eventsForContext: InvocationEvent[] = [];
    if (this.criterion.evaluateIntermediateNlResponses) {
      for (const event of allEvents) {
        const texts = (event.content?.parts ?? [])
          .map((part) => part.text)
          .filter((text): text is string => typeof text === 'string' && text !== '');
        if (texts.length > 0) {
          const context = createHallucinationsContext(actual.appDetails, actual, eventsForContext);
          for (const nlResponse of texts) steps.push({ nlResponse, context });
        }
        eventsForContext.push(event);
      }
    } else {
      eventsForContext = [...allEvents];
    }
    const finalText = getTextFromContent(actual.finalResponse);
    if (finalText) {
      steps.push({
        nlResponse: finalText,
        context: createHallucinationsContext(actual.appDetails, actual, eventsForContext),
      });
    }
    return steps;
  }

  private async evaluateNlResponse(
    nlResponse: string,
    context: string,
  ): Promise<number | undefined> {
    let sentences: string[];
    try {
      const segmented = await sampleJudge(
        this.judgeModel,
        buildJudgeRequest(
          this.judgeModelName,
          this.judgeModelConfig,
          formatPythonTemplate(HALLUCINATIONS_V1_SEGMENTER_PROMPT, { response: nlResponse }),
        ),
      );
      const text = getTextFromContent(segmented?.content);
      if (text === undefined) {
        logger.warn('Error during sentence segmentation: the judge gave no text.');
        return undefined;
      }
      sentences = parseSentences(text);
    } catch (error) {
      logger.warn(`Error during sentence segmentation: ${String(error)}`);
      return undefined;
    }
    if (sentences.length === 0) return undefined;

    let validations: SentenceValidation[];
    try {
      const validated = await sampleJudge(
        this.judgeModel,
        buildJudgeRequest(
          this.judgeModelName,
          this.judgeModelConfig,
          formatPythonTemplate(HALLUCINATIONS_V1_VALIDATOR_PROMPT, {
            context,
            sentences: sentences.map((sentence) => `<sentence>${sentence}</sentence>`).join('\n'),
          }),
        ),
      );
      const text = getTextFromContent(validated?.content);
      if (text === undefined) {
        logger.warn('Error during sentence validation: the judge gave no text.');
        return undefined;
      }
      validations = parseValidationResults(text);
    } catch (error) {
      logger.warn(`Error during sentence validation: ${String(error)}`);
      return undefined;
    }

    const scores: number[] = [];
    for (const { label } of validations) {
      const normalized = label.trim().toLowerCase();
      if (POSITIVE_LABELS.has(normalized)) scores.push(1);
      else if (NEGATIVE_LABELS.has(normalized)) scores.push(0);
      else logger.debug(`Unexpected label: ${normalized}`);
    }
    return mean(scores);
  }
}
