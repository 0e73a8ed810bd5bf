import type { Invocation } from '../eval-case.js';
import type { EvalMetric } from '../eval-metrics.js';
import {
  getTextFromContent,
  getToolCallsAndResponsesAsJsonStr,
  toolDeclarationsText,
} from './llm-as-judge-utils.js';
import { formatPythonTemplate } from './python-format.js';
import { RUBRIC_BASED_TOOL_USE_QUALITY_V1_PROMPT } from './rubric-based-tool-use-quality-v1-prompt.js';
import {
  RubricBasedEvaluator,
  type RubricBasedEvaluatorOptions,
} from './rubric-based-evaluator.js';

/** The rubric type of the invocation rubrics this metric takes. */
export const TOOL_USE_QUALITY_RUBRIC_TYPE = 'TOOL_USE_QUALITY';

/**
 * `rubric_based_tool_use_quality_v1`: an LLM judge checks the agent's tool
 * calls (and their responses) against rubrics, with the reference's prompt,
 * which shows the app's tool declarations (when the invocation has app
 * details), the user's message and the tool steps. Scoring as
 * `RubricBasedEvaluator`. Reference-free: expected invocations are ignored.
 */
export class RubricBasedToolUseV1Evaluator extends RubricBasedEvaluator {
  /**
   * Throws `InvalidArgumentError` for a criterion that is not a
   * `RubricsBasedCriterion` with rubrics, and `ModelNotFoundError` for an
   * unknown judge model name when no judge model is given.
   */
  constructor(evalMetric: EvalMetric, options: RubricBasedEvaluatorOptions = {}) {
    super(evalMetric, TOOL_USE_QUALITY_RUBRIC_TYPE, options);
  }

  protected override formatAutoRaterPrompt(actual: Invocation): string {
    return formatPythonTemplate(RUBRIC_BASED_TOOL_USE_QUALITY_V1_PROMPT, {
      tool_declarations: toolDeclarationsText(actual.appDetails),
      user_input: getTextFromContent(actual.userContent),
      tool_usage: getToolCallsAndResponsesAsJsonStr(actual.intermediateData),
      rubrics: this.rubricsText(actual),
    });
  }
}
