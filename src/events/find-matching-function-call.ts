import type { Event } from './event.js';
import { getFunctionCalls } from './event-predicates.js';

/**
 * When the last event answers a function call (has a function response),
 * the earlier event that made that call; otherwise undefined (Python
 * `find_matching_function_call`). The first response in the last event is
 * the one matched.
 */
export function findMatchingFunctionCall(events: readonly Event[]): Event | undefined {
  const last = events[events.length - 1];
  const response = last?.content?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (!response) return undefined;
  return findFunctionCallEvent(events.slice(0, -1), response.id);
}

/** The latest event among `events` that calls the function with id `functionCallId`. */
export function findFunctionCallEvent(
  events: readonly Event[],
  functionCallId: string | undefined,
): Event | undefined {
  if (functionCallId === undefined) return undefined;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (getFunctionCalls(event).some((call) => call.id === functionCallId)) return event;
  }
  return undefined;
}
