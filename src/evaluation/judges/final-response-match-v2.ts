import type { LlmResponse } from '../../events/llm-response.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { Invocation } from '../eval-case.js';
import { LlmAsAJudgeCriterion } from '../eval-criteria.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import type { EvaluationResult, PerInvocationResult } from '../evaluator.js';
import { evalStatusOf } from '../metric-scoring.js';
import { FINAL_RESPONSE_MATCH_V2_PROMPT } from './final-response-match-v2-prompt.js';
import { parseCriterion } from './judge-criterion.js';
import { LlmAsJudge, type AutoRaterScore, type LlmJudgeOptions } from './llm-as-judge.js';
import { getTextFromContent, Label, PARTIALLY_VALID_LABELS } from './llm-as-judge-utils.js';
import { majorityVote } from './majority-vote.js';
import { formatPythonTemplate } from './python-format.js';
import { pythonStrip } from './python-strip.js';

// The label field of the judge's answer; it ends at a comma, a new line or a
// closing brace (the reference's regular expressions, unchanged).
const VALID_FIELD =
  /"is_the_agent_response_valid":\s*\[*[\n\s]*"*([^"^\]^\s]*)"*[\n\s]*\]*\s*[,\n}]/;
// Some judges name the field "..._invalid" instead.
const INVALID_FIELD =
  /"is_the_agent_response_invalid":\s*\[*[\n\s]*"*([^"^\]^\s]*)"*[\n\s]*\]*\s*[,\n}]/;
// Python's `strip(r"\s,\}")`: a set of characters, the letter s among them.
const STRIPPED = '\\s,}';

const INVALID_SPELLINGS: readonly string[] = [
  Label.INVALID,
  Label.ALMOST,
  Label.FALSE,
  ...PARTIALLY_VALID_LABELS,
];

/**
 * Reads the verdict of a `final_response_match_v2` judge answer (Python
 * `_parse_critique`): `VALID`, `INVALID`, or `NOT_FOUND` when the label
 * field is missing or holds anything else. Labels are compared as written
 * (case-sensitively), as the reference does.
 */
export function parseFinalResponseMatchCritique(response: string): Label {
  const valid = VALID_FIELD.exec(response);
  if (valid) {
    const label = pythonStrip(valid[1] ?? '', STRIPPED);
    if (INVALID_SPELLINGS.includes(label)) return Label.INVALID;
    if (label === Label.VALID || label === Label.TRUE) return Label.VALID;
    return Label.NOT_FOUND;
  }
  const invalid = INVALID_FIELD.exec(response);
  if (invalid) {
    const label = pythonStrip(invalid[1] ?? '', STRIPPED);
    return label === Label.TRUE || label === Label.INVALID ? Label.INVALID : Label.VALID;
  }
  return Label.NOT_FOUND;
}

/**
 * `final_response_match_v2`: an LLM judge tells whether the agent's final
 * response is valid given the expected (golden) one, with the reference's
 * prompt. Each sample scores 1 (valid) or 0 (invalid); the samples of an
 * invocation are reduced by majority vote (a tie is invalid); the case's
 * score is the fraction of valid invocations among those scored, its status
 * from the criterion's threshold. Needs expected invocations. The criterion
 * is an `LlmAsAJudgeCriterion` (judge model, its config, `numSamples`).
 */
export class FinalResponseMatchV2Evaluator extends LlmAsJudge<LlmAsAJudgeCriterion> {
  /**
   * Throws `InvalidArgumentError` when the metric's criterion is not an
   * `LlmAsAJudgeCriterion`, and `ModelNotFoundError` when no judge model is
   * given and `LLMRegistry` knows none of its name.
   */
  constructor(evalMetric: EvalMetric, options: LlmJudgeOptions = {}) {
    super(
      evalMetric,
      parseCriterion(evalMetric, LlmAsAJudgeCriterion, 'LlmAsAJudgeCriterion'),
      true,
      options,
    );
  }

  protected override formatAutoRaterPrompt(actual: Invocation, expected?: Invocation): string {
    if (expected === undefined) {
      throw new InvalidArgumentError({
        message: 'expected_invocation is required for this metric.',
        argument: 'expectedInvocations',
      });
    }
    return formatPythonTemplate(FINAL_RESPONSE_MATCH_V2_PROMPT, {
      prompt: getTextFromContent(expected.userContent),
      response: getTextFromContent(actual.finalResponse),
      golden_response: getTextFromContent(expected.finalResponse),
    });
  }

  protected override convertAutoRaterResponseToScore(response: LlmResponse): AutoRaterScore {
    const text = getTextFromContent(response.content);
    if (text === undefined) return {};
    const label = parseFinalResponseMatchCritique(text);
    if (label === Label.VALID) return { score: 1 };
    if (label === Label.INVALID) return { score: 0 };
    return {};
  }

  protected override aggregatePerInvocationSamples(
    samples: readonly PerInvocationResult[],
  ): PerInvocationResult {
    return majorityVote(samples);
  }

  /**
   * The fraction of valid invocations among those scored. When none was
   * scored the case is not evaluated (Python divides by zero there).
   */
  protected override aggregateInvocationResults(
    results: readonly PerInvocationResult[],
  ): EvaluationResult {
    let valid = 0;
    let evaluated = 0;
    for (const result of results) {
      if (result.score === undefined || result.evalStatus === EvalStatus.NOT_EVALUATED) continue;
      evaluated += 1;
      valid += result.score;
    }
    if (evaluated === 0) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: results };
    }
    const overallScore = valid / evaluated;
    return {
      overallScore,
      overallEvalStatus: evalStatusOf(overallScore, this.criterion.threshold),
      perInvocationResults: results,
    };
  }
}
