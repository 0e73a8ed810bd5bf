import type { FunctionCall, FunctionResponse } from '../types/index.js';
import type { Event } from './event.js';

/** The function calls in the event's content, in part order. */
export function getFunctionCalls(event: Pick<Event, 'content'>): FunctionCall[] {
  const calls: FunctionCall[] = [];
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall) calls.push(part.functionCall);
  }
  return calls;
}

/** The function responses in the event's content, in part order. */
export function getFunctionResponses(event: Pick<Event, 'content'>): FunctionResponse[] {
  const responses: FunctionResponse[] = [];
  for (const part of event.content?.parts ?? []) {
    if (part.functionResponse) responses.push(part.functionResponse);
  }
  return responses;
}

/** True when the event's content holds a function call (as `getFunctionCalls(event).length > 0`, without the list). */
export function hasFunctionCalls(event: Pick<Event, 'content'>): boolean {
  for (const part of event.content?.parts ?? []) if (part.functionCall) return true;
  return false;
}

/** True when the event's content holds a function response, without building the list. */
export function hasFunctionResponses(event: Pick<Event, 'content'>): boolean {
  for (const part of event.content?.parts ?? []) if (part.functionResponse) return true;
  return false;
}

/** True when the event's last part is a code-execution result (the model must still read it). */
export function hasTrailingCodeExecutionResult(event: Pick<Event, 'content'>): boolean {
  const parts = event.content?.parts;
  if (!parts || parts.length === 0) return false;
  return parts[parts.length - 1]?.codeExecutionResult != null;
}

/**
 * Whether the event ends the agent's turn (spec 000 §2.4): true when a tool
 * asked to skip summarization or a long-running tool is pending; otherwise
 * true only when the event has no function calls, no function responses, is
 * not partial and does not end with a code-execution result.
 */
export function isFinalResponse(
  event: Pick<Event, 'content' | 'actions' | 'longRunningToolIds' | 'partial'>,
): boolean {
  if (event.actions?.skipSummarization || (event.longRunningToolIds?.length ?? 0) > 0) {
    return true;
  }
  return (
    !hasFunctionCalls(event) &&
    !hasFunctionResponses(event) &&
    !event.partial &&
    !hasTrailingCodeExecutionResult(event)
  );
}

/** The text parts of the event's content joined together, ignoring thoughts; '' when there are none. */
export function stringifyContent(event: Pick<Event, 'content'>): string {
  return (event.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}
