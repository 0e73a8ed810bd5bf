import type { InvocationContext } from '../context/invocation-context.js';

/**
 * The index in the session's events of the first event of `invocationIds`
 * (the invocations a workflow replays), or the number of events when there
 * is none. A workflow's recovery and resume lookups start there: nothing of
 * those invocations, and no answer to one of their calls, comes before it.
 *
 * When only the current invocation is replayed and the Runner recorded its
 * first event (`startEventId`), that event is looked up from the end, where
 * it is, so a long session costs nothing; otherwise every event's invocation
 * is compared.
 */
export function firstReplayedEventIndex(
  invocation: Pick<InvocationContext, 'session' | 'invocationId' | 'startEventId'>,
  invocationIds: ReadonlySet<string>,
): number {
  const events = invocation.session.events;
  const start = invocation.startEventId;
  if (
    start !== undefined &&
    invocationIds.size === 1 &&
    invocationIds.has(invocation.invocationId)
  ) {
    for (let index = events.length - 1; index >= 0; index--) {
      if (events[index]!.id === start) return index;
    }
  }
  let first = events.length;
  for (let index = events.length - 1; index >= 0; index--) {
    if (invocationIds.has(events[index]!.invocationId)) first = index;
  }
  return first;
}
