import { ReadonlyContext } from '../../context/readonly-context.js';
import { getFunctionCalls, getFunctionResponses } from '../../events/event-predicates.js';
import { ToolConfirmation } from '../../events/tool-confirmation.js';
import type { FunctionCall } from '../../types/index.js';
import {
  handleFunctionCallListAsync,
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
} from '../functions.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { setOwn } from '../../utils/get-own.js';

/**
 * Resumes confirmed tool calls (spec 000 Appendix A #3, Python
 * `request_confirmation`): when the user's latest message answers
 * `adk_request_confirmation` calls, the original calls they refer to run
 * again with the answers as their `toolConfirmation`, unless they already
 * ran after the answer. Turns without such answers pass through.
 */
export const requestConfirmationRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, _request, agent) {
    const events = context.session.events;
    const answers = new Map<string, ToolConfirmation>();
    let answerIndex = -1;
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index]!;
      if (event.author !== 'user') continue;
      const responses = getFunctionResponses(event);
      if (responses.length === 0) return;
      for (const response of responses) {
        if (response.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME || response.id === undefined)
          continue;
        answers.set(response.id, parseConfirmation(response.response));
      }
      answerIndex = index;
      break;
    }
    if (answers.size === 0) return;

    for (let index = events.length - 2; index >= 0; index--) {
      const calls = getFunctionCalls(events[index]!);
      if (calls.length === 0) continue;
      const confirmations: Record<string, ToolConfirmation> = {};
      const originals = new Map<string, FunctionCall>();
      for (const call of calls) {
        const answer = call.id === undefined ? undefined : answers.get(call.id);
        const original = (call.args as { originalFunctionCall?: FunctionCall } | undefined)
          ?.originalFunctionCall;
        if (!answer || !original?.id) continue;
        setOwn(confirmations, original.id, answer);
        originals.set(original.id, original);
      }
      if (originals.size === 0) continue;
      // Calls that already ran after the answer are not run again.
      for (let later = events.length - 1; later > answerIndex && originals.size > 0; later--) {
        for (const response of getFunctionResponses(events[later]!)) {
          if (response.id !== undefined && originals.has(response.id)) {
            originals.delete(response.id);
            delete confirmations[response.id];
          }
        }
      }
      if (originals.size === 0) continue;
      const tools = await agent.canonicalTools(new ReadonlyContext(context));
      const toolsDict = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      const responseEvent = await handleFunctionCallListAsync({
        context,
        agent,
        functionCalls: [...originals.values()],
        toolsDict,
        filters: new Set(originals.keys()),
        toolConfirmations: confirmations,
      });
      if (responseEvent) yield responseEvent;
      return;
    }
  },
};

// The dev UI wraps its answer as {response: "<json>"}; other clients send the confirmation itself.
function parseConfirmation(response: Record<string, unknown> | undefined): ToolConfirmation {
  const keys = response ? Object.keys(response) : [];
  if (
    response &&
    keys.length === 1 &&
    keys[0] === 'response' &&
    typeof response['response'] === 'string'
  ) {
    return ToolConfirmation.parse(JSON.parse(response['response']));
  }
  return ToolConfirmation.parse(response ?? {});
}
