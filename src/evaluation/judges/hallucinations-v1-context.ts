import {
  FUNCTION_CALL_CASING_RULE,
  FUNCTION_RESPONSE_CASING_RULE,
} from '../../events/genai-casing.js';
import type { FunctionCall, FunctionResponse } from '../../types/index.js';
import type { AppDetails } from '../app-details.js';
import type { Invocation, InvocationEvent } from '../eval-case.js';
import {
  getTextFromContent,
  getToolDeclarationsAsJsonStr,
  toPythonDump,
} from './llm-as-judge-utils.js';
import { pythonJsonDumps } from '../../utils/python-json.js';

// Python's json.dumps(value, indent=2): ASCII only.
const PYTHON_JSON_INDENTED = { indent: 2, ensureAscii: true };

/**
 * The context a `hallucinations_v1` validator judges a response against
 * (Python `_create_context_for_step`): the developer instructions of every
 * agent of the app that has some (`<agent>:\n<instructions>`, blank line
 * between), the user's message, the tool declarations, then for each event
 * before the step its text, its `tool_calls:` and its `tool_outputs:` (as
 * Python's `json.dumps(..., indent=2)` writes them), each block followed by
 * a blank line.
 */
export function createHallucinationsContext(
  appDetails: AppDetails | undefined,
  invocation: Invocation,
  events: readonly InvocationEvent[],
): string {
  let developerInstructions = '';
  let toolDeclarations = 'Agent has no tools.';
  if (appDetails) {
    const instructions: string[] = [];
    for (const [agentName, details] of Object.entries(appDetails.agentDetails)) {
      if (details.instructions) instructions.push(`${agentName}:\n${details.instructions}`);
    }
    developerInstructions = instructions.join('\n\n');
    toolDeclarations = getToolDeclarationsAsJsonStr(appDetails);
  }
  const parts: string[] = [
    `Developer instructions:\n${developerInstructions}\n`,
    `User prompt:\n${getTextFromContent(invocation.userContent) ?? 'None'}\n`,
    'Tool definitions:',
    `${toolDeclarations}\n`,
  ];
  for (const event of events) {
    const eventParts = event.content?.parts;
    if (!eventParts || eventParts.length === 0) continue;
    const calls: FunctionCall[] = [];
    const responses: FunctionResponse[] = [];
    const texts: string[] = [];
    for (const part of eventParts) {
      if (part.functionCall) calls.push(part.functionCall);
      if (part.functionResponse) responses.push(part.functionResponse);
      if (part.text) texts.push(part.text);
    }
    if (texts.length > 0) parts.push(`${texts.join('\n')}\n`);
    if (calls.length > 0) {
      const dumped = calls.map((call) => toPythonDump(call, FUNCTION_CALL_CASING_RULE, 'toolCall'));
      parts.push('tool_calls:', `${pythonJsonDumps(dumped, PYTHON_JSON_INDENTED)}\n`);
    }
    if (responses.length > 0) {
      const dumped = responses.map((response) =>
        toPythonDump(response, FUNCTION_RESPONSE_CASING_RULE, 'toolResponse'),
      );
      parts.push('tool_outputs:', `${pythonJsonDumps(dumped, PYTHON_JSON_INDENTED)}\n`);
    }
  }
  return parts.join('\n');
}
