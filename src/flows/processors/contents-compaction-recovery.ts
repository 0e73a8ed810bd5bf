import { getFunctionCalls, getFunctionResponses } from '../../events/event-predicates.js';
import type { HistoryEvent } from './contents-history-event.js';

/**
 * Puts back the function calls a summary swallowed while a response to them
 * survived it (Python `_recover_compacted_function_calls`). The usual case
 * is a long-running tool: its call and placeholder response were
 * summarized, and the real result arrived later. For each response whose
 * call is missing from `events` (after compaction), the first event of
 * `sourceEvents` (before compaction) that made the call is inserted right
 * before the first surviving response to it, whole, so that the thought
 * signature on its first part is kept. The newest response of each sibling
 * call that compaction removed is inserted after it, so that no sibling
 * looks pending. Returns `events` itself when nothing is missing.
 */
export function recoverCompactedFunctionCalls(
  events: HistoryEvent[],
  sourceEvents: readonly HistoryEvent[],
): HistoryEvent[] {
  const callIds = new Set<string>();
  const responseIds = new Set<string>();
  for (const event of events) {
    for (const call of getFunctionCalls(event)) if (call.id) callIds.add(call.id);
    for (const response of getFunctionResponses(event))
      if (response.id) responseIds.add(response.id);
  }
  const orphaned = new Set([...responseIds].filter((id) => !callIds.has(id)));
  if (orphaned.size === 0) return events;
  const callEvents = new Map<string, HistoryEvent>();
  for (const event of sourceEvents) {
    for (const call of getFunctionCalls(event)) {
      if (call.id && orphaned.has(call.id) && !callEvents.has(call.id)) {
        callEvents.set(call.id, event);
      }
    }
  }
  if (callEvents.size === 0) return events;
  // The newest response per id (ties: the later one in the session).
  const latestResponses = new Map<string, HistoryEvent>();
  for (const event of sourceEvents) {
    for (const response of getFunctionResponses(event)) {
      if (!response.id) continue;
      const existing = latestResponses.get(response.id);
      if (!existing || event.timestamp >= existing.timestamp)
        latestResponses.set(response.id, event);
    }
  }
  const result: HistoryEvent[] = [];
  const reinjected = new Set<string>();
  for (const event of events) {
    for (const response of getFunctionResponses(event)) {
      const id = response.id;
      if (!id || reinjected.has(id)) continue;
      const callEvent = callEvents.get(id);
      if (!callEvent) continue;
      result.push(callEvent);
      const siblings = getFunctionCalls(callEvent)
        .map((call) => call.id)
        .filter((sibling): sibling is string => Boolean(sibling));
      for (const sibling of siblings) reinjected.add(sibling);
      for (const sibling of siblings) {
        if (responseIds.has(sibling)) continue;
        const siblingResponse = latestResponses.get(sibling);
        if (siblingResponse) result.push(siblingResponse);
      }
    }
    result.push(event);
  }
  return result;
}
