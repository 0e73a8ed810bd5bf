import { UnmatchedFunctionResponseError } from '../errors/unmatched-function-response-error.js';
import { getFunctionCalls, getFunctionResponses } from '../events/event-predicates.js';
import type { Event } from '../events/event.js';
import type { Content } from '../types/index.js';
import { pythonRepr } from '../utils/python-repr.js';

/**
 * Throws `UnmatchedFunctionResponseError` (400) when `message` carries
 * function responses and none of their ids answers a function call made in
 * `events` (a response without an id answers nothing). The run would store
 * the message and then fail building the model's history, with the message
 * Python's contents processor raises (`No function call event found for
 * function responses ids: {…}`), so the API refuses it first: it is the
 * client's mistake, usually a wrong or missing `id`. Responses that answer
 * a call are left to the run, which pairs them as Python does.
 */
export function assertFunctionResponsesAnswerCalls(
  message: Content | undefined,
  events: readonly Event[],
): void {
  if (!message) return;
  const responseIds = getFunctionResponses({ content: message }).map((response) => response.id);
  if (responseIds.length === 0) return;
  const callIds = new Set<string>();
  for (const event of events) {
    for (const call of getFunctionCalls(event)) if (call.id !== undefined) callIds.add(call.id);
  }
  if (responseIds.some((id) => id !== undefined && callIds.has(id))) return;
  throw new UnmatchedFunctionResponseError({
    message: `No function call event found for function responses ids: ${pythonRepr(new Set(responseIds))}`,
    functionResponseIds: responseIds,
  });
}
