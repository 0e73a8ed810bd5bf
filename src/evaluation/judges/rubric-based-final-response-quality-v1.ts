import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { AppDetails } from '../app-details.js';
import { isInvocationEvents, type Invocation } from '../eval-case.js';
import type { EvalMetric } from '../eval-metrics.js';
import {
  getTextFromContent,
  getTextFromInvocation,
  getToolCallsAndResponsesAsJsonStr,
  toolDeclarationsText,
} from './llm-as-judge-utils.js';
import { formatPythonTemplate } from './python-format.js';
import { RUBRIC_BASED_FINAL_RESPONSE_QUALITY_V1_PROMPT } from './rubric-based-final-response-quality-v1-prompt.js';
import {
  RubricBasedEvaluator,
  type RubricBasedEvaluatorOptions,
} from './rubric-based-evaluator.js';

/** The rubric type of the invocation rubrics this metric takes. */
export const FINAL_RESPONSE_QUALITY_RUBRIC_TYPE = 'FINAL_RESPONSE_QUALITY';

/**
 * The developer instructions of `agentName` (Python
 * `AppDetails.get_developer_instructions`); an agent the app does not have
 * throws `InvalidArgumentError`.
 */
export function getDeveloperInstructions(appDetails: AppDetails, agentName: string): string {
  const details = Object.hasOwn(appDetails.agentDetails, agentName)
    ? appDetails.agentDetails[agentName]
    : undefined;
  if (details === undefined) {
    throw new InvalidArgumentError({
      message: `\`${agentName}\` not found in the agentic system.`,
      argument: 'agentName',
    });
  }
  return details.instructions;
}

/**
 * `rubric_based_final_response_quality_v1`: an LLM judge checks the agent's
 * final answer against rubrics, using as evidence only the tool calls and
 * responses of the invocation, with the reference's prompt. The prompt shows
 * the developer instructions of the agent that authored the first event,
 * the app's tool declarations (when the invocation has app details), the
 * user's message, the tool steps and the final answer (with the
 * intermediate responses first when the criterion's
 * `includeIntermediateResponsesInFinal` is set). Scoring as
 * `RubricBasedEvaluator`. Reference-free: expected invocations are ignored.
 */
export class RubricBasedFinalResponseQualityV1Evaluator extends RubricBasedEvaluator {
  /**
   * Throws `InvalidArgumentError` for a criterion that is not a
   * `RubricsBasedCriterion` with rubrics, and `ModelNotFoundError` for an
   * unknown judge model name when no judge model is given.
   */
  constructor(evalMetric: EvalMetric, options: RubricBasedEvaluatorOptions = {}) {
    super(evalMetric, FINAL_RESPONSE_QUALITY_RUBRIC_TYPE, options);
  }

  protected override formatAutoRaterPrompt(actual: Invocation): string {
    const includeIntermediate =
      (this.criterion as { includeIntermediateResponsesInFinal?: boolean })
        .includeIntermediateResponsesInFinal === true;
    let developerInstructions = '';
    const data = actual.intermediateData;
    if (actual.appDetails && data && isInvocationEvents(data) && data.invocationEvents.length > 0) {
      developerInstructions = getDeveloperInstructions(
        actual.appDetails,
        data.invocationEvents[0]?.author ?? '',
      );
    }
    return formatPythonTemplate(RUBRIC_BASED_FINAL_RESPONSE_QUALITY_V1_PROMPT, {
      developer_instructions: developerInstructions,
      tool_declarations: toolDeclarationsText(actual.appDetails),
      user_input: getTextFromContent(actual.userContent),
      response_steps: getToolCallsAndResponsesAsJsonStr(data),
      final_response: getTextFromInvocation(actual, includeIntermediate),
      rubrics: this.rubricsText(actual),
    });
  }
}
