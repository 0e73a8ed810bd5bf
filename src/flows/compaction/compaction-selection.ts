import { createEvent, type Event } from '../../events/event.js';
import { getFunctionCalls, getFunctionResponses } from '../../events/event-predicates.js';
import { newUuid } from '../../utils/ids.js';

/*
 * Which events a compaction summarizes (Python `apps/compaction.py`). Pure
 * functions of the session's events, so each trigger is testable alone.
 */

interface CompactionInfo {
  index: number;
  start: number;
  end: number;
  event: Event;
}

/** Compaction events whose range and summary are all set, with their positions. */
function validCompactions(events: readonly Event[]): CompactionInfo[] {
  const compactions: CompactionInfo[] = [];
  events.forEach((event, index) => {
    const compaction = event.actions?.compaction;
    if (
      compaction?.startTimestamp == null ||
      compaction.endTimestamp == null ||
      compaction.compactedContent == null
    ) {
      return;
    }
    compactions.push({
      index,
      start: compaction.startTimestamp,
      end: compaction.endTimestamp,
      event,
    });
  });
  return compactions;
}

/** True when another range contains this one (an equal range subsumes the earlier event). */
function isSubsumed(own: CompactionInfo, compactions: readonly CompactionInfo[]): boolean {
  return compactions.some(
    (other) =>
      other.index !== own.index &&
      other.start <= own.start &&
      other.end >= own.end &&
      (other.start < own.start || other.end > own.end || other.index > own.index),
  );
}

/** The latest compaction event no other range contains (Python `_latest_compaction_event`). */
export function latestCompactionEvent(events: readonly Event[]): Event | undefined {
  const compactions = validCompactions(events);
  for (let at = compactions.length - 1; at >= 0; at--) {
    if (!isSubsumed(compactions[at]!, compactions)) return compactions[at]!.event;
  }
  return undefined;
}

/** Function-call ids made in the session and never answered (Python `_pending_function_call_ids`). */
export function pendingFunctionCallIds(events: readonly Event[]): Set<string> {
  const calls = new Set<string>();
  const responses = new Set<string>();
  for (const event of events) {
    for (const call of getFunctionCalls(event)) if (call.id) calls.add(call.id);
    for (const response of getFunctionResponses(event)) if (response.id) responses.add(response.id);
  }
  for (const id of responses) calls.delete(id);
  return calls;
}

/** The events before the first one that makes a pending call: a call waiting for its answer is never compacted. */
function truncateBeforePendingFunctionCall(
  events: readonly Event[],
  pendingIds: ReadonlySet<string>,
): Event[] {
  if (pendingIds.size === 0) return [...events];
  const stop = events.findIndex((event) =>
    getFunctionCalls(event).some((call) => call.id !== undefined && pendingIds.has(call.id)),
  );
  return stop === -1 ? [...events] : events.slice(0, stop);
}

/**
 * Where to split the candidates so that no retained function response loses
 * its call to the summary (Python `_safe_token_compaction_split_index`): the
 * latest index at or before `length - retention` from which every response
 * of the retained tail has its call in the tail too; 0 when there is none.
 */
function safeSplitIndex(candidates: readonly Event[], retention: number): number {
  const initialSplit = candidates.length - retention;
  if (initialSplit <= 0) return 0;
  const unmatched = new Set<string>();
  for (let index = candidates.length - 1; index >= 0; index--) {
    const event = candidates[index]!;
    for (const response of getFunctionResponses(event)) if (response.id) unmatched.add(response.id);
    for (const call of getFunctionCalls(event)) if (call.id) unmatched.delete(call.id);
    if (unmatched.size === 0 && index <= initialSplit) return index;
  }
  return 0;
}

/**
 * What token-threshold compaction summarizes (Python
 * `_events_to_compact_for_token_threshold`): the events after the latest
 * summary's range, but the newest `eventRetentionSize` (moved earlier so a
 * kept response keeps its call) and anything from a pending call on. When a
 * summary exists, it leads the list as a `model` event at its range's
 * start, so the new summary rolls it up and its range contains the old one.
 * Empty when there is nothing to summarize.
 */
export function eventsToCompactForTokenThreshold(
  events: readonly Event[],
  eventRetentionSize: number,
): Event[] {
  const latest = latestCompactionEvent(events);
  const lastEnd = latest?.actions.compaction?.endTimestamp ?? 0;
  const candidates = events.filter(
    (event) => !event.actions?.compaction && event.timestamp > lastEnd,
  );
  if (candidates.length <= eventRetentionSize) return [];
  const split =
    eventRetentionSize === 0 ? candidates.length : safeSplitIndex(candidates, eventRetentionSize);
  const toCompact = truncateBeforePendingFunctionCall(
    candidates.slice(0, split),
    pendingFunctionCallIds(events),
  );
  if (toCompact.length === 0) return [];
  const previous = latest?.actions.compaction;
  if (previous?.startTimestamp == null || previous.compactedContent == null) return toCompact;
  const seed = createEvent({
    timestamp: previous.startTimestamp,
    author: 'model',
    content: previous.compactedContent,
    ...(latest!.branch === undefined ? {} : { branch: latest!.branch }),
    invocationId: newUuid(),
  });
  return [seed, ...toCompact];
}

/**
 * What sliding-window compaction summarizes (Python
 * `_run_compaction_for_sliding_window`), or empty when it does not trigger.
 * Invocations are ordered by first appearance; an invocation is new when
 * its latest event is after the end of the latest summary (the last
 * compaction event in the session). With at least `compactionInterval` new
 * invocations, the window runs from the first event of the invocation
 * `overlapSize` before the first new one to the last event of the last new
 * one, without compaction events and cut before any pending function call.
 */
export function eventsToCompactForSlidingWindow(
  events: readonly Event[],
  compactionInterval: number,
  overlapSize: number,
): Event[] {
  let lastEnd = 0;
  for (let index = events.length - 1; index >= 0; index--) {
    const end = events[index]!.actions?.compaction?.endTimestamp;
    if (end) {
      lastEnd = end;
      break;
    }
  }
  const latestByInvocation = new Map<string, number>();
  for (const event of events) {
    if (!event.invocationId || event.actions?.compaction) continue;
    const seen = latestByInvocation.get(event.invocationId) ?? 0;
    latestByInvocation.set(event.invocationId, Math.max(seen, event.timestamp));
  }
  const invocationIds = [...latestByInvocation.keys()];
  const newIds = invocationIds.filter((id) => latestByInvocation.get(id)! > lastEnd);
  if (newIds.length < compactionInterval) return [];
  const endId = newIds[newIds.length - 1]!;
  const startId = invocationIds[Math.max(0, invocationIds.indexOf(newIds[0]!) - overlapSize)]!;
  let last = -1;
  for (let index = events.length - 1; index >= 0; index--) {
    if (events[index]!.invocationId === endId) {
      last = index;
      break;
    }
  }
  const first = events.findIndex((event) => event.invocationId === startId);
  if (last === -1 || first === -1) return [];
  const window = events.slice(first, last + 1).filter((event) => !event.actions?.compaction);
  return truncateBeforePendingFunctionCall(window, pendingFunctionCallIds(events));
}
