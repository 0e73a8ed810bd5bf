import type { WireContent, WireFunctionCall } from '../api/types';
import type { WireEvalCase, WireInvocation } from './eval-types';

/** A tool call as the eval compares it: its name and arguments (ids are not compared). */
export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

function asToolCall(call: WireFunctionCall): ToolCall {
  return { name: call.name, args: call.args ?? {} };
}

/**
 * The tool calls of an invocation in order, from either form of its
 * intermediate data: IntermediateData's `toolUses`, or the function-call
 * parts of InvocationEvents' events (as Python's `get_all_tool_calls`).
 */
export function toolCallsOf(invocation: WireInvocation | null | undefined): ToolCall[] {
  const data = invocation?.intermediateData;
  if (!data) return [];
  if ('invocationEvents' in data) {
    return data.invocationEvents.flatMap((event) =>
      (event.content?.parts ?? []).flatMap((part) =>
        part.functionCall ? [asToolCall(part.functionCall)] : [],
      ),
    );
  }
  return (data.toolUses ?? []).map(asToolCall);
}

/** The text of a content: its non-thought text parts joined by newlines ('' when none). */
export function contentText(content: WireContent | null | undefined): string {
  return (content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('\n');
}

/**
 * The case with the final response of invocation `index` replaced by one
 * text part `text` (role `model`); every other field is kept as it came.
 * An out-of-range index returns the case unchanged.
 */
export function withExpectedResponse(
  evalCase: WireEvalCase,
  index: number,
  text: string,
): WireEvalCase {
  const conversation = evalCase.conversation;
  if (!conversation || index < 0 || index >= conversation.length) return evalCase;
  return {
    ...evalCase,
    conversation: conversation.map((invocation, position) =>
      position === index
        ? {
            ...invocation,
            finalResponse: { role: invocation.finalResponse?.role ?? 'model', parts: [{ text }] },
          }
        : invocation,
    ),
  };
}
