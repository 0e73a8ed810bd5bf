import {
  FUNCTION_CALL_CASING_RULE,
  FUNCTION_RESPONSE_CASING_RULE,
  TOOL_CASING_RULE,
} from '../../events/genai-casing.js';
import { convertCasing, toSnakeCase, type CasingRule } from '../../events/json-casing.js';
import type { Content } from '../../types/index.js';
import type { AppDetails } from '../app-details.js';
import {
  getAllToolCallsWithResponses,
  isInvocationEvents,
  type IntermediateDataType,
  type Invocation,
} from '../eval-case.js';
import type { RubricScore } from '../eval-rubrics.js';
import { pythonJsonDumps } from '../../utils/python-json.js';

/**
 * The labels a judge model answers with (Python `Label`). `PARTIALLY_VALID`
 * has three spellings, all read as invalid.
 */
export const Label = {
  TRUE: 'true',
  INVALID: 'invalid',
  VALID: 'valid',
  ALMOST: 'almost',
  FALSE: 'false',
  NOT_FOUND: 'label field not found',
} as const;
/** A label a judge model's verdict is read as. */
export type Label = (typeof Label)[keyof typeof Label];

/** The spellings of Python's `Label.PARTIALLY_VALID`. */
export const PARTIALLY_VALID_LABELS: readonly string[] = [
  'partially_valid',
  'partially valid',
  'partially',
];

/**
 * The text of a content, as Python's `get_text_from_content`: its text parts
 * joined with newlines (`''` when it has parts but no text), or `undefined`
 * (Python `None`) when there is no content or it has no parts.
 */
export function getTextFromContent(content: Content | undefined | null): string | undefined {
  if (!content?.parts || content.parts.length === 0) return undefined;
  return content.parts
    .map((part) => part.text)
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .join('\n');
}

/**
 * The text of an invocation's final response; with
 * `includeIntermediateResponsesInFinal`, the text of its intermediate
 * responses (or of its invocation events) first, one per line, then the
 * final response's, `undefined` when there is none at all (Python
 * `get_text_from_content` given an `Invocation`).
 */
export function getTextFromInvocation(
  invocation: Invocation,
  includeIntermediateResponsesInFinal = false,
): string | undefined {
  if (!includeIntermediateResponsesInFinal) return getTextFromContent(invocation.finalResponse);
  const texts: string[] = [];
  const data = invocation.intermediateData;
  if (data && isInvocationEvents(data)) {
    for (const event of data.invocationEvents) {
      const text = getTextFromContent(event.content);
      if (text) texts.push(text);
    }
  } else if (data) {
    for (const [, parts] of data.intermediateResponses) {
      const text = getTextFromContent({ parts });
      if (text) texts.push(text);
    }
  }
  const finalText = getTextFromContent(invocation.finalResponse);
  if (finalText) texts.push(finalText);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/**
 * The mean of the rubric scores that have a score, or `undefined` when none
 * has (Python `get_average_rubric_score`).
 */
export function getAverageRubricScore(rubricScores: readonly RubricScore[]): number | undefined {
  const scores = rubricScores
    .map((rubricScore) => rubricScore.score)
    .filter((score): score is number => score !== undefined && score !== null);
  if (scores.length === 0) return undefined;
  let total = 0;
  for (const score of scores) total += score;
  return total / scores.length;
}

/**
 * What the judges' prompts show as the tool declarations: the app's tools
 * (`getToolDeclarationsAsJsonStr`), or `Agent has no tools.` for an
 * invocation without app details, as the reference's prompts do.
 */
export function toolDeclarationsText(appDetails: AppDetails | undefined): string {
  return appDetails ? getToolDeclarationsAsJsonStr(appDetails) : 'Agent has no tools.';
}

/**
 * The tools of each agent of the app as the JSON adk-python sends its judges
 * (`get_tool_declarations_as_json_str`: pydantic's two-space indented dump of
 * `{"tool_declarations": {agent: [tool, …]}}`).
 */
export function getToolDeclarationsAsJsonStr(appDetails: AppDetails): string {
  const byAgent: Record<string, unknown[]> = {};
  for (const [name, details] of Object.entries(appDetails.agentDetails)) {
    byAgent[name] = details.toolDeclarations.map((tool) =>
      toPythonDump(tool, TOOL_CASING_RULE, 'toolDeclarations'),
    );
  }
  return pythonJsonDumps({ tool_declarations: byAgent }, { indent: 2 });
}

/**
 * The tool calls of intermediate data, each with its response, as the JSON
 * adk-python sends its judges (`get_tool_calls_and_responses_as_json_str`):
 * `{"tool_calls_and_response": [{"step", "tool_call", "tool_response"}, …]}`,
 * a missing response written as the string `"None"`; or `No intermediate
 * steps were taken.` when there are no tool calls.
 */
export function getToolCallsAndResponsesAsJsonStr(
  intermediateData: IntermediateDataType | undefined,
): string {
  const pairs = getAllToolCallsWithResponses(intermediateData);
  if (pairs.length === 0) return 'No intermediate steps were taken.';
  return pythonJsonDumps(
    {
      tool_calls_and_response: pairs.map(([call, response], step) => ({
        step,
        tool_call: toPythonDump(call, FUNCTION_CALL_CASING_RULE, 'toolCall'),
        tool_response: response
          ? toPythonDump(response, FUNCTION_RESPONSE_CASING_RULE, 'toolResponse')
          : 'None',
      })),
    },
    { indent: 2 },
  );
}

/**
 * A genai (or ADK) object as pydantic's `model_dump(exclude_none=True)`
 * gives it, which is what adk-python's judges are sent: snake_case field
 * names in `rule`'s declaration order, no `None`s, user data as written.
 * Throws `NestingTooDeepError` (naming `argument`) for a value nested too deep.
 */
export function toPythonDump(value: unknown, rule: CasingRule, argument: string): unknown {
  return convertCasing(value, rule, { rename: toSnakeCase, argument });
}
